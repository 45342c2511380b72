import {
  type ColumnDef,
  getCoreRowModel,
  type RowData,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Select } from './select';
import { Spinner } from './spinner';
import { cn, focusRing } from './utils';

/**
 * Renders a column's `cell` or `header`: a function is called, not mounted as a component
 * (which is what tanstack's `flexRender` does). Screens build their columns in a `useMemo`
 * that changes when a look-up arrives; mounted, every cell would then be a new component
 * type and React would replace its DOM — an open menu closes, focus is lost, a click in
 * flight lands on a removed node. Called, the cell's elements stay. So renderers must not
 * call hooks (none does; a cell that needs one renders a component of its own).
 */
function renderSlot<TProps>(slot: unknown, props: TProps): ReactNode {
  return typeof slot === 'function'
    ? (slot as (props: TProps) => ReactNode)(props)
    : (slot as ReactNode);
}

declare module '@tanstack/react-table' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-align numbers and amounts. @default 'start' */
    align?: 'start' | 'end';
    /** Classes for this column's header and cells, e.g. a width. */
    className?: string;
  }
}

/** The active sort: one column, ascending or descending (the shape of TanStack's `ColumnSort`). */
export type DataTableSort = { id: string; desc: boolean };

export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export type DataTableProps<TData> = {
  /**
   * TanStack column definitions. With `onSortChange`, every accessor column is sortable
   * unless it sets `enableSorting: false`; `onSortChange` reports the column `id`
   * (for an `accessorKey` column, the key).
   */
  // biome-ignore lint/suspicious/noExplicitAny: column values are of any type
  columns: ColumnDef<TData, any>[];
  /** The rows of the current page (the server pages and sorts). */
  data: TData[];
  /** The number of rows on all pages. */
  total: number;
  /** The current page, starting at 1. */
  page: number;
  pageSize: number;
  /** Called with the new 1-based page. */
  onPageChange: (page: number) => void;
  /** Called with the new page size; the caller usually also goes back to page 1. */
  onPageSizeChange?: (pageSize: number) => void;
  /** @default [10, 25, 50, 100] */
  pageSizeOptions?: readonly number[];
  sort?: DataTableSort | null;
  /** Called when a sortable header is pressed: ascending → descending → unsorted. */
  onSortChange?: (sort: DataTableSort | null) => void;
  /** Shows a spinner (first load) or dims the rows (reload). */
  isLoading?: boolean;
  /** A failure to show instead of rows: a (translated) text, an Error, or `true`. */
  error?: unknown;
  onRetry?: () => void;
  /** @default 'Keine Einträge vorhanden.' */
  emptyText?: ReactNode;
  /** Names the table for assistive technology. */
  'aria-label'?: string;
  /** A stable row id; defaults to the row index. */
  getRowId?: (row: TData, index: number) => string;
  /** Makes rows clickable (also by keyboard through the first cell's content, if it is a link). */
  onRowClick?: (row: TData) => void;
  className?: string;
};

function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** A server-paged, server-sorted table with loading, empty and error states. */
export function DataTable<TData>({
  columns,
  data,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  sort,
  onSortChange,
  isLoading,
  error,
  onRetry,
  emptyText,
  getRowId,
  onRowClick,
  className,
  ...props
}: DataTableProps<TData>) {
  const { t } = useTranslation('ui');
  const sorting: SortingState = sort ? [sort] : [];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const table = useReactTable({
    columns,
    data,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: Boolean(onSortChange),
    rowCount: total,
    pageCount,
    getRowId,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
  });

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const hasError = error !== undefined && error !== null && error !== false;
  const isFirstLoad = isLoading && data.length === 0;
  const columnCount = table.getVisibleLeafColumns().length;

  let body: ReactNode;
  if (hasError) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <ErrorState message={errorText(error) ?? t('table.error')} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (isFirstLoad) {
    body = (
      <tr>
        <td colSpan={columnCount} className="py-12">
          <div className="flex justify-center text-brand-600">
            <Spinner size="lg" />
          </div>
        </td>
      </tr>
    );
  } else if (data.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <EmptyState title={emptyText ?? t('table.empty')} />
        </td>
      </tr>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr
        key={row.id}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        className={cn(
          'border-b border-neutral-100 last:border-b-0',
          onRowClick && 'cursor-pointer hover:bg-brand-50/50',
        )}
      >
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.id}
              className={cn(
                'px-4 py-2.5 align-middle text-neutral-800',
                meta?.align === 'end' && 'text-end tabular-nums',
                meta?.className,
              )}
            >
              {renderSlot(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    ));
  }

  return (
    <div
      className={cn(
        'overflow-hidden rounded-[var(--radius-card)] border border-neutral-200 bg-white',
        className,
      )}
    >
      <div className="relative overflow-x-auto">
        <table
          aria-label={props['aria-label']}
          aria-busy={isLoading || undefined}
          className={cn(
            'w-full border-collapse text-sm',
            isLoading && !isFirstLoad && 'opacity-60',
          )}
        >
          <thead className="bg-neutral-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-neutral-200">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const canSort = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : renderSlot(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={
                        canSort
                          ? direction === 'asc'
                            ? 'ascending'
                            : direction === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                      className={cn(
                        'px-4 py-2.5 text-start text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase',
                        meta?.align === 'end' && 'text-end',
                        meta?.className,
                      )}
                    >
                      {canSort ? (
                        <RACButton
                          onPress={() =>
                            onSortChange?.(
                              direction === 'asc'
                                ? { id: header.column.id, desc: true }
                                : direction === 'desc'
                                  ? null
                                  : { id: header.column.id, desc: false },
                            )
                          }
                          className={({ isFocusVisible, isHovered }) =>
                            cn(
                              '-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase',
                              isHovered && 'text-neutral-900',
                              direction && 'text-neutral-900',
                              focusRing({ isFocusVisible }),
                            )
                          }
                        >
                          {content}
                          {direction === 'asc' ? (
                            <ArrowUp className="size-3.5" aria-hidden="true" />
                          ) : direction === 'desc' ? (
                            <ArrowDown className="size-3.5" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                          )}
                        </RACButton>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
        {isLoading && !isFirstLoad && (
          <div className="absolute inset-0 flex items-center justify-center text-brand-600">
            <Spinner size="lg" />
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-200 bg-neutral-50 px-4 py-2 text-sm text-neutral-700">
        <div className="flex items-center gap-3">
          {onPageSizeChange && (
            <Select<{ id: number; label: string }>
              aria-label={t('table.pageSize')}
              className="[&_button]:h-8 [&_button]:min-w-20"
              selectedKey={pageSize}
              onSelectionChange={(key) => {
                if (key != null) onPageSizeChange(Number(key));
              }}
              items={pageSizeOptions.map((size) => ({ id: size, label: String(size) }))}
            />
          )}
          <span aria-live="polite" data-testid="data-table-range">
            {t('table.range', { from, to, total })}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <span className="me-2">{t('table.page', { page, pages: pageCount })}</span>
          <Button
            variant="quiet"
            size="icon"
            aria-label={t('table.firstPage')}
            isDisabled={page <= 1}
            onPress={() => onPageChange(1)}
          >
            <ChevronsLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="quiet"
            size="icon"
            aria-label={t('table.previousPage')}
            isDisabled={page <= 1}
            onPress={() => onPageChange(page - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="quiet"
            size="icon"
            aria-label={t('table.nextPage')}
            isDisabled={page >= pageCount}
            onPress={() => onPageChange(page + 1)}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="quiet"
            size="icon"
            aria-label={t('table.lastPage')}
            isDisabled={page >= pageCount}
            onPress={() => onPageChange(pageCount)}
          >
            <ChevronsRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
