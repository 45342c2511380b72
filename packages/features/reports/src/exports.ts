// `@fahrwerk/reports/exports`: the report files without the charts — what `/export` loads
// (every report as CSV or Excel), so Recharts comes only with the report screens.
export {
  ReportExportsPanel,
  type ReportExportsPanelProps,
} from './components/report-exports-panel';
