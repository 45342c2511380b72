import { describe, expect, test } from 'vitest';
import {
  fiscalYearOf,
  fiscalYearToDate,
  lastMonth,
  lastQuarter,
  previousMonth,
  recentMonths,
  spansFiscalYears,
} from './periods';

describe('presets', () => {
  test('last month, across the turn of the year and in a leap year', () => {
    expect(lastMonth('2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  test('last quarter is the calendar quarter before today’s', () => {
    expect(lastQuarter('2026-11-26')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(lastQuarter('2026-10-01')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(lastQuarter('2026-02-15')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(lastQuarter('2026-06-30')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  test('fiscal year so far starts in the configured month', () => {
    expect(fiscalYearToDate('2026-11-26', 1)).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(fiscalYearToDate('2026-11-26', 7)).toEqual({ from: '2026-07-01', to: '2026-11-26' });
    expect(fiscalYearToDate('2026-03-10', 7)).toEqual({ from: '2025-07-01', to: '2026-03-10' });
    expect(fiscalYearToDate('2026-07-01', 7)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
  });
});

describe('fiscal years', () => {
  test('the fiscal year of a day', () => {
    expect(fiscalYearOf('2026-05-01', 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(fiscalYearOf('2026-05-01', 7)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(fiscalYearOf('2024-02-10', 3)).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  test('a period spans fiscal years when it ends after the fiscal year of its start', () => {
    expect(spansFiscalYears({ from: '2026-01-01', to: '2026-12-31' }, 1)).toBe(false);
    expect(spansFiscalYears({ from: '2025-12-01', to: '2026-01-31' }, 1)).toBe(true);
    expect(spansFiscalYears({ from: '2026-06-01', to: '2026-07-31' }, 7)).toBe(true);
    expect(spansFiscalYears({ from: '2026-07-01', to: '2027-06-30' }, 7)).toBe(false);
  });
});

describe('payroll months', () => {
  test('recent months end with today’s and never lie ahead', () => {
    expect(recentMonths('2026-02-10', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(previousMonth('2026-01-10')).toBe('2025-12');
  });
});
