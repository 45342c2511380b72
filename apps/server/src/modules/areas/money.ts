import type { OperationHandlers } from '../../http/operation-types';
import { createAccountingHandlers } from '../accounting/accounting.handlers';
import { createBroadcastHandlers } from '../broadcasts/broadcasts.resources';
import type { Services } from '../handlers';
import { createMailHandlers } from '../mail/mail.resources';
import { createMailTransferHandlers } from '../mail/mail-transfer';
import { createMandateDispatchHandlers } from '../mandates/mandate-dispatch';
import { createMandateHandlers } from '../mandates/mandates.resources';
import { createMessagingHandlers } from '../messaging/messaging';
import { createPulseHandlers } from '../messaging/pulse';
import { createBillingRunHandlers } from '../payment-documents/billing-runs';
import { createCostBearerInvoiceHandlers } from '../payment-documents/cost-bearer-invoices';
import { createDocumentFileHandlers } from '../payment-documents/document-downloads';
import { createFinalInvoiceHandlers } from '../payment-documents/final-invoices';
import { createFlashPayHandlers } from '../payment-documents/flash-pay';
import { createPaymentDocumentHandlers } from '../payment-documents/payment-documents.resources';
import { createBankReturnHandlers } from '../payments/bank-returns';
import { createPaymentHandlers } from '../payments/payments.resources';
import { createSepaExportHandlers } from '../payments/sepa-export';
import { createPaymentWorkflowHandlers } from '../payments/workflows';
import { createReportHandlers } from '../reports/reports.handlers';
import { mergeHandlers } from '../resources/kit';

/**
 * The money and communication area: payment documents, payments and automatic service
 * bundles, SEPA mandates, the mailbox and e-mail templates, broadcasts, the accounting
 * exports, the reports with their files, the inspection pack and the office dashboard.
 */
export function createMoneyHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return mergeHandlers(
    createPaymentDocumentHandlers(services),
    createFinalInvoiceHandlers(services),
    createFlashPayHandlers(services),
    createCostBearerInvoiceHandlers(services),
    createBillingRunHandlers(services),
    createDocumentFileHandlers(services),
    createPaymentHandlers(db),
    createPaymentWorkflowHandlers(db),
    createMandateHandlers(db),
    createMandateDispatchHandlers(services),
    createSepaExportHandlers(services),
    createBankReturnHandlers(services),
    createMailHandlers(db),
    createMailTransferHandlers(services),
    createBroadcastHandlers(services),
    createMessagingHandlers(services),
    createPulseHandlers(db),
    createAccountingHandlers(services),
    createReportHandlers(services),
  );
}
