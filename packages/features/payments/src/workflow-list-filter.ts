import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type {
  LicenseClass,
  PaymentWorkflow,
  PaymentWorkflowStudentFilter,
  PaymentWorkflowStudentSortField,
} from './api/payment-workflow-queries';

/** What the workflow list's filter bar holds (besides paging and sort). */
export type WorkflowListState = ListPaging & {
  search: string;
  branchId: number | null;
  licenseClass: LicenseClass | null;
  onlyDebtors: boolean;
  onlyFailed: boolean;
  /** `null`: both, running and paused. */
  automaticPayment: boolean | null;
  /** Also the finished educations (off: only those still in training). */
  withFinished: boolean;
};

export const INITIAL_WORKFLOW_LIST: WorkflowListState = {
  page: 1,
  pageSize: 25,
  sort: { id: 'lastName', desc: false },
  search: '',
  branchId: null,
  licenseClass: null,
  onlyDebtors: false,
  onlyFailed: false,
  automaticPayment: null,
  withFinished: false,
};

export function isWorkflowListFiltered(state: WorkflowListState): boolean {
  return (
    state.search.trim() !== '' ||
    state.branchId !== null ||
    state.licenseClass !== null ||
    state.onlyDebtors ||
    state.onlyFailed ||
    state.automaticPayment !== null ||
    state.withFinished
  );
}

/** The body of `POST /payment-workflows/paged-students-list/filter` for one workflow. */
export function toWorkflowFilter(
  state: WorkflowListState,
  paymentWorkflow: PaymentWorkflow,
): PaymentWorkflowStudentFilter {
  const search = toSearch(state.search);
  const sort = toSortOrder<PaymentWorkflowStudentSortField>(state.sort);
  return {
    paymentWorkflow,
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    ...(sort ? { sort } : {}),
    ...(search ? { search } : {}),
    ...(state.branchId !== null ? { branchIds: [state.branchId] } : {}),
    ...(state.licenseClass !== null ? { licenseClasses: [state.licenseClass] } : {}),
    ...(state.onlyDebtors ? { onlyDebtors: true } : {}),
    ...(state.onlyFailed ? { onlyFailed: true } : {}),
    ...(state.automaticPayment !== null ? { automaticPayment: state.automaticPayment } : {}),
    ...(state.withFinished ? {} : { finishedEducation: false }),
  };
}
