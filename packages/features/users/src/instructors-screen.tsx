import { useCan, useListFilter } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  type DataTableSort,
  PageHeader,
  SearchField,
  Switch,
  toast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type User,
  type UserFilter,
  useArchiveUser,
  useBranches,
  useUserPage,
} from './api/users-queries';
import { useUsersTranslation } from './use-users-translation';

type InstructorListFilter = {
  search: string;
  archived: boolean;
  page: number;
  pageSize: number;
  sort: DataTableSort | null;
};

const INITIAL_FILTER: InstructorListFilter = {
  search: '',
  archived: false,
  page: 1,
  pageSize: 25,
  sort: { id: 'lastName', desc: false },
};

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
  const [filter, setFilter] = useListFilter<InstructorListFilter>('instructor', INITIAL_FILTER);
  const [archiving, setArchiving] = useState<User | null>(null);

  const body: UserFilter = {
    page: filter.page - 1,
    size: filter.pageSize,
    archived: filter.archived,
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(filter.sort
      ? {
          sort: [
            {
              field: filter.sort.id as 'lastName',
              direction: filter.sort.desc ? ('desc' as const) : ('asc' as const),
            },
          ],
        }
      : {}),
  };
  const users = useUserPage(body);
  const branches = useBranches();
  const archive = useArchiveUser();
  const branchName = useMemo(
    () => new Map((branches.data ?? []).map((branch) => [branch.id, branch.name])),
    [branches.data],
  );

  const update = (patch: Partial<InstructorListFilter>) =>
    setFilter({ ...filter, page: 1, ...patch });

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
                    else if (action === 'archive') setArchiving(row.original);
                    else
                      archive.mutate(
                        { id: row.original.id, archived: false },
                        { onSuccess: () => toast.success(t('messages.unarchive_success')) },
                      );
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, archive, onOpenUser, branchName],
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
        data={users.data?.data ?? []}
        total={users.data?.total ?? 0}
        page={filter.page}
        pageSize={filter.pageSize}
        onPageChange={(page) => setFilter({ ...filter, page })}
        onPageSizeChange={(pageSize) => update({ pageSize })}
        sort={filter.sort}
        onSortChange={(sort) => update({ sort })}
        isLoading={users.isFetching}
        error={users.isError ? t('common.loadError') : undefined}
        onRetry={() => users.refetch()}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        isOpen={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={t('list.archiveTitle')}
        confirmLabel={t('common.archive')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!archiving) return;
          await archive.mutateAsync({ id: archiving.id, archived: true });
          toast.success(t('messages.archive_success'));
          setArchiving(null);
        }}
      >
        {archiving
          ? t('list.archiveText', { name: `${archiving.firstName} ${archiving.lastName}` })
          : null}
      </ConfirmDialog>
    </div>
  );
}
