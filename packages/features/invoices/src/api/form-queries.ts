import { type components, fileNameFromResponse, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_PATHS } from './invoice-queries';

/* The calls of the payment-document forms, the cost bearer's invoices and the documents panel. */

export type PaymentDocument = components['schemas']['PaymentDocument'];
export type PaymentDocumentInput = components['schemas']['PaymentDocumentInput'];
export type PaymentDocumentLineInput = components['schemas']['PaymentDocumentLineInput'];
export type PaymentDocumentType = components['schemas']['PaymentDocumentType'];
export type PaymentDocumentStatus = components['schemas']['PaymentDocumentStatus'];
export type PaymentDocumentFilter = components['schemas']['PaymentDocumentFilter'];
export type CostBearerInvoiceInput = components['schemas']['CostBearerInvoiceInput'];
export type CostBearer = components['schemas']['CostBearer'];
export type CostBearerEducation = components['schemas']['CostBearerEducation'];
export type CostBearerBalance = components['schemas']['CostBearerBalance'];
export type Appointment = components['schemas']['Appointment'];
export type AppliedPrice = components['schemas']['AppliedPrice'];
export type EInvoiceFormat = components['schemas']['EInvoiceFormat'];
export type VatRate = components['schemas']['VatRate'];
export type FinancialConfig = components['schemas']['FinancialConfig'];

/** The documents the office writes by hand (`PaymentDocumentInput.type`). */
export type ManualDocumentType = Extract<
  PaymentDocumentType,
  'PAYMENT_REQUEST' | 'PARTIAL_INVOICE' | 'DEPOSIT_INVOICE'
>;
/** Who the document is addressed to. */
export type Payer = 'student' | 'costBearer';

/** A file the server answered (a PDF, a preview, an e-invoice), ready to show or save. */
export type DocumentFile = { blob: Blob; fileName: string };

/** The screens show the failure themselves (at the field, in an alert or a toast of their own). */
const silent: FahrwerkMeta = { silentError: true };

export function usePaymentDocument(id: number | undefined) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/payment-documents/{id}',
      { params: { path: { id: id ?? 0 } } },
      { enabled: id !== undefined, meta: silent },
    ),
  );
}

/** The footnotes the configuration prints by default (read-only; absent for users without it). */
export function useFinancialConfig() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/financial-config/current', undefined, { meta: silent }),
  );
}

/** The prices that apply to an education: the suggestions for a line. */
export function useEducationPrices(studentEducationId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/prices/by-student-education/{id}',
      { params: { path: { id: studentEducationId ?? 0 } } },
      { enabled: studentEducationId !== null, meta: silent },
    ),
  );
}

/** The active cost bearers by name, for the picker. */
export function useCostBearerOptions(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/cost-bearers',
      { params: { query: { archived: false } } },
      { enabled },
    ),
  );
}

export function useCostBearer(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/cost-bearers/{id}', { params: { path: { id } } }, { meta: silent }),
  );
}

export function useCostBearerBalance(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/cost-bearers/balance/{id}',
      { params: { path: { id } } },
      { meta: silent },
    ),
  );
}

export function useCostBearerEducations(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/cost-bearers/student-education-by-cost-bearer/{id}',
      { params: { path: { id } } },
      { meta: silent },
    ),
  );
}

export function useCostBearerAppointments(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/appointments/cost-bearer/{id}',
      { params: { path: { id } } },
      { meta: silent },
    ),
  );
}

/** Create (no id) or update (id) a draft. */
/**
 * Puts a document the server answered into the cache of `GET /payment-documents/{id}`: a host
 * that puts the new draft's id into the URL shows it at once, without loading it again.
 */
function useRememberDocument() {
  const { query } = useApi();
  const queryClient = useQueryClient();
  return (document: PaymentDocument) =>
    queryClient.setQueryData(
      query.queryOptions('get', '/payment-documents/{id}', {
        params: { path: { id: document.id } },
      }).queryKey,
      document,
    );
}

export function useSavePaymentDocument() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  const remember = useRememberDocument();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, input }: { id?: number; input: PaymentDocumentInput }) => {
      const { data } =
        id === undefined
          ? await fetch.POST('/payment-documents', { body: input })
          : await fetch.PUT('/payment-documents/{id}', {
              params: { path: { id } },
              body: input,
            });
      return data as PaymentDocument;
    },
    onSuccess: (document) => {
      remember(document);
      return invalidate('/payment-documents');
    },
  });
}

export function useIssuePaymentDocument() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  const remember = useRememberDocument();
  return useMutation({
    meta: silent,
    mutationFn: async (id: number) => {
      const { data } = await fetch.POST('/payment-documents/{id}/issue', {
        params: { path: { id } },
      });
      return data as PaymentDocument;
    },
    onSuccess: (document) => {
      remember(document);
      return invalidate(...DOCUMENT_PATHS);
    },
  });
}

/** `POST /payment-documents/create-cost-bearer-invoice` (course or, with `serviceInvoice`, service invoice). */
export function useCreateCostBearerInvoice() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (input: CostBearerInvoiceInput) => {
      const { data } = await fetch.POST('/payment-documents/create-cost-bearer-invoice', {
        body: input,
      });
      return data as PaymentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_PATHS),
  });
}

const pdfName = (response: Response, fallback: string) =>
  fileNameFromResponse(response) ?? fallback;

/** The file name of a document: its number, else its kind and id. */
export function documentFileName(
  document: Pick<PaymentDocument, 'id' | 'number' | 'type'>,
  extension = 'pdf',
) {
  return `${document.number ?? `${document.type.toLowerCase()}-${document.id}`}.${extension}`;
}

/**
 * The binary calls: a document's PDF (a draft rendered now, marked as draft), its e-invoice,
 * and the cost bearer's previews. Each resolves to a `DocumentFile`; failures reject with
 * the `ApiError` (the caller shows the download's message, spec 000 §8).
 */
export function useDocumentFiles() {
  const { fetch } = useApi();
  return {
    pdf: async (
      document: Pick<PaymentDocument, 'id' | 'number' | 'type'>,
      removeLetterhead = false,
    ): Promise<DocumentFile> => {
      const { data, response } = await fetch.GET('/payment-documents/{id}/pdf', {
        params: { path: { id: document.id }, query: { removeLetterhead } },
        parseAs: 'blob',
      });
      return { blob: data as Blob, fileName: pdfName(response, documentFileName(document)) };
    },
    eInvoice: async (
      document: Pick<PaymentDocument, 'id' | 'number' | 'type' | 'eInvoiceFormat'>,
    ) => {
      const { data, response } = await fetch.GET('/payment-documents/{id}/e-invoice', {
        params: { path: { id: document.id } },
        parseAs: 'blob',
      });
      const extension = document.eInvoiceFormat === 'XRECHNUNG' ? 'xml' : 'pdf';
      return {
        blob: data as Blob,
        fileName: pdfName(response, documentFileName(document, extension)),
      };
    },
    costBearerInvoicePreview: async (input: CostBearerInvoiceInput): Promise<DocumentFile> => {
      const { data, response } = await fetch.POST(
        '/payment-documents/create-cost-bearer-invoice-preview',
        { body: input, parseAs: 'blob' },
      );
      return { blob: data as Blob, fileName: pdfName(response, 'vorschau-lehrgangsrechnung.pdf') };
    },
    serviceInvoicePreview: async (
      costBearerId: number,
      input: Omit<CostBearerInvoiceInput, 'costBearerId' | 'serviceInvoice'>,
      includeDraftText = true,
    ): Promise<DocumentFile> => {
      const { data, response } = await fetch.POST('/cost-bearer-service-invoice/{id}/preview', {
        params: { path: { id: costBearerId }, query: { includeDraftText } },
        body: input,
        parseAs: 'blob',
      });
      return { blob: data as Blob, fileName: pdfName(response, 'vorschau-leistungsrechnung.pdf') };
    },
  };
}
