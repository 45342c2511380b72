/*
 * Exam deadlines (DOMAIN.md): the practical exam must follow within 12 months of the passed
 * theory exam, and the exam application at the licensing authority expires. Both are warned
 * the same way: 30 days before the date the office is told ("soon"), from the day after it
 * the date has lapsed. Dates are calendar days (`YYYY-MM-DD`); "today" is the day in Berlin.
 */

/** Days before a deadline from which it is warned. */
export const DEADLINE_WARNING_DAYS = 30;

/** Months after the passed theory exam within which the practical exam must be taken. */
export const PRACTICAL_EXAM_WINDOW_MONTHS = 12;

export type DeadlineState = 'ok' | 'soon' | 'lapsed';

const dayNumber = (isoDate: string): number => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / 86_400_000;
};

/** Whole days from `today` to `date` (negative once it has passed). */
export function daysUntil(date: string, today: string): number {
  return Math.round(dayNumber(date) - dayNumber(today));
}

/**
 * The warning level of a deadline on `today`: `lapsed` from the day after `date`, `soon` from
 * `warningDays` days before it up to and including the day itself, else `ok`.
 */
export function deadlineState(
  date: string,
  today: string,
  warningDays: number = DEADLINE_WARNING_DAYS,
): DeadlineState {
  const days = daysUntil(date, today);
  if (days < 0) return 'lapsed';
  if (days <= warningDays) return 'soon';
  return 'ok';
}

/**
 * `date` plus whole months; a day the target month lacks becomes its last day
 * (29.02.2028 + 12 months → 28.02.2029).
 */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The last day of the practical exam's window after the theory exam passed on `passedOn`. */
export function practicalExamDeadline(passedOn: string): string {
  return addMonths(passedOn, PRACTICAL_EXAM_WINDOW_MONTHS);
}
