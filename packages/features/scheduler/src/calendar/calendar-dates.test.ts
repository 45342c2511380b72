import { describe, expect, test } from 'vitest';
import {
  addDays,
  isoWeek,
  mondayOf,
  rangeOf,
  shiftDate,
  toMinutes,
  toTime,
} from './calendar-dates';

describe('calendar dates', () => {
  test('the week starts on Monday', () => {
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(rangeOf('week', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  test('a month shows whole weeks, at most 42 days', () => {
    expect(rangeOf('month', '2026-03-15')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    const { from, to } = rangeOf('month', '2026-08-10');
    expect(from).toBe('2026-07-27');
    expect(to).toBe('2026-09-06');
  });

  test('stepping by span, across the DST change and the year', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(shiftDate('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('day', '2026-03-01', -1)).toBe('2026-02-28');
  });

  test('ISO week numbers (KW)', () => {
    expect(isoWeek('2026-03-04')).toBe(10);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2026-01-01')).toBe(1);
  });

  test('times', () => {
    expect(toMinutes('07:45')).toBe(465);
    expect(toTime(1440)).toBe('24:00');
  });
});
