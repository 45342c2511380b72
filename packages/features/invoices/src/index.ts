export { INVOICES_NAMESPACE, registerInvoicesTexts } from './i18n';
