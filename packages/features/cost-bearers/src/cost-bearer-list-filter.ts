import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { CostBearerFilter, CostBearerSortField } from './api/cost-bearer-queries';

/** The contract's filter lists active or archived rows (`archived`, default false), never both. */
export type StatusFilter = 'active' | 'archived';

/** The list filter kept until sign-out (`costBearer`, spec 000 §7). */
export type CostBearerListFilter = ListPaging & { search: string; status: StatusFilter };

export const INITIAL_COST_BEARER_LIST: CostBearerListFilter = {
  search: '',
  status: 'active',
  sort: { id: 'name', desc: false },
  page: 1,
  pageSize: 25,
};

export function toCostBearerFilter(state: CostBearerListFilter): CostBearerFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    search: toSearch(state.search),
    archived: state.status === 'archived',
    sort: toSortOrder<CostBearerSortField>(state.sort),
  };
}
