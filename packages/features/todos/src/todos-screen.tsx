import { useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  type BadgeTone,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  formatDate,
  PageHeader,
  SearchField,
  Select,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Todo,
  type TodoStatus,
  useChangeTodoGroup,
  useChangeTodoStatus,
  useTodoLookups,
  useTodoMutations,
  useTodoPage,
} from './api/todo-queries';
import { TodoAttachmentsDialog } from './components/todo-attachments-dialog';
import { TodoFormDialog } from './components/todo-form-dialog';
import { ALL, INITIAL_TODO_LIST, toTodoFilter } from './todo-list-filter';
import { useTodosTranslation } from './use-todos-translation';

const NONE = 'none';

const PRIORITY_TONES: Record<string, BadgeTone> = {
  LOW: 'neutral',
  NORMAL: 'brand',
  HIGH: 'warning',
  URGENT: 'danger',
};

/** The server's label of an option id (the id itself for an option the list lacks). */
const label = (list: { id: string; label: string }[], id: string | undefined) =>
  list.find((o) => o.id === id)?.label ?? id ?? '–';

export type TodosScreenProps = {
  /** Opens the student a to-do is about, e.g. `/students/edit/{id}`. */
  onOpenStudent?: (studentId: number) => void;
};

/**
 * The to-do list (`/todo`): filters by status, priority, group and assignee (remembered
 * per session), create/edit in a dialog, quick status and group change in the row,
 * attachments. Open to-dos first, then by due date, unless a column is sorted. Without
 * MODULE_TASK_WRITE the list is read-only.
 */
export function TodosScreen({ onOpenStudent }: TodosScreenProps) {
  const toast = useToast();
  const { t } = useTodosTranslation();
  const canWrite = useCan('MODULE_TASK_WRITE');
  const list = useServerList({
    key: 'todo',
    initial: INITIAL_TODO_LIST,
    toFilter: toTodoFilter,
    usePage: useTodoPage,
  });
  const { state: filter, update, query: page } = list;
  const [editing, setEditing] = useState<Todo | 'new' | null>(null);
  const [attachmentsOf, setAttachmentsOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Todo | null>(null);
  const lookups = useTodoLookups();
  const statuses = lookups.statuses.data ?? [];
  const priorities = lookups.priorities.data ?? [];
  const groups = lookups.groups.data ?? [];
  const users = lookups.users.data ?? [];

  const mutations = useTodoMutations();
  const changeStatus = useChangeTodoStatus();
  const changeGroup = useChangeTodoGroup();
  const rows = page.data?.data ?? [];
  const attachmentsTodo = rows.find((row) => row.id === attachmentsOf) ?? null;

  const columns = useMemo<DataTableProps<Todo>['columns']>(
    () => [
      {
        accessorKey: 'title',
        header: t('columns.title'),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium text-neutral-900">{row.original.title}</span>
            {row.original.studentId !== undefined && onOpenStudent && (
              <button
                type="button"
                className="self-start text-sm text-brand-700 underline"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpenStudent(row.original.studentId as number);
                }}
              >
                {t('columns.openStudent')}
              </button>
            )}
          </span>
        ),
      },
      {
        accessorKey: 'priority',
        header: t('columns.priority'),
        cell: ({ row }) => (
          <Badge tone={PRIORITY_TONES[row.original.priority] ?? 'neutral'}>
            {label(priorities, row.original.priority)}
          </Badge>
        ),
      },
      {
        accessorKey: 'status',
        header: t('columns.status'),
        cell: ({ row }) =>
          canWrite ? (
            <Select
              aria-label={t('columns.statusOf', { title: row.original.title })}
              items={statuses.map((o) => ({ id: o.id, label: o.label }))}
              selectedKey={row.original.status}
              onSelectionChange={(key) =>
                key !== row.original.status &&
                changeStatus.mutate(
                  { id: row.original.id, status: key as TodoStatus },
                  { onSuccess: () => toast.success(t('messages.save_success')) },
                )
              }
            />
          ) : (
            label(statuses, row.original.status)
          ),
      },
      {
        id: 'group',
        header: t('columns.group'),
        enableSorting: false,
        cell: ({ row }) =>
          canWrite ? (
            <Select
              aria-label={t('columns.groupOf', { title: row.original.title })}
              items={[
                { id: NONE, label: t('form.noGroup') },
                ...groups.map((o) => ({ id: o.id, label: o.label })),
              ]}
              selectedKey={row.original.group ?? NONE}
              onSelectionChange={(key) => {
                const group = key === NONE ? null : String(key);
                if (group === (row.original.group ?? null)) return;
                changeGroup.mutate(
                  { id: row.original.id, group },
                  { onSuccess: () => toast.success(t('messages.save_success')) },
                );
              }}
            />
          ) : (
            label(groups, row.original.group)
          ),
      },
      {
        id: 'assignee',
        header: t('columns.assignee'),
        enableSorting: false,
        cell: ({ row }) => users.find((u) => u.id === row.original.assigneeUserId)?.name ?? '–',
      },
      {
        accessorKey: 'dueDate',
        header: t('columns.dueDate'),
        cell: ({ row }) => (row.original.dueDate ? formatDate(row.original.dueDate) : '–'),
      },
      {
        id: 'attachments',
        header: t('columns.attachments'),
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('columns.attachmentsOf', {
              title: row.original.title,
              count: row.original.attachments.length,
            })}
            onPress={() => setAttachmentsOf(row.original.id)}
          >
            {t('columns.attachmentCount', { count: row.original.attachments.length })}
          </Button>
        ),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('columns.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: Todo } }) => (
                <ActionMenu
                  label={t('columns.actionsFor', { title: row.original.title })}
                  items={[
                    { id: 'edit', label: t('actions.edit') },
                    { id: 'delete', label: t('actions.delete'), isDanger: true },
                  ]}
                  onAction={(action) =>
                    action === 'edit' ? setEditing(row.original) : setDeleting(row.original)
                  }
                />
              ),
            },
          ]
        : []),
    ],
    [
      t,
      canWrite,
      statuses,
      priorities,
      groups,
      users,
      changeStatus,
      changeGroup,
      onOpenStudent,
      toast,
    ],
  );

  const filtered =
    filter.search.trim() !== '' ||
    [filter.status, filter.priority, filter.group, filter.assignee].some((v) => v !== ALL);
  const choice = (list: { id: string; label: string }[], all: string) => [
    { id: ALL, label: all },
    ...list.map((o) => ({ id: o.id, label: o.label })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={canWrite ? t('description') : t('readOnly')}
        actions={canWrite ? <Button onPress={() => setEditing('new')}>{t('new')}</Button> : null}
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('filters.search')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('filters.status')}
          items={choice(statuses, t('filters.all'))}
          selectedKey={filter.status}
          onSelectionChange={(key) => update({ status: String(key) })}
        />
        <Select
          label={t('filters.priority')}
          items={choice(priorities, t('filters.all'))}
          selectedKey={filter.priority}
          onSelectionChange={(key) => update({ priority: String(key) })}
        />
        <Select
          label={t('filters.group')}
          items={choice(groups, t('filters.all'))}
          selectedKey={filter.group}
          onSelectionChange={(key) => update({ group: String(key) })}
        />
        <Select
          label={t('filters.assignee')}
          items={choice(
            users.map((u) => ({ id: String(u.id), label: u.name })),
            t('filters.all'),
          )}
          selectedKey={filter.assignee}
          onSelectionChange={(key) => update({ assignee: String(key) })}
        />
      </div>
      <DataTable
        aria-label={t('table')}
        columns={columns}
        {...list.table}
        error={page.isError ? t('loadError') : undefined}
        emptyText={filtered ? t('emptyFiltered') : t('empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <TodoFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          todo={editing === 'new' ? undefined : editing}
          lookups={{ statuses, priorities, groups, users }}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      {attachmentsTodo && (
        <TodoAttachmentsDialog
          isOpen
          onOpenChange={(open) => !open && setAttachmentsOf(null)}
          todo={attachmentsTodo}
          canWrite={canWrite}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('form.cancel')}
        variant="destructive"
        isPending={mutations.delete.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          await mutations.delete.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
          setDeleting(null);
        }}
      >
        {deleting ? t('deleteText', { title: deleting.title }) : null}
      </ConfirmDialog>
    </div>
  );
}
