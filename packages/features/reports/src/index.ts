export {
  REPORT_PATHS,
  type ReportExport,
  type ReportFilter,
  type ReportKind,
} from './api/report-queries';
export { ReportFilterBar, type ReportFilterBarProps } from './components/filter-bar';
export {
  InspectionPackForm,
  type InspectionPackFormProps,
} from './components/inspection-pack-form';
export { ReportExportButtons, type ReportExportButtonsProps } from './components/report-export';
export {
  ReportExportsPanel,
  type ReportExportsPanelProps,
} from './components/report-exports-panel';
export {
  SchoolReportButton,
  type SchoolReportButtonProps,
} from './components/school-report-button';
export {
  formatDay,
  formatEuro,
  formatMonth,
  formatMonthNumeric,
  formatNumber,
  formatPercent,
  formatPeriod,
} from './format';
export { REPORTS_NAMESPACE, registerReportsTexts } from './i18n';
export {
  defaultFilter,
  filterFromSearch,
  inspectionPackPeriodError,
  MAX_INSPECTION_PACK_DAYS,
  MAX_SCHOOL_REPORT_DAYS,
  PERIOD_PRESETS,
  type Period,
  type PeriodError,
  type PeriodPreset,
  periodError,
  presetPeriod,
  type ReportFilterState,
  searchOfFilter,
  toReportFilter,
  withPreset,
} from './period';
export { passedExamsPerMonth } from './report-data';
export { AREA_REPORTS, REPORT_AREAS, type ReportArea, reportOfArea } from './report-kinds';
export { BalanceReport } from './reports/balance-report';
export { EducationDurationReport } from './reports/education-duration-report';
export { KmReport } from './reports/km-report';
export { PassedPracticalExamsReport, PassedTheoryExamsReport } from './reports/passed-exams-report';
export { PaymentsReport } from './reports/payments-report';
export { SalesReport } from './reports/sales-report';
export {
  PracticalExamSuccessReport,
  TheoryExamSuccessReport,
} from './reports/success-rate-report';
export { ReportsScreen, type ReportsScreenProps, ReportView } from './reports-screen';
