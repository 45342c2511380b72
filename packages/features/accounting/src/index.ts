export { AccountingScreen, type AccountingScreenProps } from './accounting-screen';
export { ExportScreen, type ExportScreenProps } from './export-screen';
export { FibuFixScreen, type FibuFixScreenProps } from './fibu-fix-screen';
export { ACCOUNTING_NAMESPACE, registerAccountingTexts } from './i18n';
export { PersoFixScreen, type PersoFixScreenProps } from './perso-fix-screen';
