import { expect, test } from 'vitest';
import type { PassedExam, PaymentsPerDrivingSchoolReport } from './api/report-queries';
import {
  durationBars,
  inspectionPackFileName,
  monthsBetween,
  passedExamsPerMonth,
  paymentMethodsOf,
  paymentsPerMonth,
} from './report-data';

const exam = (examDate: string): PassedExam => ({
  examDate,
  studentId: 1,
  firstName: 'Lea',
  lastName: 'Schulz',
  licenseClass: 'B',
  attempt: 1,
});

test('months of a period, across the turn of the year', () => {
  expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual([
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
  ]);
  expect(monthsBetween('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
});

test('passed exams per month: every month of the period, empty ones with 0', () => {
  const exams = [exam('2026-01-05'), exam('2026-01-28'), exam('2026-03-02')];
  expect(passedExamsPerMonth(exams, '2026-01-01', '2026-04-30')).toEqual([
    { month: '2026-01', count: 2 },
    { month: '2026-02', count: 0 },
    { month: '2026-03', count: 1 },
    { month: '2026-04', count: 0 },
  ]);
  expect(passedExamsPerMonth([], '2026-01-01', '2026-01-31')).toEqual([
    { month: '2026-01', count: 0 },
  ]);
});

test('payments: month × method rows become one entry per month', () => {
  const report: PaymentsPerDrivingSchoolReport = {
    from: '2026-01-01',
    to: '2026-12-31',
    rows: [
      { month: '2026-02', method: 'CASH', count: 1, amount: 5_000 },
      { month: '2026-01', method: 'TRANSFER', count: 2, amount: 49_800 },
      { month: '2026-01', method: 'CASH', count: 1, amount: -2_000 },
    ],
    methods: [
      { method: 'TRANSFER', count: 2, amount: 49_800 },
      { method: 'CASH', count: 2, amount: 3_000 },
    ],
    total: 52_800,
  };
  expect(paymentMethodsOf(report)).toEqual(['TRANSFER', 'CASH']);
  expect(paymentsPerMonth(report)).toEqual([
    { month: '2026-01', TRANSFER: 49_800, CASH: -2_000, total: 47_800 },
    { month: '2026-02', CASH: 5_000, total: 5_000 },
  ]);
});

test('durations: the error bar reaches from p25 to p75 around the median', () => {
  expect(
    durationBars([
      {
        licenseClass: 'B',
        educationCount: 40,
        averageDays: 190.5,
        medianDays: 175,
        minDays: 61,
        maxDays: 480,
        p25Days: 130,
        p75Days: 240,
        averageDrivingLessons: 31.2,
      },
    ]),
  ).toEqual([{ licenseClass: 'B', medianDays: 175, p25Days: 130, p75Days: 240, spread: [45, 65] }]);
});

test('the inspection pack file name writes umlauts out', () => {
  expect(
    inspectionPackFileName(
      { firstName: 'Jörg', lastName: 'Müller-Lüdenscheidt' },
      '2026-10-01',
      '2026-10-31',
    ),
  ).toBe('pruefungsmappe_Mueller-Luedenscheidt-Joerg_2026-10-01_2026-10-31.pdf');
});
