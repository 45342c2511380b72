import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  type DataTableSort,
  PageHeader,
  SearchField,
  Select,
  Switch,
  toast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Product,
  type ProductFilter,
  type ProductType,
  useArchiveProduct,
  useProductPage,
  useSaveProduct,
} from './api/price-queries';
import { ProductFormDialog } from './components/product-form-dialog';
import { errorText } from './error-text';
import { PRODUCT_TYPES } from './schemas/product-form';
import { usePriceListsTranslation } from './use-price-lists-translation';

const ALL = 'ALL';
type SortField = NonNullable<ProductFilter['sort']>[number]['field'];
const SORTABLE: readonly string[] = ['name', 'type', 'vatRate'];

/**
 * The products of the four kinds (spec 001 §3 "Product"): a kind filter, search and the
 * archive switch over a server-paged table; create, edit and archive for company writers.
 */
export function ProductsScreen() {
  const { t } = usePriceListsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const [kind, setKind] = useState<ProductType | typeof ALL>(ALL);
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);

  const filter: ProductFilter = {
    page: page - 1,
    size: pageSize,
    archived,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(kind === ALL ? {} : { types: [kind] }),
    sort: sort
      ? [{ field: sort.id as SortField, direction: sort.desc ? 'desc' : 'asc' }]
      : [
          { field: 'type', direction: 'asc' },
          { field: 'name', direction: 'asc' },
        ],
  };
  const query = useProductPage(filter);
  const save = useSaveProduct();
  const archive = useArchiveProduct();

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
          ]
        : []),
    ],
    [t, canWrite, archive],
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
          onSelectionChange={(key) => {
            setKind(key as ProductType | typeof ALL);
            setPage(1);
          }}
        />
        <SearchField
          label={t('products.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Switch
          isSelected={archived}
          onChange={(value) => {
            setArchived(value);
            setPage(1);
          }}
        >
          {t('products.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('products.tableLabel')}
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
        onSortChange={(next) => setSort(next && SORTABLE.includes(next.id) ? next : null)}
        isLoading={query.isFetching}
        error={errorText(query.error, t)}
        onRetry={() => query.refetch()}
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
            await save.mutateAsync({
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
