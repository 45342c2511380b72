export type { ManualDocumentType, Payer } from './api/form-queries';
export { BillingRunScreen, type BillingRunScreenProps } from './billing-run-screen';
export {
  DocumentDownloadDialog,
  type DocumentDownloadDialogProps,
} from './components/document-download-dialog';
export {
  CostBearerClassicPayScreen,
  type CostBearerClassicPayScreenProps,
} from './cost-bearer-classic-pay-screen';
export {
  CostBearerServicesScreen,
  type CostBearerServicesScreenProps,
} from './cost-bearer-services-screen';
export {
  DocumentsHistoryScreen,
  type DocumentsHistoryScreenProps,
} from './documents-history-screen';
export { DocumentsPanel, type DocumentsPanelProps } from './documents-panel';
export { INVOICES_NAMESPACE, registerInvoicesTexts } from './i18n';
export { InvoiceWizard, type InvoiceWizardProps } from './invoice-wizard';
export type { WizardMode } from './invoice-wizard-choose';
export {
  PaymentDocumentFormScreen,
  type PaymentDocumentFormScreenProps,
} from './payment-document-form-screen';
export {
  PaymentDocumentsScreen,
  type PaymentDocumentsScreenProps,
} from './payment-documents-screen';
