import { type components, useApi } from '@fahrwerk/api';
import { useQuery } from '@tanstack/react-query';

export type OfficeDashboard = components['schemas']['OfficeDashboard'];
export type DashboardTodos = components['schemas']['DashboardTodos'];
export type DashboardVehicleDue = components['schemas']['DashboardVehicleDue'];
export type DashboardFailedDebit = components['schemas']['DashboardFailedDebit'];
export type DashboardExamWindow = components['schemas']['DashboardExamWindow'];
export type DashboardTheoryCourse = components['schemas']['DashboardTheoryCourse'];
export type DashboardRevenue = components['schemas']['DashboardRevenue'];

/** Refreshed while the start page stays open (counts of mail and registrations move). */
export const OFFICE_DASHBOARD_REFRESH_MS = 5 * 60_000;

/**
 * What needs the signed-in user today (`GET /office-dashboard`), in one call. The tiles show a
 * failure themselves, so it does not toast.
 */
export function useOfficeDashboard() {
  const { query } = useApi();
  return useQuery({
    ...query.queryOptions('get', '/office-dashboard'),
    refetchInterval: OFFICE_DASHBOARD_REFRESH_MS,
    meta: { silentError: true },
  });
}
