import type { ReportKind } from './api/report-queries';

/** The four report screens of the back office (routes `/finances`, `/training`, …). */
export const REPORT_AREAS = ['finances', 'training', 'learn', 'planning'] as const;
export type ReportArea = (typeof REPORT_AREAS)[number];

/** The reports of each screen, as its tabs, in order. */
export const AREA_REPORTS = {
  finances: ['PAYMENTS_PER_DRIVING_SCHOOL', 'BALANCE_PER_DRIVING_SCHOOL', 'SALES_PER_INSTRUCTOR'],
  training: [
    'PRACTICAL_EXAM_SUCCESS_RATE',
    'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS',
    'EDUCATION_DURATION',
  ],
  learn: ['THEORY_EXAM_SUCCESS_RATE', 'SUCCESSFULLY_PASSED_THEORY_EXAMS'],
  planning: ['KM_PER_DRIVING_LESSON'],
} as const satisfies Record<ReportArea, readonly ReportKind[]>;

/** Reports whose figures have no instructor (payments, balances): the server ignores it. */
export const IGNORES_INSTRUCTOR: ReadonlySet<ReportKind> = new Set([
  'PAYMENTS_PER_DRIVING_SCHOOL',
  'BALANCE_PER_DRIVING_SCHOOL',
]);

/** The report a screen shows: the one asked for when it belongs there, else its first. */
export function reportOfArea(area: ReportArea, report: unknown): ReportKind {
  const reports: readonly ReportKind[] = AREA_REPORTS[area];
  return reports.find((kind) => kind === report) ?? (reports[0] as ReportKind);
}
