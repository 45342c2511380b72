import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { RegistrationFilter, RegistrationStatus } from './api/registration-queries';

export type RegistrationListFilter = ListPaging & {
  search: string;
  read: 'all' | 'unread' | 'read';
  status: RegistrationStatus | 'all';
};

export const INITIAL_REGISTRATION_LIST: RegistrationListFilter = {
  search: '',
  read: 'all',
  status: 'all',
  page: 1,
  pageSize: 25,
  sort: { id: 'createdAt', desc: true },
};

export function toRegistrationFilter(state: RegistrationListFilter): RegistrationFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    search: toSearch(state.search),
    read: state.read === 'all' ? undefined : state.read === 'read',
    processStatuses: state.status === 'all' ? undefined : [state.status],
    sort: toSortOrder<'createdAt'>(state.sort),
  };
}
