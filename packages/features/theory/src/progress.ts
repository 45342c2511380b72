import type { TheoryProgress, TheorySyllabusProgress } from './api/theory-queries';

/** One syllabus as the panel shows it: each required lesson number, attended or missing. */
export type SyllabusRow = {
  required: number;
  attendedCount: number;
  lessons: { number: number; attended: boolean }[];
  /** Attended numbers beyond the required ones (extra lessons), shown as such. */
  extra: number[];
};

export type ProgressSummary = {
  basic: SyllabusRow;
  additional: SyllabusRow;
  /** Double lessons still missing before the theory exam. */
  missingCount: number;
  /** 0–100, of all required double lessons. */
  percent: number;
  complete: boolean;
};

function syllabusRow(progress: TheorySyllabusProgress): SyllabusRow {
  const attended = new Set(progress.attended);
  const lessons = Array.from({ length: progress.required }, (_, index) => ({
    number: index + 1,
    attended: attended.has(index + 1),
  }));
  return {
    required: progress.required,
    attendedCount: lessons.filter((lesson) => lesson.attended).length,
    lessons,
    extra: progress.attended.filter((number) => number > progress.required),
  };
}

/** The panel's view of `GET /student-educations/{id}/theory-progress`. */
export function summarizeProgress(progress: TheoryProgress): ProgressSummary {
  const basic = syllabusRow(progress.basic);
  const additional = syllabusRow(progress.additional);
  const required = basic.required + additional.required;
  const done = basic.attendedCount + additional.attendedCount;
  return {
    basic,
    additional,
    missingCount: required - done,
    percent: required === 0 ? 100 : Math.round((done / required) * 100),
    complete: progress.complete,
  };
}
