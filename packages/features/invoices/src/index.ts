export { BillingRunScreen, type BillingRunScreenProps } from './billing-run-screen';
export {
  DocumentDownloadDialog,
  type DocumentDownloadDialogProps,
} from './components/document-download-dialog';
export { INVOICES_NAMESPACE, registerInvoicesTexts } from './i18n';
export {
  PaymentDocumentsScreen,
  type PaymentDocumentsScreenProps,
} from './payment-documents-screen';
