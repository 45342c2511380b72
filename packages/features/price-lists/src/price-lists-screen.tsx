import { useCan, useListFilter } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
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
  type PriceList,
  type PriceListFilter,
  useArchivePriceList,
  usePriceListPage,
  useSavePriceList,
} from './api/price-queries';
import { PriceListFormDialog } from './components/price-list-form-dialog';
import { errorText } from './error-text';
import { PriceListEditorScreen } from './price-list-editor-screen';
import { usePriceListsTranslation } from './use-price-lists-translation';

export type PriceListsScreenProps = {
  /** The list open in the editor (controlled); `null` shows the overview. */
  selectedId?: number | null;
  /** Called when a list is opened (or `null`: back to the overview). */
  onSelect?: (id: number | null) => void;
};

/** The remembered filter of the overview (cleared at sign-out). */
type ListFilter = { search: string; archived: boolean };
type SortField = NonNullable<PriceListFilter['sort']>[number]['field'];

/**
 * The school's price lists (spec 001 §3 "Price list"): the overview with the standard mark,
 * search and archive filter; a row opens the editor. Without `selectedId`/`onSelect` the
 * screen keeps the open list itself.
 */
export function PriceListsScreen({ selectedId, onSelect }: PriceListsScreenProps) {
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const open = selectedId !== undefined ? selectedId : ownSelection;
  const select = (id: number | null) => {
    setOwnSelection(id);
    onSelect?.(id);
  };
  if (open !== null) {
    return (
      <PriceListEditorScreen
        key={open}
        priceListId={open}
        onBack={() => select(null)}
        onCopied={(copy) => select(copy.id)}
      />
    );
  }
  return <PriceListOverview onOpen={select} />;
}

function PriceListOverview({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = usePriceListsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const [filter, setFilter] = useListFilter<ListFilter>('priceList', {
    search: '',
    archived: false,
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [creating, setCreating] = useState(false);
  const query = usePriceListPage({
    page: page - 1,
    size: pageSize,
    archived: filter.archived,
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    sort: [
      sort
        ? { field: sort.id as SortField, direction: sort.desc ? 'desc' : 'asc' }
        : { field: 'name', direction: 'asc' },
    ],
  });
  const save = useSavePriceList();
  const archive = useArchivePriceList();

  const columns = useMemo<DataTableProps<PriceList>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('priceLists.columns.name'),
        cell: ({ row }) => (
          <button
            type="button"
            className="text-start font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(row.original.id);
            }}
          >
            {row.original.name}
          </button>
        ),
      },
      {
        id: 'vatRate',
        header: t('priceLists.columns.vatRate'),
        enableSorting: false,
        cell: ({ row }) => t('vat', { rate: row.original.vatRate }),
      },
      {
        id: 'flags',
        header: t('priceLists.columns.flags'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            {row.original.standard && <Badge tone="brand">{t('priceLists.standard')}</Badge>}
            {row.original.template && <Badge tone="neutral">{t('priceLists.template')}</Badge>}
            {row.original.archived && <Badge tone="warning">{t('priceLists.archived')}</Badge>}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('priceLists.columns.actions'),
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => (
          <ActionMenu
            label={`${t('actions.more')}: ${row.original.name}`}
            items={[
              { id: 'open', label: t('priceLists.open') },
              ...(canWrite
                ? [
                    row.original.archived
                      ? { id: 'unarchive', label: t('actions.unarchive') }
                      : {
                          id: 'archive',
                          label: t('actions.archive'),
                          isDanger: true,
                          // The standard list is never archived (server-enforced too).
                          isDisabled: row.original.standard,
                        },
                  ]
                : []),
            ]}
            onAction={(action) => {
              if (action === 'open') onOpen(row.original.id);
              else {
                archive.mutate(
                  { id: row.original.id, archived: action === 'archive' },
                  {
                    onSuccess: () =>
                      toast.success(
                        t(
                          action === 'archive'
                            ? 'messages.archive_success'
                            : 'messages.unarchive_success',
                        ),
                      ),
                  },
                );
              }
            }}
          />
        ),
      },
    ],
    [t, canWrite, archive, onOpen],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('priceLists.title')}
        description={t('priceLists.description')}
        actions={
          canWrite ? (
            <Button onPress={() => setCreating(true)}>{t('priceLists.new')}</Button>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('priceLists.search')}
          value={filter.search}
          onChange={(search) => {
            setFilter({ ...filter, search });
            setPage(1);
          }}
        />
        <Switch
          isSelected={filter.archived}
          onChange={(archived) => {
            setFilter({ ...filter, archived });
            setPage(1);
          }}
        >
          {t('priceLists.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('priceLists.tableLabel')}
        columns={columns}
        data={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        sort={sort}
        onSortChange={(next) => setSort(next && next.id === 'name' ? next : null)}
        isLoading={query.isFetching}
        error={errorText(query.error, t)}
        onRetry={() => query.refetch()}
        emptyText={t('priceLists.empty')}
        getRowId={(row) => String(row.id)}
      />
      {creating && (
        <PriceListFormDialog
          isOpen
          onOpenChange={setCreating}
          onSubmit={async (input) => {
            const created = await save.mutateAsync({ input });
            toast.success(t('messages.save_success'));
            onOpen(created.id);
          }}
        />
      )}
    </div>
  );
}
