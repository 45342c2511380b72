import { describe, expect, it } from 'vitest';
import {
  INITIAL_CANDIDATE_LIST,
  INITIAL_DOCUMENTS_HISTORY,
  INITIAL_PAYMENT_DOCUMENTS_LIST,
  isCandidateListFiltered,
  isDocumentListFiltered,
  toCandidateFilter,
  toDocumentsHistoryFilter,
  toPaymentDocumentFilter,
} from './document-list-filters';

describe('toPaymentDocumentFilter', () => {
  it('asks for the first page, newest first, without empty filters', () => {
    expect(toPaymentDocumentFilter(INITIAL_PAYMENT_DOCUMENTS_LIST)).toEqual({
      page: 0,
      size: 25,
      archived: false,
      sort: [
        { field: 'issueDate', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
    });
    expect(isDocumentListFiltered(INITIAL_PAYMENT_DOCUMENTS_LIST)).toBe(false);
  });

  it('carries every filter the screen offers and the owner of an embedded list', () => {
    const state = {
      ...INITIAL_PAYMENT_DOCUMENTS_LIST,
      search: '  RE-2026 ',
      type: 'FINAL_INVOICE' as const,
      status: 'ISSUED' as const,
      issueDateFrom: '2026-01-01',
      issueDateTo: '2026-01-31',
      overdue: true,
      page: 3,
      sort: { id: 'totalGross', desc: false },
    };
    expect(toPaymentDocumentFilter(state, { studentId: 7 })).toEqual({
      page: 2,
      size: 25,
      archived: false,
      search: 'RE-2026',
      types: ['FINAL_INVOICE'],
      statuses: ['ISSUED'],
      issueDateFrom: '2026-01-01',
      issueDateTo: '2026-01-31',
      overdue: true,
      studentId: 7,
      sort: [
        { field: 'totalGross', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ],
    });
    expect(isDocumentListFiltered(state)).toBe(true);
  });
});

describe('toDocumentsHistoryFilter', () => {
  it('is newest first, for one student or for all', () => {
    expect(toDocumentsHistoryFilter(INITIAL_DOCUMENTS_HISTORY, 12)).toMatchObject({
      page: 0,
      studentId: 12,
      sort: [
        { field: 'issueDate', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
    });
    expect(toDocumentsHistoryFilter(INITIAL_DOCUMENTS_HISTORY, null)).not.toHaveProperty(
      'studentId',
    );
  });
});

describe('toCandidateFilter', () => {
  it('maps branch and class to the lists the contract takes, and the cost bearer', () => {
    const state = {
      ...INITIAL_CANDIDATE_LIST,
      search: 'Meyer',
      branchId: 2,
      licenseClass: 'CE' as const,
    };
    expect(toCandidateFilter(state, 5)).toEqual({
      page: 0,
      size: 25,
      archived: false,
      search: 'Meyer',
      branchIds: [2],
      licenseClasses: ['CE'],
      costBearerId: 5,
      sort: [{ field: 'studentName', direction: 'asc' }],
    });
    expect(isCandidateListFiltered(state)).toBe(true);
    expect(isCandidateListFiltered(INITIAL_CANDIDATE_LIST)).toBe(false);
  });
});
