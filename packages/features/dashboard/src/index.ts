export {
  type DashboardExamWindow,
  type DashboardFailedDebit,
  type DashboardRevenue,
  type DashboardTheoryCourse,
  type DashboardTodos,
  type DashboardVehicleDue,
  type OfficeDashboard,
  useOfficeDashboard,
} from './api/office-dashboard-queries';
export { DASHBOARD_NAMESPACE, registerDashboardTexts } from './i18n';
export { OfficeDashboardTiles, type OfficeDashboardTilesProps } from './office-dashboard-tiles';
export { formatEuro, revenueChange } from './tile-wording';
