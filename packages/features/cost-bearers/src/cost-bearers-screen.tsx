import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  EmptyState,
  formatMoney,
  PageHeader,
  SearchField,
  Select,
  SelectItem,
  useToast,
} from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import {
  type CostBearer,
  type CostBearerSortField,
  useCostBearerMutations,
  useCostBearerPage,
} from './api/cost-bearer-queries';
import { CostBearerFormDialog } from './components/cost-bearer-form-dialog';
import { CostBearerDetail, type CostBearerRecordTab } from './cost-bearer-detail';
import {
  INITIAL_COST_BEARER_LIST,
  type StatusFilter,
  toCostBearerFilter,
} from './cost-bearer-list-filter';
import { coreText, errorText, useCostBearersTranslation } from './use-cost-bearers-translation';

export type { CostBearerListFilter } from './cost-bearer-list-filter';

const SORTABLE: readonly CostBearerSortField[] = ['name', 'kind', 'customerNumber', 'balance'];

export type CostBearersScreenProps = {
  /** The open cost bearer (e.g. from the URL); with `onSelect` the host keeps it. */
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
  /** Opens a student's page from the educations tab. */
  onOpenStudent?: (studentId: number) => void;
  /** Tabs of other features in the open cost bearer's record. */
  extraTabs?: CostBearerRecordTab[];
};

/** `/payers`: the cost bearers with search, archive filter, sort and paging, and the open one's details. */
export function CostBearersScreen({
  selectedId,
  onSelect,
  onOpenStudent,
  extraTabs,
}: CostBearersScreenProps) {
  const toast = useToast();
  const { t } = useCostBearersTranslation();
  const canWrite = useCan('MODULE_COST_BEARERS_WRITE');
  const list = useServerList({
    key: 'costBearer',
    initial: INITIAL_COST_BEARER_LIST,
    toFilter: toCostBearerFilter,
    usePage: useCostBearerPage,
  });
  const { state: filter, query } = list;
  const [searchText, setSearchText] = useState(filter.search);
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const selected = selectedId !== undefined ? selectedId : ownSelection;
  const select = (id: number | null) => {
    setOwnSelection(id);
    onSelect?.(id);
  };
  const [editing, setEditing] = useState<CostBearer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CostBearer | null>(null);
  const mutations = useCostBearerMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<CostBearer>(mutations.archive, {
    title: t('list.archiveTitle'),
    confirmLabel: t('list.archive'),
    text: (costBearer) => t('list.archiveText', { name: costBearer.name }),
  });

  // Typing searches after a short pause, so each keystroke does not ask the server.
  useEffect(() => {
    if (searchText === filter.search) return;
    const timer = setTimeout(() => list.update({ search: searchText }), 300);
    return () => clearTimeout(timer);
  }, [searchText, filter.search, list.update]);

  // Built each render: the cells call the current `select`.
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
              if (action === 'archive') archive(costBearer);
              if (action === 'unarchive') unarchive(costBearer);
              if (action === 'delete') setDeleting(costBearer);
            }}
          />
        );
      },
    },
  ];

  const nothingYet =
    query.isSuccess &&
    query.data?.total === 0 &&
    filter.search === '' &&
    filter.status === 'active' &&
    filter.page === 1;

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
          onSelectionChange={(key) => list.update({ status: key as StatusFilter })}
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
          {...list.table}
          onSortChange={(sort) => {
            if (sort && !SORTABLE.includes(sort.id as CostBearerSortField)) return;
            list.update({ sort });
          }}
          error={
            query.isError
              ? (errorText(query.error, t, 'list.loadFailed') ?? t('list.loadFailed'))
              : undefined
          }
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
          extraTabs={extraTabs}
        />
      ) : null}

      <CostBearerFormDialog
        isOpen={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        costBearer={editing === 'new' || editing === null ? undefined : editing}
        onSubmit={async (input) => {
          const saved = await mutations.save.mutateAsync({
            id: editing === 'new' || editing === null ? undefined : editing.id,
            input,
          });
          toast.success(coreText(t, 'messages.save_success'));
          if (editing === 'new') select(saved.id);
        }}
      />
      {dialog}
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
            ? mutations.delete.mutateAsync(deleting.id).then(() => {
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
