import { type components, fileNameFromResponse, saveBlob, useApi } from '@fahrwerk/api';
import { apiKey, type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export type PaymentDocument = components['schemas']['PaymentDocument'];
export type PaymentDocumentFilter = components['schemas']['PaymentDocumentFilter'];
export type PaymentDocumentType = components['schemas']['PaymentDocumentType'];
export type PaymentDocumentStatus = components['schemas']['PaymentDocumentStatus'];
export type FinalInvoiceCandidate = components['schemas']['FinalInvoiceCandidate'];
export type FinalInvoiceCandidateFilter = components['schemas']['FinalInvoiceCandidateFilter'];
export type FinalInvoicesRequest = components['schemas']['FinalInvoicesRequest'];
export type BillingRun = components['schemas']['BillingRun'];
export type BillingRunInput = components['schemas']['BillingRunInput'];
export type BillingRunItem = components['schemas']['BillingRunItem'];
export type BillingRunStatus = components['schemas']['BillingRunStatus'];
export type EmailConfigEntry = components['schemas']['EmailConfigEntry'];
export type PaymentDocumentEmailInput = components['schemas']['PaymentDocumentEmailInput'];
export type LicenseClass = components['schemas']['LicenseClass'];

/** The screen shows the failure itself (in place or with its own toast text). */
const silent: FahrwerkMeta = { silentError: true };

/** Every list a new or changed document shows up in. */
/** Every list a change of a payment document touches: documents, runs, balances, billed items. */
export const DOCUMENT_PATHS = [
  '/payment-documents',
  '/billing-runs',
  '/invoices',
  '/cost-bearers',
  '/balance',
  '/appointments',
  '/student-educations',
  '/payment-workflows',
] as const;

/** `silent`: the screen shows a failure itself (at the field, in an alert, a toast of its own). */
type QuietOption = { silent?: boolean };
const metaOf = ({ silent: quiet }: QuietOption) => (quiet ? silent : undefined);

/** How often a run that is not finished is asked for its progress. */
export const BILLING_RUN_POLL_MS = 1500;

/** A run whose job still works (the screen keeps asking for its progress). */
export function isRunActive(run: Pick<BillingRun, 'status'> | undefined): boolean {
  return run?.status === 'QUEUED' || run?.status === 'RUNNING';
}

/** Step 1 of the wizard: a page of finished educations waiting for their final invoice. */
export function useFinalInvoiceCandidatesPage(filter: FinalInvoiceCandidateFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/payment-documents/final-invoice-candidates/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/**
 * Every candidate the filter finds (up to `limit`), page by page: a billing run over all
 * finished educations of a branch or class without clicking through the pages.
 */
export function useAllFinalInvoiceCandidates() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async ({
      filter,
      limit,
    }: {
      filter: FinalInvoiceCandidateFilter;
      limit: number;
    }) => {
      const size = 200;
      const found: FinalInvoiceCandidate[] = [];
      for (let page = 0; found.length < limit; page++) {
        const { data } = await fetch.POST('/payment-documents/final-invoice-candidates/filter', {
          body: { ...filter, page, size },
        });
        const rows = data?.data ?? [];
        found.push(...rows);
        if (rows.length < size || found.length >= (data?.total ?? 0)) break;
      }
      return found.slice(0, limit);
    },
  });
}

/** The school's active branches for the branch filter. */
export function useBranchOptions() {
  const { query } = useApi();
  const branches = useQuery(
    query.queryOptions('get', '/branches', { params: { query: { archived: false } } }),
  );
  return (branches.data ?? []).map((branch) => ({ id: branch.id, label: branch.name }));
}

/** The final invoice of an education as it would be issued today (a draft PDF). */
export function useFinalInvoicePreview(studentEducationId: number | null) {
  const { fetch } = useApi();
  const init = { params: { query: { studentEducationId: studentEducationId ?? 0 } } };
  return useQuery({
    queryKey: apiKey('post', '/payment-documents/create-final-invoice-preview', init),
    enabled: studentEducationId !== null,
    meta: silent,
    // A preview is of today; opening it again later asks again.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { data } = await fetch.POST('/payment-documents/create-final-invoice-preview', {
        ...init,
        parseAs: 'blob',
        signal,
      });
      return data as Blob;
    },
  });
}

/** `POST /payment-documents/create-final-invoices`: one customer's educations, all or none. */
export function useCreateFinalInvoices() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (body: FinalInvoicesRequest) =>
      (await fetch.POST('/payment-documents/create-final-invoices', { body })).data ?? [],
    onSuccess: () => invalidate(...DOCUMENT_PATHS),
  });
}

/** `POST /billing-runs`: the job is queued; the run screen follows its progress. */
export function useStartBillingRun() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (body: BillingRunInput) => {
      const { data } = await fetch.POST('/billing-runs', { body });
      return data as BillingRun;
    },
    onSuccess: () => invalidate('/billing-runs'),
  });
}

/** The school's runs, newest first; asked again while one of them still works. */
export function useBillingRuns() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/billing-runs', undefined, {
      refetchInterval: (current) =>
        (current.state.data ?? []).some(isRunActive) ? BILLING_RUN_POLL_MS : false,
    }),
  );
}

/** One run with its items, polled while QUEUED or RUNNING and no longer once it ended. */
export function useBillingRun(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/billing-runs/{id}',
      { params: { path: { id: id ?? 0 } } },
      {
        enabled: id !== null,
        staleTime: 0,
        refetchInterval: (current) =>
          isRunActive(current.state.data) ? BILLING_RUN_POLL_MS : false,
      },
    ),
  );
}

/** Saves a blob answer under the server's file name, else `fallback`. */
async function saveDownload(
  call: Promise<{ data?: unknown; response: Response }>,
  fallback: string,
): Promise<void> {
  const { data, response } = await call;
  saveBlob(data as Blob, fileNameFromResponse(response) ?? fallback);
}

/** `GET /billing-runs/{id}/pdfs`: every invoice of the run as one ZIP. */
export function useDownloadBillingRunPdfs() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: (id: number) =>
      saveDownload(
        fetch.GET('/billing-runs/{id}/pdfs', { params: { path: { id } }, parseAs: 'blob' }),
        `abrechnungslauf-${id}.zip`,
      ),
  });
}

/** The lists of payment documents, the documents history and the records' documents panel. */
export function usePaymentDocumentsPage(filter: PaymentDocumentFilter, options: QuietOption = {}) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/payment-documents/filter',
      { body: filter },
      { placeholderData: keepPreviousData, meta: metaOf(options) },
    ),
  );
}

/** The PDF of a document (`removeLetterhead` for pre-printed paper); none asked for while `id` is null. */
export function usePaymentDocumentPdf(id: number | null, removeLetterhead: boolean) {
  const { fetch } = useApi();
  const init = { params: { path: { id: id ?? 0 }, query: { removeLetterhead } } };
  return useQuery({
    queryKey: apiKey('get', '/payment-documents/{id}/pdf', init),
    enabled: id !== null,
    meta: silent,
    queryFn: async ({ signal }) => {
      const { data } = await fetch.GET('/payment-documents/{id}/pdf', {
        ...init,
        parseAs: 'blob',
        signal,
      });
      return data as Blob;
    },
  });
}

/** The file name of a document's PDF: its number, else its kind and id. */
export function documentFileName(document: Pick<PaymentDocument, 'id' | 'number'>): string {
  return `${document.number ?? `dokument-${document.id}`}.pdf`;
}

/** `GET /payment-documents/{id}/e-invoice`: the XRechnung XML or the ZUGFeRD PDF. */
export function useDownloadEInvoice() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: (document: Pick<PaymentDocument, 'id' | 'number' | 'eInvoiceFormat'>) =>
      saveDownload(
        fetch.GET('/payment-documents/{id}/e-invoice', {
          params: { path: { id: document.id } },
          parseAs: 'blob',
        }),
        `${document.number ?? `dokument-${document.id}`}${document.eInvoiceFormat === 'XRECHNUNG' ? '.xml' : '.pdf'}`,
      ),
  });
}

/** `POST /payment-documents/create-cancellation-invoice`: answers the cancellation invoice. */
export function useCancelDocument(options: QuietOption = {}) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: metaOf(options),
    mutationFn: async (invoiceForCancellationId: number) => {
      const { data } = await fetch.POST('/payment-documents/create-cancellation-invoice', {
        params: { query: { invoiceForCancellationId } },
      });
      return data as PaymentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_PATHS),
  });
}

/** `DELETE /payment-documents/{id}`: payment requests (and drafts) only. */
export function useDeleteDocument(options: QuietOption = {}) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: metaOf(options),
    mutationFn: async (id: number) => {
      await fetch.DELETE('/payment-documents/{id}', { params: { path: { id } } });
    },
    onSuccess: () => invalidate(...DOCUMENT_PATHS),
  });
}

/** `PUT /invoices/visible/{id}?visible`: shows or hides the document in the learning app. */
export function useChangeVisibility(options: QuietOption = {}) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: metaOf(options),
    mutationFn: async ({ id, visible }: { id: number; visible: boolean }) => {
      const { data } = await fetch.PUT('/invoices/visible/{id}', {
        params: { path: { id }, query: { visible } },
      });
      return data as PaymentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_PATHS),
  });
}

/** The mail accounts the signed-in user may send from. */
export function useUserMailAccounts(userId: number, enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/email-config/user/{userId}/email-configs',
      { params: { path: { userId } } },
      { enabled },
    ),
  );
}

/** `POST /payment-documents/{id}/send-email`; the screen toasts `email_sent`/`email_not_sent`. */
export function useSendDocumentEmail() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, body }: { id: number; body: PaymentDocumentEmailInput }) =>
      (
        await fetch.POST('/payment-documents/{id}/send-email', {
          params: { path: { id } },
          body,
        })
      ).data,
    onSuccess: () => invalidate('/emails'),
  });
}
