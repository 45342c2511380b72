import type { BadgeTone } from '@fahrwerk/ui';
import type { EducationRequirementName, ExamStatus } from './api/exam-queries';

/*
 * The contract's one list of exam statuses (enums.yaml `ExamStatus`) and the changes the
 * server allows (`PUT /{resource}/update-student-exam-statuses`). The records below name
 * every status, so a status added to the contract fails the typecheck until it is placed.
 */

/** Badge colour of each status; the text says the status, the colour only supports it. */
export const EXAM_STATUS_TONE: Record<ExamStatus, BadgeTone> = {
  PLANNED: 'neutral',
  READY: 'brand',
  BOOKED: 'brand',
  PASSED: 'success',
  FAILED: 'danger',
  ABSENT: 'warning',
  CANCELLED: 'neutral',
};

/** Every status in the contract's order. */
export const EXAM_STATUSES = Object.keys(EXAM_STATUS_TONE) as ExamStatus[];

/** The results, recorded on or after the exam date. */
export const EXAM_RESULTS: readonly ExamStatus[] = ['PASSED', 'FAILED', 'ABSENT'];

const TRANSITIONS: Record<ExamStatus, readonly ExamStatus[]> = {
  PLANNED: ['READY', 'CANCELLED'],
  READY: ['PLANNED', 'BOOKED', 'CANCELLED'],
  BOOKED: ['PASSED', 'FAILED', 'ABSENT', 'CANCELLED'],
  PASSED: ['FAILED', 'ABSENT'],
  FAILED: ['PASSED', 'ABSENT'],
  ABSENT: ['PASSED', 'FAILED'],
  CANCELLED: ['PLANNED'],
};

/**
 * The statuses a participant can be set to from `current` (the server refuses others with
 * `errors.exam_status_transition`); results only on or after the exam's date.
 */
export function nextStatuses(current: ExamStatus, examDate: string, today: string): ExamStatus[] {
  return TRANSITIONS[current].filter(
    (status) => !EXAM_RESULTS.includes(status) || examDate <= today,
  );
}

/** Whether a participant with this status can still leave the exam (no result recorded). */
export const isRemovable = (status: ExamStatus): boolean => !EXAM_RESULTS.includes(status);

/** The spec's literal for "nothing to check" (001 §3). */
export const NO_DATA: EducationRequirementName = 'no data';

/** The text key of a requirement name (`no data` has a space, not fit for a key path). */
export const requirementKey = (name: EducationRequirementName): string =>
  `requirements.${name === NO_DATA ? 'noData' : name}`;

/** Protocol files: PDF or images, at most 10 MB (the contract's `ExamProtocolUpload`). */
export const PROTOCOL_MAX_BYTES = 10 * 1024 * 1024;
export const PROTOCOL_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];
