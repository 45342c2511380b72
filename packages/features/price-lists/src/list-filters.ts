import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { PriceListFilter, ProductFilter, ProductType } from './api/price-queries';

export const ALL_KINDS = 'ALL';

export type ProductListState = ListPaging & {
  search: string;
  archived: boolean;
  kind: ProductType | typeof ALL_KINDS;
};

export const INITIAL_PRODUCT_LIST: ProductListState = {
  kind: ALL_KINDS,
  search: '',
  archived: false,
  page: 1,
  pageSize: 25,
  sort: null,
};

/** Unsorted, products come by kind, then by name. */
export function toProductFilter(state: ProductListState): ProductFilter {
  type Field = NonNullable<ProductFilter['sort']>[number]['field'];
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    types: state.kind === ALL_KINDS ? undefined : [state.kind],
    sort: toSortOrder<Field>(state.sort) ?? [
      { field: 'type', direction: 'asc' },
      { field: 'name', direction: 'asc' },
    ],
  };
}

export type PriceListListState = ListPaging & { search: string; archived: boolean };

export const INITIAL_PRICE_LIST_LIST: PriceListListState = {
  search: '',
  archived: false,
  page: 1,
  pageSize: 25,
  sort: null,
};

/** Unsorted, price lists come by name. */
export function toPriceListFilter(state: PriceListListState): PriceListFilter {
  type Field = NonNullable<PriceListFilter['sort']>[number]['field'];
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    sort: toSortOrder<Field>(state.sort) ?? [{ field: 'name', direction: 'asc' }],
  };
}
