import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

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

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

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

export function useSaveBranch() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: BranchInput }) =>
      id === undefined
        ? (await fetch.POST('/branches', { body: input })).data
        : (await fetch.PUT('/branches/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => invalidate('/branches', '/branch-work-hours'),
  });
}

export function useSaveBranchWorkHours() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, hours }: { id: number; hours: BranchWorkHours }) =>
      (await fetch.PUT('/branch-work-hours/{id}', { params: { path: { id } }, body: hours })).data,
    onSuccess: () => invalidate('/branches', '/branch-work-hours'),
  });
}

export function useArchiveBranch() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/branches/archive', { params: { query: { id, archived } } })).data,
    onSuccess: () => invalidate('/branches', '/branch-work-hours'),
  });
}

export function useSaveVehicle() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: VehicleInput }) =>
      id === undefined
        ? (await fetch.POST('/vehicles', { body: input })).data
        : (await fetch.PUT('/vehicles/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => invalidate('/vehicles'),
  });
}

export function useArchiveVehicle() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/vehicles/archive', { params: { query: { id, archived } } })).data,
    onSuccess: () => invalidate('/vehicles'),
  });
}
