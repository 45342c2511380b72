import type { ListFilterKey } from '@fahrwerk/core';

/** Which of the two exam resources a screen shows. */
export type ExamKind = 'theory' | 'practical';

/** The contract's `ExamKind` of a screen kind. */
export const CONTRACT_KIND = { theory: 'THEORY', practical: 'PRACTICAL' } as const;

/** The list filter the spec names for each kind (000 §4), remembered until sign-out. */
export const LIST_FILTER_KEY: Record<ExamKind, ListFilterKey> = {
  theory: 'theoryExam',
  practical: 'practicalExam',
};

/** The base path of each kind (the spec's `{resource}`). */
export const EXAM_RESOURCE = { theory: '/theory-exams', practical: '/practical-exams' } as const;

export type ExamResource = (typeof EXAM_RESOURCE)[ExamKind];

/** The back office's routes of each kind (spec 001 §2). */
export const EXAM_ROUTE = { theory: '/theory-exam', practical: '/practical-exam' } as const;
