import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { UserFilter } from './api/users-queries';

export type InstructorListState = ListPaging & { search: string; archived: boolean };

export const INITIAL_INSTRUCTOR_LIST: InstructorListState = {
  search: '',
  archived: false,
  page: 1,
  pageSize: 25,
  sort: { id: 'lastName', desc: false },
};

export function toInstructorFilter(state: InstructorListState): UserFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    sort: toSortOrder<'lastName'>(state.sort),
  };
}
