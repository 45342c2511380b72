import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type {
  FinalInvoiceCandidateFilter,
  LicenseClass,
  PaymentDocumentFilter,
  PaymentDocumentStatus,
  PaymentDocumentType,
} from './api/invoice-queries';

type DocumentSortField = NonNullable<PaymentDocumentFilter['sort']>[number]['field'];

/** The payment-documents list's filter, remembered per browser under "paymentDocument". */
export type PaymentDocumentsListState = ListPaging & {
  search: string;
  type: PaymentDocumentType | null;
  status: PaymentDocumentStatus | null;
  /** `YYYY-MM-DD`: issued on or after this day. */
  issueDateFrom: string | null;
  /** `YYYY-MM-DD`: issued on or before this day. */
  issueDateTo: string | null;
  overdue: boolean;
};

export const INITIAL_PAYMENT_DOCUMENTS_LIST: PaymentDocumentsListState = {
  search: '',
  type: null,
  status: null,
  issueDateFrom: null,
  issueDateTo: null,
  overdue: false,
  page: 1,
  pageSize: 25,
  sort: { id: 'issueDate', desc: true },
};

/** Documents of one student or one cost bearer only (the tabs that embed the list). */
export type DocumentOwner = { studentId?: number; costBearerId?: number };

/**
 * The body of `POST /payment-documents/filter`; empty filters are left out. Newest first
 * also among documents of the same day (the id follows the order of writing).
 */
export function toPaymentDocumentFilter(
  state: PaymentDocumentsListState,
  owner: DocumentOwner = {},
): PaymentDocumentFilter {
  const filter: PaymentDocumentFilter = {
    page: state.page - 1,
    size: state.pageSize,
    // Payment documents are not archivable; the server ignores it.
    archived: false,
  };
  const search = toSearch(state.search);
  if (search) filter.search = search;
  if (state.type) filter.types = [state.type];
  if (state.status) filter.statuses = [state.status];
  if (state.issueDateFrom) filter.issueDateFrom = state.issueDateFrom;
  if (state.issueDateTo) filter.issueDateTo = state.issueDateTo;
  if (state.overdue) filter.overdue = true;
  if (owner.studentId !== undefined) filter.studentId = owner.studentId;
  if (owner.costBearerId !== undefined) filter.costBearerId = owner.costBearerId;
  const sort = toSortOrder<DocumentSortField>(state.sort);
  if (sort) filter.sort = [...sort, { field: 'id', direction: sort[0]?.direction ?? 'desc' }];
  return filter;
}

/** Whether any filter narrows the list (the empty text says "nothing found" then). */
export function isDocumentListFiltered(state: PaymentDocumentsListState): boolean {
  return (
    state.search.trim() !== '' ||
    state.type !== null ||
    state.status !== null ||
    state.issueDateFrom !== null ||
    state.issueDateTo !== null ||
    state.overdue
  );
}

/** The documents history: one student's documents (or all), newest first. */
export type DocumentsHistoryState = ListPaging;

export const INITIAL_DOCUMENTS_HISTORY: DocumentsHistoryState = {
  page: 1,
  pageSize: 25,
  sort: null,
};

export function toDocumentsHistoryFilter(
  state: DocumentsHistoryState,
  studentId: number | null,
): PaymentDocumentFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    sort: [
      { field: 'issueDate', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ],
    ...(studentId !== null ? { studentId } : {}),
  };
}

/** Step 1 of the invoice wizard: search, branch and class over the finished educations. */
export type CandidateListState = ListPaging & {
  search: string;
  branchId: number | null;
  licenseClass: LicenseClass | null;
};

export const INITIAL_CANDIDATE_LIST: CandidateListState = {
  search: '',
  branchId: null,
  licenseClass: null,
  page: 1,
  pageSize: 25,
  sort: { id: 'studentName', desc: false },
};

/** The body of `POST /payment-documents/final-invoice-candidates/filter`. */
export function toCandidateFilter(
  state: CandidateListState,
  costBearerId?: number,
): FinalInvoiceCandidateFilter {
  const filter: FinalInvoiceCandidateFilter = {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
  };
  const search = toSearch(state.search);
  if (search) filter.search = search;
  if (state.branchId !== null) filter.branchIds = [state.branchId];
  if (state.licenseClass !== null) filter.licenseClasses = [state.licenseClass];
  if (costBearerId !== undefined) filter.costBearerId = costBearerId;
  const sort = toSortOrder<string>(state.sort);
  if (sort) filter.sort = sort;
  return filter;
}

export function isCandidateListFiltered(state: CandidateListState): boolean {
  return state.search.trim() !== '' || state.branchId !== null || state.licenseClass !== null;
}
