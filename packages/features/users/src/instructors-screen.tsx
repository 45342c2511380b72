import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  PageHeader,
  SearchField,
  Switch,
} from '@fahrwerk/ui';
import { useMemo } from 'react';
import { type User, useBranches, useUserMutations, useUserPage } from './api/users-queries';
import { INITIAL_INSTRUCTOR_LIST, toInstructorFilter } from './instructor-list-filter';
import { useUsersTranslation } from './use-users-translation';

export type InstructorsScreenProps = {
  onCreate: () => void;
  onOpenUser: (id: number) => void;
};

/**
 * The users of the school (`/instructors`: instructors, office staff, owners) with their
 * roles and branches. Search and the archive switch are remembered (`instructor` filter).
 * Creating and archiving need MODULE_COMPANY_WRITE.
 */
export function InstructorsScreen({ onCreate, onOpenUser }: InstructorsScreenProps) {
  const { t } = useUsersTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const list = useServerList({
    key: 'instructor',
    initial: INITIAL_INSTRUCTOR_LIST,
    toFilter: toInstructorFilter,
    usePage: useUserPage,
  });
  const { state: filter, update } = list;
  const branches = useBranches();
  const { archive, unarchive, dialog } = useArchiveFlow<User>(useUserMutations().archive, {
    title: t('list.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (user) => t('list.archiveText', { name: `${user.firstName} ${user.lastName}` }),
  });
  const branchName = useMemo(
    () => new Map((branches.data ?? []).map((branch) => [branch.id, branch.name])),
    [branches.data],
  );

  const columns = useMemo<DataTableProps<User>['columns']>(
    () => [
      {
        accessorKey: 'lastName',
        header: t('list.columns.name'),
        cell: ({ row }) => (
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => onOpenUser(row.original.id)}
          >
            {row.original.lastName}, {row.original.firstName}
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </button>
        ),
      },
      { accessorKey: 'email', header: t('list.columns.email') },
      {
        id: 'roles',
        header: t('list.columns.roles'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {row.original.roleNames.map((roleName, index) => (
              <Badge key={roleName} tone={index === 0 ? 'brand' : 'neutral'}>
                {roleName}
              </Badge>
            ))}
          </span>
        ),
      },
      {
        id: 'branches',
        header: t('list.columns.branches'),
        enableSorting: false,
        cell: ({ row }) =>
          (row.original.branchIds ?? []).length === 0
            ? t('list.allBranches')
            : (row.original.branchIds ?? []).map((id) => branchName.get(id) ?? `#${id}`).join(', '),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('common.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: User } }) => (
                <ActionMenu
                  label={t('common.actionsFor', {
                    name: `${row.original.firstName} ${row.original.lastName}`,
                  })}
                  items={
                    row.original.archived
                      ? [{ id: 'unarchive', label: t('common.unarchive') }]
                      : [
                          { id: 'edit', label: t('common.edit') },
                          { id: 'archive', label: t('common.archive'), isDanger: true },
                        ]
                  }
                  onAction={(action) => {
                    if (action === 'edit') onOpenUser(row.original.id);
                    else if (action === 'archive') archive(row.original);
                    else unarchive(row.original);
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, archive, unarchive, onOpenUser, branchName],
  );

  const filtered = filter.search.trim() !== '' || filter.archived;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        description={canWrite ? t('list.description') : t('common.readOnly')}
        actions={canWrite ? <Button onPress={onCreate}>{t('list.new')}</Button> : null}
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Switch isSelected={filter.archived} onChange={(archived) => update({ archived })}>
          {t('common.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('list.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.loadError') : undefined}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        getRowId={(row) => String(row.id)}
      />
      {dialog}
    </div>
  );
}
