import { FormAlert, invalidProps } from '@fahrwerk/core';
import { Button, ComboBox, DateField, Dialog, Modal, Select, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type Option,
  type Todo,
  type TodoInput,
  useStudentName,
  useStudentSearch,
} from '../api/todo-queries';
import {
  emptyTodoForm,
  formToTodoInput,
  TODO_SERVER_FIELDS,
  type TodoForm,
  todoFormSchema,
  todoToForm,
} from '../schemas/todo-form';
import { applyServerErrors } from '../server-errors';
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

const NONE = 'none';

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
  const { t, text } = useTodosTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [studentSearch, setStudentSearch] = useState('');
  const { control, handleSubmit, setError, watch, formState } = useForm<TodoForm>({
    resolver: zodResolver(todoFormSchema),
    defaultValues: todo ? todoToForm(todo) : emptyTodoForm(),
  });
  const studentId = watch('studentId');
  const students = useStudentSearch(studentSearch);
  const linked = useStudentName(studentId);
  const studentItems = [
    ...(linked.data && !(students.data ?? []).some((s) => s.id === linked.data?.id)
      ? [linked.data]
      : []),
    ...(students.data ?? []),
  ].map((s) => ({ id: String(s.id), label: s.name }));

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToTodoInput(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, TODO_SERVER_FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{text(problem)}</p>
          ))}
        </FormAlert>
      )}
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <TextField
            label={t('fields.title')}
            isRequired
            maxLength={200}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...invalidProps(fieldState.error, text)}
          />
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <TextField
            label={t('fields.description')}
            isMultiline
            rows={4}
            maxLength={5000}
            showRemaining
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...invalidProps(fieldState.error, text)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="dueDate"
          render={({ field, fieldState }) => (
            <DateField
              label={t('fields.dueDate')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.status')}
              isRequired
              items={lookups.statuses.map((o) => ({ id: o.id, label: o.label }))}
              selectedKey={field.value}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.priority')}
              isRequired
              items={lookups.priorities.map((o) => ({ id: o.id, label: o.label }))}
              selectedKey={field.value}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
        <Controller
          control={control}
          name="group"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.group')}
              items={[
                { id: NONE, label: t('form.noGroup') },
                ...lookups.groups.map((o) => ({ id: o.id, label: o.label })),
              ]}
              selectedKey={field.value ?? NONE}
              onSelectionChange={(key) => field.onChange(key === NONE ? null : key)}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
        <Controller
          control={control}
          name="assigneeUserId"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.assignee')}
              items={[
                { id: NONE, label: t('form.noAssignee') },
                ...lookups.users.map((u) => ({ id: String(u.id), label: u.name })),
              ]}
              selectedKey={field.value === null ? NONE : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
        <Controller
          control={control}
          name="studentId"
          render={({ field, fieldState }) => (
            <ComboBox
              label={t('fields.student')}
              description={t('form.studentHint')}
              items={studentItems}
              selectedKey={field.value === null ? null : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === null ? null : Number(key))}
              onInputChange={setStudentSearch}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
