import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { BranchFilter, LicenseClass, VehicleFilter } from './api/fleet-queries';

export type BranchListState = ListPaging & { search: string; archived: boolean };

export const INITIAL_BRANCH_LIST: BranchListState = {
  search: '',
  archived: false,
  page: 1,
  pageSize: 25,
  sort: { id: 'name', desc: false },
};

export function toBranchFilter(state: BranchListState): BranchFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    sort: toSortOrder<'name'>(state.sort),
  };
}

export type VehicleListState = BranchListState & { licenseClass: LicenseClass | null };

export const INITIAL_VEHICLE_LIST: VehicleListState = {
  ...INITIAL_BRANCH_LIST,
  licenseClass: null,
};

export function toVehicleFilter(state: VehicleListState): VehicleFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    licenseClass: state.licenseClass ?? undefined,
    sort: toSortOrder<'name'>(state.sort),
  };
}
