import type { ListPaging } from '@fahrwerk/core';
import type { ListFilter } from './api/settings-queries';

/** Testing organizations and student categories: the archive switch and paging (sorted by name). */
export type CatalogListState = ListPaging & { archived: boolean };

export const INITIAL_CATALOG_LIST: CatalogListState = {
  archived: false,
  page: 1,
  pageSize: 25,
  sort: null,
};

export function toCatalogFilter(state: CatalogListState): ListFilter {
  return { page: state.page - 1, size: state.pageSize, archived: state.archived };
}

/** The mail accounts: paging only. */
export function toMailAccountFilter(state: ListPaging): { page: number; size: number } {
  return { page: state.page - 1, size: state.pageSize };
}
