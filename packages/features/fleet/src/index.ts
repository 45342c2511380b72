export { BranchesScreen } from './branches-screen';
export {
  BranchFormDialog,
  type BranchFormDialogProps,
} from './components/branch-form-dialog';
export { InspectionBadge, type InspectionBadgeProps } from './components/inspection-badge';
export { VehicleFormDialog, type VehicleFormDialogProps } from './components/vehicle-form-dialog';
export { WorkHoursDialog, type WorkHoursDialogProps } from './components/work-hours-dialog';
export { FLEET_NAMESPACE, registerFleetTexts } from './i18n';
export {
  berlinToday,
  INSPECTION_WARNING_DAYS,
  type InspectionStatus,
  inspectionStatus,
} from './inspection-status';
export { VehiclesScreen, type VehiclesScreenProps } from './vehicles-screen';
