import {
  type ApiFormOf,
  type EditDialogProps,
  FormComboBox,
  FormDateField,
  FormDialog,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns } from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Option,
  type Todo,
  type TodoInput,
  useStudentName,
  useStudentSearch,
} from '../api/todo-queries';
import { emptyTodoForm, formToTodoInput, todoFormSchema, todoToForm } from '../schemas/todo-form';
import { useTodosTranslation } from '../use-todos-translation';

export type TodoLookups = {
  statuses: Option[];
  priorities: Option[];
  groups: Option[];
  users: { id: number; name: string }[];
};

export type TodoFormDialogProps = EditDialogProps<TodoInput> & {
  /** The to-do to edit; a new one without. */
  todo?: Todo;
  lookups: TodoLookups;
};

/** Create or edit a to-do in a modal. */
export function TodoFormDialog({ todo, lookups, onSubmit, ...dialog }: TodoFormDialogProps) {
  const { t } = useTodosTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(todo ? 'form.titleEdit' : 'form.titleNew')}
      schema={todoFormSchema}
      defaultValues={todo ? todoToForm(todo) : emptyTodoForm()}
      submit={(values) => onSubmit(formToTodoInput(values))}
      t={t}
    >
      {(form) => <TodoFields form={form} lookups={lookups} />}
    </FormDialog>
  );
}

/** The fields; the student choice searches as the user types. */
function TodoFields({
  form,
  lookups,
}: {
  form: ApiFormOf<typeof todoFormSchema>;
  lookups: TodoLookups;
}) {
  const { t } = useTodosTranslation();
  const [studentSearch, setStudentSearch] = useState('');
  const { control, watch } = form;
  const studentId = watch('studentId');
  const students = useStudentSearch(studentSearch);
  const linked = useStudentName(studentId);
  const studentOptions = [
    ...(linked.data && !(students.data ?? []).some((s) => s.id === linked.data?.id)
      ? [linked.data]
      : []),
    ...(students.data ?? []),
  ].map((s) => ({ id: s.id, label: s.name }));

  return (
    <>
      <FormTextField
        control={control}
        name="title"
        label={t('fields.title')}
        isRequired
        maxLength={200}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('fields.description')}
        isMultiline
        rows={4}
        maxLength={5000}
        showRemaining
      />
      <FieldColumns>
        <FormDateField control={control} name="dueDate" label={t('fields.dueDate')} />
        <FormSelect
          control={control}
          name="status"
          label={t('fields.status')}
          isRequired
          options={lookups.statuses}
        />
        <FormSelect
          control={control}
          name="priority"
          label={t('fields.priority')}
          isRequired
          options={lookups.priorities}
        />
        <FormSelect
          control={control}
          name="group"
          label={t('fields.group')}
          noneLabel={t('form.noGroup')}
          emptyValue={null}
          options={lookups.groups}
        />
        <FormSelect
          control={control}
          name="assigneeUserId"
          label={t('fields.assignee')}
          noneLabel={t('form.noAssignee')}
          emptyValue={null}
          options={lookups.users.map((u) => ({ id: u.id, label: u.name }))}
        />
        <FormComboBox
          control={control}
          name="studentId"
          label={t('fields.student')}
          description={t('form.studentHint')}
          emptyValue={null}
          options={studentOptions}
          onInputChange={setStudentSearch}
        />
      </FieldColumns>
    </>
  );
}
