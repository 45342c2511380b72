import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { LicenseClass, TheoryCourseFilter } from './api/theory-queries';

/** The course list's filter, remembered per browser under the spec's "theory lesson" key. */
export type TheoryListState = ListPaging & {
  search: string;
  archived: boolean;
  branchId: number | null;
  licenseClass: LicenseClass | null;
  /** `YYYY-MM-DD`: courses ending on or after this day. */
  from: string | null;
  /** `YYYY-MM-DD`: courses starting on or before this day. */
  to: string | null;
};

export const INITIAL_THEORY_LIST: TheoryListState = {
  search: '',
  archived: false,
  branchId: null,
  licenseClass: null,
  from: null,
  to: null,
  page: 1,
  pageSize: 25,
  sort: { id: 'start', desc: true },
};

type CourseSortField = 'shortDescription' | 'start' | 'end' | 'quantity' | 'createdAt';

/** The body of `POST /theory-courses/theory-list/filter`; empty filters are left out. */
export function toTheoryListFilter(state: TheoryListState): TheoryCourseFilter {
  const filter: TheoryCourseFilter = {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
  };
  const search = toSearch(state.search);
  if (search) filter.search = search;
  if (state.branchId !== null) filter.branchId = state.branchId;
  if (state.licenseClass !== null) filter.licenseClass = state.licenseClass;
  if (state.from) filter.from = state.from;
  if (state.to) filter.to = state.to;
  const sort = toSortOrder<CourseSortField>(state.sort);
  if (sort) filter.sort = sort;
  return filter;
}

/** Whether any filter narrows the list (the empty text says "nothing found" then). */
export function isFiltered(state: TheoryListState): boolean {
  return (
    state.search.trim() !== '' ||
    state.archived ||
    state.branchId !== null ||
    state.licenseClass !== null ||
    state.from !== null ||
    state.to !== null
  );
}
