import {
  asBinary,
  type components,
  fileNameFromResponse,
  saveBlob,
  toFormData,
  useApi,
} from '@fahrwerk/api';
import { type FahrwerkMeta, useCan, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

/*
 * Data of the overview, the workflow lists (classic, flash, live pay), the SEPA files, the
 * bank returns and the automatic-payment triggers, over the injected client. Writes that
 * must not happen twice (a SEPA file, a bank-return import, a live-pay restart) send the
 * `Idempotency-Key` their dialog made once, so a retry after a lost answer is answered with
 * the first result.
 */

export type PaymentWorkflow = components['schemas']['PaymentWorkflow'];
export type PaymentStatus = components['schemas']['PaymentStatus'];
export type BalanceOverview = components['schemas']['BalanceOverview'];
export type PaymentWorkflowOverview = components['schemas']['PaymentWorkflowOverview'];
export type PaymentWorkflowStudent = components['schemas']['PaymentWorkflowStudent'];
export type PaymentWorkflowStudentFilter = components['schemas']['PaymentWorkflowStudentFilter'];
export type PaymentWorkflowStudentSortField =
  components['schemas']['PaymentWorkflowStudentSortField'];
export type LivePayPaymentStatus = components['schemas']['LivePayPaymentStatus'];
export type SepaExport = components['schemas']['SepaExport'];
export type SepaExportRequest = components['schemas']['SepaExportRequest'];
export type BankReturnImport = components['schemas']['BankReturnImport'];
export type AutomaticPaymentTrigger = components['schemas']['AutomaticPaymentTrigger'];
export type AutomaticPaymentTriggerInput = components['schemas']['AutomaticPaymentTriggerInput'];
export type EducationEventType = components['schemas']['EducationEventType'];
export type LicenseClass = components['schemas']['LicenseClass'];

/** The screen shows the failure itself (in place, at a field or with its own toast text). */
const silent: FahrwerkMeta = { silentError: true };

/** Every list a payment, a debit or a bank return shows in. */
export const WORKFLOW_PATHS = [
  '/payment-workflows',
  '/payments',
  '/balance',
  '/live-pay',
  '/payment-documents',
  '/student-educations',
] as const;

export const WORKFLOWS: readonly PaymentWorkflow[] = ['CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY'];

/** `GET /payments/balance-overview`: the school's balances today. */
export function useBalanceOverview() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/payments/balance-overview', undefined, { meta: silent }),
  );
}

/** `GET /payment-workflows/overview-info?paymentWorkflowId`: one workflow's tile. */
export function useWorkflowOverview(paymentWorkflowId: PaymentWorkflow) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/payment-workflows/overview-info',
      { params: { query: { paymentWorkflowId } } },
      { meta: silent },
    ),
  );
}

/** `POST /payment-workflows/paged-students-list/filter`: one page of a workflow's list. */
export function useWorkflowStudentsPage(filter: PaymentWorkflowStudentFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/payment-workflows/paged-students-list/filter',
      { body: filter },
      { placeholderData: keepPreviousData, meta: silent },
    ),
  );
}

/** The school's active branches for the branch filter (empty without the right to see them). */
export function useBranchOptions() {
  const { query } = useApi();
  const branches = useQuery(
    query.queryOptions(
      'get',
      '/branches',
      { params: { query: { archived: false } } },
      { meta: silent },
    ),
  );
  return (branches.data ?? []).map((branch) => ({ id: branch.id, label: branch.name }));
}

/** `POST /student-educations/change-automatic-payment-state?id&automaticPayment`. */
export function useChangeAutomaticPayment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, automaticPayment }: { id: number; automaticPayment: boolean }) => {
      await fetch.POST('/student-educations/change-automatic-payment-state', {
        params: { query: { id, automaticPayment } },
      });
    },
    onSettled: () => invalidate('/payment-workflows', '/student-educations'),
  });
}

/** `POST /payment-documents/filter`: the open documents of a student a payment can settle. */
export function useStudentOpenDocuments(studentId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/payment-documents/filter',
      {
        body: {
          studentId: studentId ?? 0,
          statuses: ['ISSUED', 'PARTIALLY_PAID'],
          page: 0,
          size: 100,
          archived: false,
        },
      },
      { enabled: studentId !== null, meta: silent },
    ),
  );
}

/**
 * The live-pay pause control of one education: asks `POST /payment-workflows/live-pay-payment-status`
 * for its newest debit, then restarts a failed one (OPEN) or pauses an open one (CANCELLED)
 * with `POST /live-pay/payment/update-status/{id}`.
 */
export function useToggleLivePayDebit() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({
      studentEducationId,
      target,
      idempotencyKey,
    }: {
      studentEducationId: number;
      /** What the user confirmed: OPEN restarts, CANCELLED pauses. */
      target: 'OPEN' | 'CANCELLED';
      idempotencyKey: string;
    }) => {
      const { data } = await fetch.POST('/payment-workflows/live-pay-payment-status', {
        body: { studentEducationIds: [studentEducationId] },
      });
      const newest = data?.[0];
      // The debit may have moved on since the list was loaded (collected, paused elsewhere):
      // never do the opposite of what was confirmed.
      if (!newest?.paymentId || livePayToggleTarget(newest.status) !== target) {
        throw new Error(STATUS_CHANGED);
      }
      const next = target;
      const { data: debit } = await fetch.POST('/live-pay/payment/update-status/{id}', {
        params: { path: { id: newest.paymentId }, header: { 'Idempotency-Key': idempotencyKey } },
        body: { status: next },
      });
      return debit ?? null;
    },
    onSettled: () => invalidate(...WORKFLOW_PATHS),
  });
}

/** The text key of a debit whose status changed since the list was loaded. */
export const STATUS_CHANGED = 'errors.invalid_status_transition';

/**
 * What the pause control does to a debit in `status`: a failed, cancelled or charged-back
 * debit is restarted (OPEN), an open one paused (CANCELLED); others are with the bank.
 */
export function livePayToggleTarget(status: PaymentStatus | undefined): PaymentStatus | null {
  if (status === 'FAILED' || status === 'CANCELLED' || status === 'CHARGED_BACK') return 'OPEN';
  if (status === 'OPEN') return 'CANCELLED';
  return null;
}

/** Saves a blob answer under the server's file name, else `fallback`. */
async function saveDownload(
  call: Promise<{ data?: unknown; response: Response }>,
  fallback: string,
): Promise<string> {
  const { data, response } = await call;
  const name = fileNameFromResponse(response) ?? fallback;
  saveBlob(data as Blob, name);
  return name;
}

/** `POST /live-pay/sepa-export`: makes the pain.008 file and saves it; answers its name. */
export function useSepaExport() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: ({ body, idempotencyKey }: { body: SepaExportRequest; idempotencyKey: string }) =>
      saveDownload(
        fetch.POST('/live-pay/sepa-export', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body,
          parseAs: 'blob',
        }),
        `pain008-${body.collectionDate}.xml`,
      ),
    onSuccess: () => invalidate(...WORKFLOW_PATHS),
  });
}

/** `GET /live-pay/sepa-exports`: the files made so far, newest first. */
export function useSepaExports() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/live-pay/sepa-exports', undefined, { meta: silent }));
}

/** `GET /live-pay/sepa-exports/{id}/file`: the archived file again, byte for byte. */
export function useDownloadSepaExport() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: (file: Pick<SepaExport, 'id' | 'fileName'>) =>
      saveDownload(
        fetch.GET('/live-pay/sepa-exports/{id}/file', {
          params: { path: { id: file.id } },
          parseAs: 'blob',
        }),
        file.fileName,
      ),
  });
}

/** `POST /live-pay/bank-returns` (multipart): the bank's camt.054 of returned debits. */
export function useImportBankReturns() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ file, idempotencyKey }: { file: File; idempotencyKey: string }) => {
      const { data } = await fetch.POST('/live-pay/bank-returns', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: { file: asBinary(file) },
        bodySerializer: toFormData,
      });
      return data as BankReturnImport;
    },
    onSuccess: () => invalidate(...WORKFLOW_PATHS),
  });
}

/** `GET /automatic-payment-triggers`: the school's triggers, sorted by name. */
export function useAutomaticPaymentTriggers() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/automatic-payment-triggers', undefined, { meta: silent }),
  );
}

/** Create, change and delete a trigger (`/automatic-payment-triggers`). */
export function useTriggerMutations() {
  return useResourceMutations('/automatic-payment-triggers');
}

/** `GET /products` (any signed-in user): the active products a trigger can bill. */
export function useProducts() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/products',
      { params: { query: { archived: false } } },
      { meta: silent },
    ),
  );
}

/**
 * The school's days between pre-notification and collection (14 unless it agreed shorter);
 * 14 too for a user who may not read the master data.
 */
export function usePreNotificationDays(): number {
  const { query } = useApi();
  const canRead = useCan('MODULE_COMPANY');
  const masterData = useQuery(
    query.queryOptions('get', '/driving-schools/current/master-data', undefined, {
      enabled: canRead,
      meta: silent,
    }),
  );
  return masterData.data?.preNotificationDays ?? 14;
}
