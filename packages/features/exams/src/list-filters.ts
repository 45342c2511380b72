import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { ExamFilter } from './api/exam-queries';

export type ExamView = 'list' | 'calendar';

/** What an exam list remembers (`useListFilter('theoryExam' | 'practicalExam')`). */
export type ExamListState = ListPaging & {
  view: ExamView;
  search: string;
  archived: boolean;
  testingOrganizationId: number | null;
  /** `null`: every exam; `true` / `false`: only booked / only not yet booked ones. */
  booked: boolean | null;
  /** The first day of the list (`YYYY-MM-DD`); `null` from the very first exam on. */
  from: string | null;
  /** The month the calendar shows (`YYYY-MM`); `null`: the current month. */
  month: string | null;
};

export const INITIAL_EXAM_LIST: ExamListState = {
  view: 'list',
  search: '',
  archived: false,
  testingOrganizationId: null,
  booked: null,
  from: null,
  month: null,
  page: 1,
  pageSize: 25,
  // Newest first: the coming exams and the ones just held (results to record) on page 1, not
  // the school's first exam years ago.
  sort: { id: 'date', desc: true },
};

/** The body of `POST {resource}/filter` for the list. */
export function toExamFilter(state: ExamListState): ExamFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: state.archived,
    search: toSearch(state.search),
    testingOrganizationId: state.testingOrganizationId ?? undefined,
    booked: state.booked ?? undefined,
    from: state.from ?? undefined,
    sort: toSortOrder<'date' | 'listNumber' | 'createdAt'>(state.sort),
  };
}
