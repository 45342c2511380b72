import { PRODUCT_TYPES } from '@fahrwerk/api';
import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Product,
  type ProductType,
  useProductMutations,
  useProductPage,
} from './api/price-queries';
import { ProductFormDialog } from './components/product-form-dialog';
import { errorText } from './error-text';
import { ALL_KINDS, INITIAL_PRODUCT_LIST, toProductFilter } from './list-filters';
import { usePriceListsTranslation } from './use-price-lists-translation';

const ALL = ALL_KINDS;
const SORTABLE: readonly string[] = ['name', 'type', 'vatRate'];

/**
 * The products of the four kinds (spec 001 §3 "Product"): a kind filter, search and the
 * archive switch over a server-paged table; create, edit and archive for company writers.
 */
export function ProductsScreen() {
  const toast = useToast();
  const { t } = usePriceListsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const [editing, setEditing] = useState<Product | 'new' | null>(null);

  const list = useServerList({
    initial: INITIAL_PRODUCT_LIST,
    toFilter: toProductFilter,
    usePage: useProductPage,
  });
  const { kind, search, archived } = list.state;
  const { query } = list;
  const mutations = useProductMutations();
  const { archive, unarchive } = useArchiveFlow<Product>(mutations.archive);

  const columns = useMemo<DataTableProps<Product>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('products.columns.name'),
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            <span className="font-medium text-neutral-900">{row.original.name}</span>
            {row.original.archived && <Badge tone="neutral">{t('products.archived')}</Badge>}
          </span>
        ),
      },
      {
        accessorKey: 'type',
        header: t('products.columns.type'),
        cell: ({ row }) =>
          row.original.hourType
            ? `${t(`productTypes.${row.original.type}`)} · ${t(`hourTypes.${row.original.hourType}`)}`
            : t(`productTypes.${row.original.type}`),
      },
      {
        id: 'classes',
        header: t('products.columns.classes'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.licenseClasses.length > 0
            ? row.original.licenseClasses.join(', ')
            : t('allClasses'),
      },
      {
        accessorKey: 'vatRate',
        header: t('products.columns.vatRate'),
        meta: { align: 'end' },
        cell: ({ row }) => t('vat', { rate: row.original.vatRate }),
      },
      {
        id: 'prices',
        header: t('products.columns.prices'),
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => t('products.priceCount', { count: row.original.prices.length }),
      },
      {
        id: 'registration',
        header: t('products.columns.registration'),
        enableSorting: false,
        cell: ({ row }) => (row.original.bookAtStudentRegistrationAllowed ? t('yes') : t('no')),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: t('products.columns.actions'),
              enableSorting: false,
              meta: { align: 'end' as const },
              cell: ({ row }: { row: { original: Product } }) => (
                <ActionMenu
                  label={`${t('actions.more')}: ${row.original.name}`}
                  items={[
                    { id: 'edit', label: t('actions.edit') },
                    row.original.archived
                      ? { id: 'unarchive', label: t('actions.unarchive') }
                      : { id: 'archive', label: t('actions.archive'), isDanger: true },
                  ]}
                  onAction={(action) => {
                    if (action === 'edit') setEditing(row.original);
                    else if (action === 'archive') archive(row.original);
                    else unarchive(row.original);
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, archive, unarchive],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('products.title')}
        description={t('products.description')}
        actions={
          canWrite ? (
            <Button onPress={() => setEditing('new')}>{t('products.new')}</Button>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={t('products.kindFilter')}
          items={[
            { id: ALL, label: t('allKinds') },
            ...PRODUCT_TYPES.map((id) => ({ id, label: t(`productTypes.${id}`) })),
          ]}
          selectedKey={kind}
          onSelectionChange={(key) => list.update({ kind: key as ProductType | typeof ALL })}
        />
        <SearchField
          label={t('products.search')}
          value={search}
          onChange={(value) => list.update({ search: value })}
        />
        <Switch isSelected={archived} onChange={(value) => list.update({ archived: value })}>
          {t('products.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('products.tableLabel')}
        columns={columns}
        {...list.table}
        onSortChange={(next) =>
          list.update({ sort: next && SORTABLE.includes(next.id) ? next : null })
        }
        error={errorText(query.error, t)}
        emptyText={t('products.empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <ProductFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          product={editing === 'new' ? undefined : editing}
          initialType={kind === ALL ? 'DRIVING_LESSON' : kind}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
    </div>
  );
}
