/*
 * Shapes the server's report answers for charts and tables. Nothing is computed here that
 * the server did not already compute, except the passed exams per month (a count of the rows
 * answered, for the chart only) and the middle-half spread of the durations (p75 − p25).
 */

import { PAYMENT_METHODS } from '@fahrwerk/api';
import type {
  EducationDurationOfClass,
  PassedExam,
  PaymentMethod,
  PaymentsPerDrivingSchoolReport,
} from './api/report-queries';
import { isoDate, shiftMonth, yearMonth } from './period';

/** Every month (`YYYY-MM`) from the month of `from` to the month of `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const first = yearMonth(from);
  const last = yearMonth(to);
  const months: string[] = [];
  let current = first;
  while (current.year * 12 + current.month <= last.year * 12 + last.month) {
    months.push(isoDate(current.year, current.month, 1).slice(0, 7));
    current = shiftMonth(current.year, current.month, 1);
  }
  return months;
}

export type MonthCount = { month: string; count: number };

/**
 * The passed exams per month of the period, months without one included (count 0). Only the
 * rows answered are counted: when the list was cut at 10 000 the screen says so.
 */
export function passedExamsPerMonth(exams: PassedExam[], from: string, to: string): MonthCount[] {
  const counts = new Map(monthsBetween(from, to).map((month) => [month, 0]));
  for (const exam of exams) {
    const month = exam.examDate.slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, count]) => ({ month, count }));
}

/** One month of the payments: the amount per method (cents) and the month's sum. */
export type PaymentsMonth = { month: string; total: number } & Partial<
  Record<PaymentMethod, number>
>;

/** The methods that occur in a payments report, in the contract's order. */
export function paymentMethodsOf(report: PaymentsPerDrivingSchoolReport): PaymentMethod[] {
  const used = new Set<PaymentMethod>([
    ...report.rows.map((row) => row.method),
    ...report.methods.map((row) => row.method),
  ]);
  return PAYMENT_METHODS.filter((method) => used.has(method));
}

/** The payments' rows (month × method) as one entry per month, in order. */
export function paymentsPerMonth(report: PaymentsPerDrivingSchoolReport): PaymentsMonth[] {
  const months = new Map<string, PaymentsMonth>();
  for (const row of report.rows) {
    const entry = months.get(row.month) ?? { month: row.month, total: 0 };
    entry[row.method] = (entry[row.method] ?? 0) + row.amount;
    entry.total += row.amount;
    months.set(row.month, entry);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** A class's duration for the chart: the median bar with the middle half (p25–p75) around it. */
export type DurationBar = {
  licenseClass: string;
  medianDays: number;
  p25Days: number;
  p75Days: number;
  /** Below and above the median, for the chart's error bar. */
  spread: [number, number];
};

export function durationBars(classes: EducationDurationOfClass[]): DurationBar[] {
  return classes.map((row) => ({
    licenseClass: row.licenseClass,
    medianDays: row.medianDays,
    p25Days: row.p25Days,
    p75Days: row.p75Days,
    spread: [Math.max(0, row.medianDays - row.p25Days), Math.max(0, row.p75Days - row.medianDays)],
  }));
}

const UMLAUTS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
};

/** A name as a file name part: umlauts written out, anything but letters and digits a `-`. */
export function fileNamePart(text: string): string {
  return text
    .replace(/[äöüÄÖÜß]/g, (letter) => UMLAUTS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `pruefungsmappe_<Nachname-Vorname>_<from>_<to>.pdf`. */
export function inspectionPackFileName(
  instructor: { firstName: string; lastName: string },
  from: string,
  to: string,
): string {
  const name = fileNamePart(`${instructor.lastName} ${instructor.firstName}`) || 'fahrlehrer';
  return `pruefungsmappe_${name}_${from}_${to}.pdf`;
}

/** The school report's name when the server sends none: `schulbericht_<from>_<to>.pdf`. */
export function schoolReportFileName(from: string, to: string): string {
  return `schulbericht_${from}_${to}.pdf`;
}
