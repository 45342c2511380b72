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
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { type PriceList, usePriceListMutations, usePriceListPage } from './api/price-queries';
import { PriceListFormDialog } from './components/price-list-form-dialog';
import { errorText } from './error-text';
import { INITIAL_PRICE_LIST_LIST, toPriceListFilter } from './list-filters';
import { PriceListEditorScreen } from './price-list-editor-screen';
import { usePriceListsTranslation } from './use-price-lists-translation';

export type PriceListsScreenProps = {
  /** The list open in the editor (controlled); `null` shows the overview. */
  selectedId?: number | null;
  /** Called when a list is opened (or `null`: back to the overview). */
  onSelect?: (id: number | null) => void;
};

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
  const toast = useToast();
  const { t } = usePriceListsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const [creating, setCreating] = useState(false);
  // The overview's filter is remembered until sign-out.
  const list = useServerList({
    key: 'priceList',
    initial: INITIAL_PRICE_LIST_LIST,
    toFilter: toPriceListFilter,
    usePage: usePriceListPage,
  });
  const { state: filter, query } = list;
  const mutations = usePriceListMutations();
  const { archive, unarchive } = useArchiveFlow<PriceList>(mutations.archive);

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
              else if (action === 'archive') archive(row.original);
              else unarchive(row.original);
            }}
          />
        ),
      },
    ],
    [t, canWrite, archive, unarchive, onOpen],
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
          onChange={(search) => list.update({ search })}
        />
        <Switch isSelected={filter.archived} onChange={(archived) => list.update({ archived })}>
          {t('priceLists.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('priceLists.tableLabel')}
        columns={columns}
        {...list.table}
        onSortChange={(next) => list.update({ sort: next && next.id === 'name' ? next : null })}
        error={errorText(query.error, t)}
        emptyText={t('priceLists.empty')}
        getRowId={(row) => String(row.id)}
      />
      {creating && (
        <PriceListFormDialog
          isOpen
          onOpenChange={setCreating}
          onSubmit={async (input) => {
            const created = await mutations.save.mutateAsync({ input });
            toast.success(t('messages.save_success'));
            onOpen(created.id);
          }}
        />
      )}
    </div>
  );
}
