import { describe, expect, it } from 'vitest';
import {
  INITIAL_WORKFLOW_LIST,
  isWorkflowListFiltered,
  toWorkflowFilter,
} from './workflow-list-filter';

describe('toWorkflowFilter', () => {
  it('asks for the first page of the workflow, educations in training, by last name', () => {
    expect(toWorkflowFilter(INITIAL_WORKFLOW_LIST, 'LIVE_PAY')).toEqual({
      paymentWorkflow: 'LIVE_PAY',
      page: 0,
      size: 25,
      archived: false,
      sort: [{ field: 'lastName', direction: 'asc' }],
      finishedEducation: false,
    });
    expect(isWorkflowListFiltered(INITIAL_WORKFLOW_LIST)).toBe(false);
  });

  it('sends every chosen filter', () => {
    const state = {
      ...INITIAL_WORKFLOW_LIST,
      page: 3,
      sort: { id: 'balance', desc: true },
      search: '  Meyer ',
      branchId: 2,
      licenseClass: 'BE' as const,
      onlyDebtors: true,
      onlyFailed: true,
      automaticPayment: false,
      withFinished: true,
    };
    expect(toWorkflowFilter(state, 'CLASSIC_PAY')).toEqual({
      paymentWorkflow: 'CLASSIC_PAY',
      page: 2,
      size: 25,
      archived: false,
      sort: [{ field: 'balance', direction: 'desc' }],
      search: 'Meyer',
      branchIds: [2],
      licenseClasses: ['BE'],
      onlyDebtors: true,
      onlyFailed: true,
      automaticPayment: false,
    });
    expect(isWorkflowListFiltered(state)).toBe(true);
  });
});
