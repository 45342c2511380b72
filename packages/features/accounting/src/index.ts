export { ACCOUNTING_NAMESPACE, registerAccountingTexts } from './i18n';
