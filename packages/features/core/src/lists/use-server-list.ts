import type { DataTableProps, DataTableSort } from '@fahrwerk/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { type ListFilterKey, useListFilter } from '../list-filters';

/** What every server-paged list keeps besides its own filter fields; `page` starts at 1. */
export type ListPaging = { page: number; pageSize: number; sort: DataTableSort | null };

/** The page the filter calls answer (spec 000 §7): the rows and the number of all rows. */
export type ListPage<T> = { data: T[]; total: number };

export type ServerListOptions<S extends ListPaging, F, T> = {
  /** Remembers the filter until sign-out under this key; without one, it lives with the screen. */
  key?: ListFilterKey;
  initial: S;
  /** The feature's pure mapping from the screen's state to the filter call's body. */
  toFilter: (state: S) => F;
  /** The feature's query hook for one page. */
  usePage: (filter: F) => UseQueryResult<ListPage<T> | undefined, unknown>;
};

export type ServerList<S extends ListPaging, T> = {
  state: S;
  /** Changes filter fields and goes back to the first page. */
  update: (patch: Partial<S>) => void;
  /** Back to the initial filter, keeping the given fields (e.g. the page size). */
  reset: (keep?: Partial<S>) => void;
  query: UseQueryResult<ListPage<T> | undefined, unknown>;
  /** Rows, paging, sort, loading and retry for `DataTable`. */
  table: Pick<
    DataTableProps<T>,
    | 'data'
    | 'total'
    | 'page'
    | 'pageSize'
    | 'onPageChange'
    | 'onPageSizeChange'
    | 'sort'
    | 'onSortChange'
    | 'isLoading'
    | 'onRetry'
  >;
};

/**
 * The one list pattern: a server-paged, sorted list whose filter is remembered (spec 000 §4),
 * where any filter change goes back to page 1.
 *
 * ```tsx
 * const list = useServerList({ key: 'branch', initial, toFilter: toBranchFilter, usePage: useBranchPage });
 * <SearchField value={list.state.search} onChange={(search) => list.update({ search })} />
 * <DataTable {...list.table} columns={columns} error={list.query.isError ? t('…') : undefined} />
 * ```
 */
export function useServerList<S extends ListPaging, F, T>({
  key,
  initial,
  toFilter,
  usePage,
}: ServerListOptions<S, F, T>): ServerList<S, T> {
  const [stored, setState] = useListFilter<S>(key ?? null, initial);
  // A filter remembered by an older version may lack fields.
  const state = { ...initial, ...stored };
  const query = usePage(toFilter(state));
  // `update` and `reset` stay the same functions across renders (effects and memos use them).
  const latest = useRef({ state, initial });
  latest.current = { state, initial };
  const set = useCallback(
    (patch: Partial<S>) => setState({ ...latest.current.state, ...patch }),
    [setState],
  );
  const update = useCallback((patch: Partial<S>) => set({ ...patch, page: 1 }), [set]);
  const reset = useCallback(
    (keep?: Partial<S>) => setState({ ...latest.current.initial, ...keep }),
    [setState],
  );
  return {
    state,
    update,
    reset,
    query,
    table: {
      data: query.data?.data ?? [],
      total: query.data?.total ?? 0,
      page: state.page,
      pageSize: state.pageSize,
      onPageChange: (page) => set({ page } as Partial<S>),
      onPageSizeChange: (pageSize) => set({ pageSize, page: 1 } as Partial<S>),
      sort: state.sort,
      onSortChange: (sort) => set({ sort, page: 1 } as Partial<S>),
      isLoading: query.isFetching,
      onRetry: () => void query.refetch(),
    },
  };
}

/** A filter body's sort from the table's: one `{ field, direction }`, or none. */
export function toSortOrder<F extends string>(
  sort: DataTableSort | null,
): { field: F; direction: 'asc' | 'desc' }[] | undefined {
  return sort ? [{ field: sort.id as F, direction: sort.desc ? 'desc' : 'asc' }] : undefined;
}

/** The search text for a filter body: trimmed, left out when empty. */
export function toSearch(search: string): string | undefined {
  return search.trim() || undefined;
}
