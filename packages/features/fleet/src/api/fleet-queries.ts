import { type components, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

const BRANCHES = ['fleet', 'branches'] as const;
const VEHICLES = ['fleet', 'vehicles'] as const;

export function useBranchPage(filter: BranchFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...BRANCHES, 'page', filter],
    queryFn: async () => (await fetch.POST('/branches/filter', { body: filter })).data,
    placeholderData: keepPreviousData,
  });
}

export function useVehiclePage(filter: VehicleFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...VEHICLES, 'page', filter],
    queryFn: async () => (await fetch.POST('/vehicles/filter', { body: filter })).data,
    placeholderData: keepPreviousData,
  });
}

/** The active price lists a branch can get (templates are never assigned). */
export function usePriceLists(enabled = true) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: ['fleet', 'price-lists'],
    queryFn: async () =>
      (
        (await fetch.GET('/price-lists', { params: { query: { archived: false } } })).data ?? []
      ).filter((list) => !list.template),
    enabled,
  });
}

/** Active branches, for the vehicle form's branch choice. */
export function useActiveBranches(enabled = true) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...BRANCHES, 'active'],
    queryFn: async () =>
      (
        await fetch.POST('/branches/filter', {
          body: {
            page: 0,
            size: 200,
            archived: false,
            sort: [{ field: 'name', direction: 'asc' }],
          },
        })
      ).data?.data ?? [],
    enabled,
  });
}

export function useVehicleUsageRequirements(licenseClass: LicenseClass | null) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: ['fleet', 'usage-requirements', licenseClass],
    queryFn: async () =>
      (
        await fetch.GET('/vehicles/vehicle-usage-requirements/license-class/{licenseClass}', {
          params: { path: { licenseClass: licenseClass as LicenseClass } },
        })
      ).data,
    enabled: licenseClass !== null,
  });
}

export function useBranchWorkHours(id: number | null) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...BRANCHES, 'work-hours', id],
    queryFn: async () =>
      (await fetch.GET('/branch-work-hours/{id}', { params: { path: { id: id as number } } })).data,
    enabled: id !== null,
  });
}

export function useSaveBranch() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: BranchInput }) =>
      id === undefined
        ? (await fetch.POST('/branches', { body: input })).data
        : (await fetch.PUT('/branches/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCHES }),
  });
}

export function useSaveBranchWorkHours() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, hours }: { id: number; hours: BranchWorkHours }) =>
      (await fetch.PUT('/branch-work-hours/{id}', { params: { path: { id } }, body: hours })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCHES }),
  });
}

export function useArchiveBranch() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/branches/archive', { params: { query: { id, archived } } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCHES }),
  });
}

export function useSaveVehicle() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: VehicleInput }) =>
      id === undefined
        ? (await fetch.POST('/vehicles', { body: input })).data
        : (await fetch.PUT('/vehicles/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VEHICLES }),
  });
}

export function useArchiveVehicle() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/vehicles/archive', { params: { query: { id, archived } } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VEHICLES }),
  });
}
