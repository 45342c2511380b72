import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  parseMoney,
  startOfWeek,
  toIsoDate,
  WEEK_STARTS_ON,
} from './format';

describe('formatDate', () => {
  it('shows DD.MM.YYYY', () => {
    expect(formatDate(new Date('2024-03-05T10:00:00Z'))).toBe('05.03.2024');
  });

  it('uses the Berlin calendar day, not UTC', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin (UTC+1).
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    // 22:30 UTC in summer is 00:30 the next day in Berlin (UTC+2).
    expect(formatDate('2024-07-14T22:30:00Z')).toBe('15.07.2024');
  });

  it('keeps a date-only ISO string as that calendar day', () => {
    expect(formatDate('2024-02-29')).toBe('29.02.2024');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2023, 0, 9, 12))).toBe('09.01.2023');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('kein Datum')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('shows HH:mm in Berlin time, winter and summer', () => {
    expect(formatTime('2024-01-15T07:05:00Z')).toBe('08:05');
    expect(formatTime('2024-07-15T07:05:00Z')).toBe('09:05');
  });

  it('uses 24 hours and 00 at midnight', () => {
    expect(formatTime('2024-01-15T23:00:00Z')).toBe('00:00');
    expect(formatTime('2024-01-15T16:45:00Z')).toBe('17:45');
  });
});

describe('formatDateTime', () => {
  it('joins date and time', () => {
    expect(formatDateTime('2024-10-27T00:30:00Z')).toBe('27.10.2024 02:30');
    // The clocks went back at 01:00 UTC that day.
    expect(formatDateTime('2024-10-27T01:30:00Z')).toBe('27.10.2024 02:30');
  });
});

describe('toIsoDate', () => {
  it('gives the Berlin calendar day', () => {
    expect(toIsoDate('2024-12-31T23:30:00Z')).toBe('2025-01-01');
  });
});

describe('formatMoney', () => {
  it.each([
    [123450, '1234,50 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [99, '0,99 €'],
    [100, '1,00 €'],
    [123456789, '1234567,89 €'],
    [-2550, '-25,50 €'],
    [-5, '-0,05 €'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('has no thousands separator and a space before the euro sign', () => {
    expect(formatMoney(100000000)).toBe('1000000,00 €');
  });

  it('rounds fractional cents', () => {
    expect(formatMoney(10.6)).toBe('0,11 €');
  });

  it('refuses non-numbers', () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['1234,50 €', 123450],
    ['1234,50', 123450],
    ['1.234,50 €', 123450],
    ['1.234', 123400],
    ['12', 1200],
    ['12,5', 1250],
    ['12,', 1200],
    ['0,05', 5],
    ['12.50', 1250],
    ['-25,50 €', -2550],
    ['  7,00  EUR ', 700],
    ['1234567,89 €', 123456789],
  ])('%s → %i', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', '€', 'abc', '1,234', '12,345', '1.23.4', '1,2,3', '--5'])('%s → null', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('round-trips with formatMoney', () => {
    for (const cents of [0, 1, 99, 100, 123450, -2550, 999999]) {
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    }
  });
});

describe('startOfWeek', () => {
  it('starts weeks on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });

  it('gives Monday 00:00 Berlin time', () => {
    // Thursday 7 March 2024 → Monday 4 March 2024 00:00 CET = 3 March 23:00 UTC.
    expect(startOfWeek('2024-03-07T12:00:00Z').toISOString()).toBe('2024-03-03T23:00:00.000Z');
  });

  it('keeps a Monday and moves a Sunday back six days', () => {
    expect(startOfWeek('2024-03-04').toISOString()).toBe('2024-03-03T23:00:00.000Z');
    expect(startOfWeek('2024-03-10').toISOString()).toBe('2024-03-03T23:00:00.000Z');
  });

  it('uses the Berlin day near midnight', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin (summer): that Monday.
    expect(startOfWeek('2024-07-14T22:30:00Z').toISOString()).toBe('2024-07-14T22:00:00.000Z');
  });

  it('handles a week that crosses the switch to summer time', () => {
    // Sunday 31 March 2024 (clocks go forward) belongs to the week of Monday 25 March (CET).
    expect(startOfWeek('2024-03-31T12:00:00Z').toISOString()).toBe('2024-03-24T23:00:00.000Z');
  });
});
