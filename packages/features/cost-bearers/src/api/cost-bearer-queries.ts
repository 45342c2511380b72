import {
  asBinary,
  type components,
  downloadKind,
  fileNameFromResponse,
  saveBlob,
  toFormData,
  useApi,
} from '@fahrwerk/api';
import {
  type FahrwerkMeta,
  type ResourceMutationOptions,
  useInvalidate,
  useResourceMutations,
} from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

type Schemas = components['schemas'];
export type CostBearer = Schemas['CostBearer'];
export type CostBearerInput = Schemas['CostBearerInput'];
export type CostBearerFilter = Schemas['CostBearerFilter'];
export type CostBearerPage = Schemas['CostBearerPage'];
export type CostBearerKind = Schemas['CostBearerKind'];
export type CostBearerSortField = Schemas['CostBearerSortField'];
export type CostBearerBalance = Schemas['CostBearerBalance'];
export type CostBearerEducation = Schemas['CostBearerEducation'];
export type CostBearerNote = Schemas['CostBearerNote'];
export type CostBearerDocument = Schemas['CostBearerDocument'];
export type DocumentType = Schemas['DocumentType'];
export type EInvoiceFormat = Schemas['EInvoiceFormat'];
export type Appointment = Schemas['Appointment'];

type Api = ReturnType<typeof useApi>;

/** A page of the list; the list shows a failure itself. */
export function useCostBearerPage(filter: CostBearerFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/cost-bearers/filter',
      { body: filter },
      { placeholderData: keepPreviousData, meta: { silentError: true } },
    ),
  );
}

export const costBearerQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/cost-bearers/{id}', { params: { path: { id } } });

export const costBearerBalanceQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/cost-bearers/balance/{id}', { params: { path: { id } } });

export const costBearerEducationsQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/cost-bearers/student-education-by-cost-bearer/{id}', {
    params: { path: { id } },
  });

export const costBearerNotesQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/cost-bearer-note/cost-bearer/{id}', {
    params: { path: { id } },
  });

export const costBearerDocumentsQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/cost-bearer-documents/cost-bearer/{id}', {
    params: { path: { id } },
  });

/** Every appointment billed to the cost bearer or of an education it pays, newest first (≤ 1000). */
export const costBearerAppointmentsQuery = (api: Api, id: number) =>
  api.query.queryOptions('get', '/appointments/cost-bearer/{id}', { params: { path: { id } } });

export const costBearerUploadLinkQuery = (api: Api, id: number) =>
  api.query.queryOptions(
    'get',
    '/cost-bearer-documents/upload-url/{costBearerId}',
    { params: { path: { costBearerId: id } } },
    { select: (link) => link.url, staleTime: Number.POSITIVE_INFINITY },
  );

/**
 * Refreshes every query of cost bearers, their notes and documents after a change. Not awaited: the change is done when the
 * server answered, so dialogs close and toasts show at once while the lists reload.
 */
function useRefresh() {
  const invalidate = useInvalidate();
  return () => {
    void invalidate('/cost-bearers', '/cost-bearer-note', '/cost-bearer-documents');
  };
}

/** Forms show the server's field errors inline, so the global toast stays quiet for them. */
const inline: FahrwerkMeta = { silentError: true };

/**
 * The generic calls of cost bearers, their notes and documents: each change refreshes all
 * three, in the background like `useRefresh`.
 */
const COST_BEARER_REFRESH: ResourceMutationOptions = {
  alsoRefresh: ['/cost-bearers', '/cost-bearer-note', '/cost-bearer-documents'],
  awaitRefresh: false,
};

/** Save, archive and delete a cost bearer. */
export function useCostBearerMutations() {
  return useResourceMutations('/cost-bearers', COST_BEARER_REFRESH);
}

/** Save and delete a note of a cost bearer. */
export function useCostBearerNoteMutations() {
  return useResourceMutations('/cost-bearer-note', COST_BEARER_REFRESH);
}

export function useUploadCostBearerDocument() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    meta: inline,
    mutationFn: async ({
      costBearerId,
      file,
      type,
    }: {
      costBearerId: number;
      file: File;
      type: DocumentType;
    }) => {
      const { data } = await api.fetch.POST('/cost-bearer-documents', {
        body: { file: asBinary(file), costBearerId, type },
        bodySerializer: toFormData,
      });
      return data as CostBearerDocument;
    },
    onSuccess: refresh,
  });
}

/** Delete a document of a cost bearer (uploads are multipart: `useUploadCostBearerDocument`). */
export function useCostBearerDocumentMutations() {
  return useResourceMutations('/cost-bearer-documents', COST_BEARER_REFRESH);
}

/**
 * Downloads a document and saves it under the server's file name. The content type decides
 * the fallback extension (spec 000 §7: binary answers are handled by their content type).
 */
export function useDownloadCostBearerDocument() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({
      document,
      removeLetterhead,
    }: {
      document: CostBearerDocument;
      removeLetterhead: boolean;
    }) => {
      const { data, response } = await api.fetch.GET('/cost-bearer-documents/{id}', {
        params: { path: { id: document.id }, query: { removeLetterhead } },
        parseAs: 'blob',
      });
      const kind = downloadKind(response.headers.get('Content-Type'));
      const fallback =
        kind === 'pdf' && !document.fileName.toLowerCase().endsWith('.pdf')
          ? `${document.fileName}.pdf`
          : document.fileName;
      saveBlob(data as Blob, fileNameFromResponse(response) ?? fallback);
    },
  });
}

/** The public QR-code upload: no sign-in, the tokens come from the link. */
export function usePublicCostBearerUpload() {
  const api = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async ({
      schoolToken,
      costBearerToken,
      file,
      type,
    }: {
      schoolToken: string;
      costBearerToken: string;
      file: File;
      type: DocumentType;
    }) => {
      await api.fetch.POST('/public/cost-bearer-documents/{schoolToken}/{costBearerToken}', {
        params: { path: { schoolToken, costBearerToken } },
        body: { file: asBinary(file), type },
        bodySerializer: toFormData,
      });
    },
  });
}
