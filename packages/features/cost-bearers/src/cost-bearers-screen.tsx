import { useApi } from '@fahrwerk/api';
import { useCan, useListFilter } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  type DataTableSort,
  EmptyState,
  formatMoney,
  PageHeader,
  SearchField,
  Select,
  SelectItem,
  toast,
} from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type CostBearer,
  type CostBearerFilter,
  type CostBearerSortField,
  costBearerPageQuery,
  useArchiveCostBearer,
  useDeleteCostBearer,
  useSaveCostBearer,
} from './api/cost-bearer-queries';
import { CostBearerFormDialog } from './components/cost-bearer-form-dialog';
import { CostBearerDetail } from './cost-bearer-detail';
import { coreText, errorText, useCostBearersTranslation } from './use-cost-bearers-translation';

/** The contract's filter lists active or archived rows (`archived`, default false), never both. */
type StatusFilter = 'active' | 'archived';

/** The list filter kept until sign-out (`useListFilter('costBearer', …)`, spec 000 §7). */
export type CostBearerListFilter = {
  search: string;
  status: StatusFilter;
  sort: DataTableSort | null;
  pageSize: number;
};

const INITIAL_FILTER: CostBearerListFilter = {
  search: '',
  status: 'active',
  sort: { id: 'name', desc: false },
  pageSize: 25,
};

const SORTABLE: readonly CostBearerSortField[] = ['name', 'kind', 'customerNumber', 'balance'];

export type CostBearersScreenProps = {
  /** The open cost bearer (e.g. from the URL); with `onSelect` the host keeps it. */
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
  /** Opens a student's page from the educations tab. */
  onOpenStudent?: (studentId: number) => void;
};

/** `/payers`: the cost bearers with search, archive filter, sort and paging, and the open one's details. */
export function CostBearersScreen({ selectedId, onSelect, onOpenStudent }: CostBearersScreenProps) {
  const { t } = useCostBearersTranslation();
  const api = useApi();
  const canWrite = useCan('MODULE_COST_BEARERS_WRITE');
  const [filter, setFilter] = useListFilter<CostBearerListFilter>('costBearer', INITIAL_FILTER);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState(filter.search);
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const selected = selectedId !== undefined ? selectedId : ownSelection;
  const select = (id: number | null) => {
    setOwnSelection(id);
    onSelect?.(id);
  };
  const [editing, setEditing] = useState<CostBearer | 'new' | null>(null);
  const [archiving, setArchiving] = useState<CostBearer | null>(null);
  const [deleting, setDeleting] = useState<CostBearer | null>(null);
  const save = useSaveCostBearer();
  const archive = useArchiveCostBearer();
  const remove = useDeleteCostBearer();

  // Typing searches after a short pause, so each keystroke does not ask the server.
  useEffect(() => {
    if (searchText === filter.search) return;
    const timer = setTimeout(() => {
      setFilter({ ...filter, search: searchText });
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filter, setFilter]);

  const body: CostBearerFilter = {
    page: page - 1,
    size: filter.pageSize,
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    archived: filter.status === 'archived',
    ...(filter.sort
      ? {
          sort: [
            {
              field: filter.sort.id as CostBearerSortField,
              direction: filter.sort.desc ? 'desc' : 'asc',
            },
          ],
        }
      : {}),
  };
  const query = useQuery({ ...costBearerPageQuery(api, body), meta: { silentError: true } });

  const changeArchived = async (costBearer: CostBearer, archived: boolean) => {
    await archive.mutateAsync({ id: costBearer.id, archived });
    // Spec 000 §7: false gives the unarchive message, otherwise the archive message.
    toast.success(
      coreText(t, archived ? 'messages.archive_success' : 'messages.unarchive_success'),
    );
  };

  // Built each render: the cells call the current `select` and `changeArchived`.
  const columns: DataTableProps<CostBearer>['columns'] = [
    {
      accessorKey: 'name',
      header: t('columns.name'),
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <button
            type="button"
            className="text-start font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={(event) => {
              event.stopPropagation();
              select(row.original.id);
            }}
          >
            {row.original.name}
          </button>
          {row.original.archived ? <Badge tone="warning">{t('list.archivedBadge')}</Badge> : null}
        </span>
      ),
    },
    {
      accessorKey: 'kind',
      header: t('columns.kind'),
      cell: ({ row }) => t(`kind.${row.original.kind}`),
    },
    {
      accessorKey: 'contactPerson',
      header: t('columns.contactPerson'),
      enableSorting: false,
      cell: ({ row }) => row.original.contactPerson ?? '–',
    },
    {
      accessorKey: 'customerNumber',
      header: t('columns.customerNumber'),
      cell: ({ row }) => row.original.customerNumber ?? '–',
    },
    {
      accessorKey: 'balance',
      header: t('columns.balance'),
      meta: { align: 'end' },
      cell: ({ row }) => (
        <span className={row.original.balance < 0 ? 'text-red-700 tabular-nums' : 'tabular-nums'}>
          {formatMoney(row.original.balance)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('list.actions', { name: '' })}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => {
        const costBearer = row.original;
        return (
          <ActionMenu
            label={t('list.actions', { name: costBearer.name })}
            items={[
              { id: 'open', label: t('list.open') },
              ...(canWrite
                ? [
                    { id: 'edit', label: t('list.edit') },
                    costBearer.archived
                      ? { id: 'unarchive', label: t('list.unarchive') }
                      : { id: 'archive', label: t('list.archive'), isDanger: true },
                    { id: 'delete', label: t('list.delete'), isDanger: true },
                  ]
                : []),
            ]}
            onAction={(action) => {
              if (action === 'open') select(costBearer.id);
              if (action === 'edit') setEditing(costBearer);
              if (action === 'archive') setArchiving(costBearer);
              if (action === 'unarchive') void changeArchived(costBearer, false).catch(() => {});
              if (action === 'delete') setDeleting(costBearer);
            }}
          />
        );
      },
    },
  ];

  const nothingYet =
    query.isSuccess &&
    query.data.total === 0 &&
    filter.search === '' &&
    filter.status === 'active' &&
    page === 1;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canWrite ? (
            <Button onPress={() => setEditing('new')}>{t('list.create')}</Button>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label={t('list.search')}
          value={searchText}
          onChange={setSearchText}
          className="min-w-64 flex-1"
        />
        <Select
          label={t('list.status')}
          selectedKey={filter.status}
          onSelectionChange={(key) => {
            setFilter({ ...filter, status: key as StatusFilter });
            setPage(1);
          }}
        >
          <SelectItem id="active">{t('list.statusActive')}</SelectItem>
          <SelectItem id="archived">{t('list.statusArchived')}</SelectItem>
        </Select>
      </div>
      {nothingYet ? (
        <EmptyState
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
          action={
            canWrite ? (
              <Button onPress={() => setEditing('new')}>{t('list.create')}</Button>
            ) : undefined
          }
        />
      ) : (
        <DataTable
          aria-label={t('list.tableLabel')}
          columns={columns}
          data={query.data?.data ?? []}
          total={query.data?.total ?? 0}
          page={page}
          pageSize={filter.pageSize}
          onPageChange={setPage}
          onPageSizeChange={(pageSize) => {
            setFilter({ ...filter, pageSize });
            setPage(1);
          }}
          sort={filter.sort}
          onSortChange={(sort) => {
            if (sort && !SORTABLE.includes(sort.id as CostBearerSortField)) return;
            setFilter({ ...filter, sort });
          }}
          isLoading={query.isFetching}
          error={
            query.isError
              ? (errorText(query.error, t, 'list.loadFailed') ?? t('list.loadFailed'))
              : undefined
          }
          onRetry={() => query.refetch()}
          emptyText={t('list.empty')}
          getRowId={(row) => String(row.id)}
          onRowClick={(row) => select(row.id)}
        />
      )}

      {selected !== null ? (
        <CostBearerDetail
          key={selected}
          costBearerId={selected}
          onEdit={(costBearer) => setEditing(costBearer)}
          onClose={() => select(null)}
          onOpenStudent={onOpenStudent}
        />
      ) : null}

      <CostBearerFormDialog
        isOpen={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        costBearer={editing === 'new' || editing === null ? undefined : editing}
        isPending={save.isPending}
        onSubmit={async (input) => {
          const saved = await save.mutateAsync({
            id: editing === 'new' || editing === null ? undefined : editing.id,
            input,
          });
          toast.success(coreText(t, 'messages.save_success'));
          if (editing === 'new') select(saved.id);
        }}
      />
      <ConfirmDialog
        isOpen={archiving !== null}
        onOpenChange={(open) => {
          if (!open) setArchiving(null);
        }}
        title={t('list.archiveTitle')}
        confirmLabel={t('list.archive')}
        variant="destructive"
        // The dialog closes at once; the result shows as a toast (failures through the global handler).
        onConfirm={() => {
          if (archiving) void changeArchived(archiving, true).catch(() => {});
        }}
      >
        {t('list.archiveText', { name: archiving?.name ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('list.deleteTitle')}
        confirmLabel={t('list.delete')}
        variant="destructive"
        onConfirm={() =>
          deleting
            ? remove.mutateAsync(deleting.id).then(() => {
                if (selected === deleting.id) select(null);
                toast.success(coreText(t, 'messages.delete_success'));
              })
            : undefined
        }
      >
        {t('list.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
