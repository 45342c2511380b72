import {
  ApiForm,
  FormComboBox,
  FormDateField,
  FormSelect,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, Dialog, FieldColumns, Modal } from '@fahrwerk/ui';
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

export type TodoFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The to-do to edit; a new one without. */
  todo?: Todo;
  lookups: TodoLookups;
  /** Saves; a rejected promise (ApiError) puts its field errors at the fields. */
  onSubmit: (input: TodoInput) => Promise<unknown>;
};

/** Create or edit a to-do in a modal. */
export function TodoFormDialog({ isOpen, onOpenChange, ...props }: TodoFormDialogProps) {
  const { t } = useTodosTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t(props.todo ? 'form.titleEdit' : 'form.titleNew')}>
        {({ close }) => <TodoFormBody {...props} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function TodoFormBody({
  todo,
  lookups,
  onSubmit,
  onDone,
}: Omit<TodoFormDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTodosTranslation();
  const [studentSearch, setStudentSearch] = useState('');
  const form = useApiForm({
    schema: todoFormSchema,
    defaultValues: todo ? todoToForm(todo) : emptyTodoForm(),
    submit: async (values) => {
      await onSubmit(formToTodoInput(values));
      onDone();
    },
    t,
  });
  const { control, watch, formState } = form;
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
    <ApiForm form={form}>
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
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('form.save')}
        </Button>
      </div>
    </ApiForm>
  );
}
