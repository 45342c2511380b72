import { registerOrphanFileSweep } from '../files/file-sweep';
import { registerBroadcastWorker } from '../modules/broadcasts/broadcast-delivery';
import type { Services } from '../modules/handlers';
import { registerMailSyncWorker } from '../modules/mail/mail-transfer';
import { registerAutomaticMessageWorker } from '../modules/messaging/messaging';
import { registerBillingRunWorker } from '../modules/payment-documents/billing-runs';
import { registerLivePayDebitWorker } from '../modules/payments/live-pay-debits';
import { registerTriggerWorker } from '../modules/payments/trigger-firing';
import { registerReportExportWorker } from '../modules/reports/report-exports';

/**
 * Every background job's worker, registered once per app (app.ts). A domain with jobs adds
 * its `register…Worker(services)` here.
 */
export function registerJobWorkers(services: Services): void {
  registerBillingRunWorker(services);
  registerLivePayDebitWorker(services);
  registerTriggerWorker(services);
  registerMailSyncWorker(services);
  registerBroadcastWorker(services);
  registerAutomaticMessageWorker(services);
  registerReportExportWorker(services);
  registerOrphanFileSweep(services);
}
