import { type components, useApi } from '@fahrwerk/api';
import { useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type Branch = components['schemas']['Branch'];
export type BranchInput = components['schemas']['BranchInput'];
export type BranchFilter = components['schemas']['BranchFilter'];
export type BranchWorkHours = components['schemas']['BranchWorkHours'];
export type Vehicle = components['schemas']['Vehicle'];
export type VehicleInput = components['schemas']['VehicleInput'];
export type VehicleFilter = components['schemas']['VehicleFilter'];
export type VehicleKind = components['schemas']['VehicleKind'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type PriceList = components['schemas']['PriceList'];
export type VehicleUsageRequirements = components['schemas']['VehicleUsageRequirements'];

export function useBranchPage(filter: BranchFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/branches/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useVehiclePage(filter: VehicleFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/vehicles/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** The active price lists a branch can get (templates are never assigned). */
export function usePriceLists(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/price-lists',
      { params: { query: { archived: false } } },
      { select: (lists) => lists.filter((list) => !list.template), enabled },
    ),
  );
}

/** Active branches, for the vehicle form's branch choice. */
export function useActiveBranches(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/branches/filter',
      {
        body: {
          page: 0,
          size: 200,
          archived: false,
          sort: [{ field: 'name', direction: 'asc' }],
        },
      },
      { select: (page) => page.data, enabled },
    ),
  );
}

export function useVehicleUsageRequirements(licenseClass: LicenseClass | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/vehicles/vehicle-usage-requirements/license-class/{licenseClass}',
      { params: { path: { licenseClass: licenseClass as LicenseClass } } },
      { enabled: licenseClass !== null },
    ),
  );
}

export function useBranchWorkHours(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/branch-work-hours/{id}',
      { params: { path: { id: id as number } } },
      { enabled: id !== null },
    ),
  );
}

/** Save and archive a branch; its opening hours are refreshed with it. */
export function useBranchMutations() {
  return useResourceMutations('/branches', { alsoRefresh: ['/branch-work-hours'] });
}

/** A branch's opening hours (`update`); the branch list shows its corridor. */
export function useBranchWorkHoursMutations() {
  return useResourceMutations('/branch-work-hours', { alsoRefresh: ['/branches'] });
}

/** Save and archive a vehicle. */
export function useVehicleMutations() {
  return useResourceMutations('/vehicles');
}
