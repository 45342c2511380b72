import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { BroadcastFilter, BroadcastState } from './api/broadcast-queries';

/** A choice filter that filters nothing. */
export const ALL = 'all';

export type BroadcastListFilter = ListPaging & {
  search: string;
  state: BroadcastState | typeof ALL;
  archived: boolean;
};

export const INITIAL_BROADCAST_LIST: BroadcastListFilter = {
  search: '',
  state: ALL,
  archived: false,
  page: 1,
  pageSize: 25,
  sort: null,
};

type SortField = NonNullable<BroadcastFilter['sort']>[number]['field'];

/** The screen's filter as the body of `POST /broadcasts/filter` (newest first unless sorted). */
export function toBroadcastFilter(state: BroadcastListFilter): BroadcastFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    states: state.state === ALL ? undefined : [state.state],
    sort: toSortOrder<SortField>(state.sort) ?? [{ field: 'id', direction: 'desc' }],
  };
}
