import { expect, test } from 'vitest';
import {
  formatDay,
  formatEuro,
  formatEuroAxis,
  formatMonth,
  formatMonthNumeric,
  formatNumber,
  formatPercent,
  formatPeriod,
} from './format';

/** Intl writes a no-break space before `€` and `%`; the tests read it as a space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

test('money from cents as the product writes it: decimal comma, two decimals, € after', () => {
  expect(plain(formatEuro(123_450))).toBe('1234,50 €');
  expect(plain(formatEuro(0))).toBe('0,00 €');
  expect(plain(formatEuro(-8_400))).toBe('-84,00 €');
  expect(plain(formatEuro(1_000_000_00))).toBe('1000000,00 €');
  expect(plain(formatEuroAxis(123_450))).toBe('1235 €');
});

test('percent of a 0–100 rate, at most one decimal', () => {
  expect(plain(formatPercent(87.5))).toBe('87,5 %');
  expect(plain(formatPercent(66.67))).toBe('66,7 %');
  expect(plain(formatPercent(100))).toBe('100 %');
  expect(plain(formatPercent(0))).toBe('0 %');
});

test('numbers, months and days', () => {
  expect(formatNumber(1234.56)).toBe('1.234,6');
  expect(formatNumber(12_345, 0)).toBe('12.345');
  expect(formatMonth('2026-01')).toBe('Jan. 2026');
  expect(formatMonth('2026-03')).toBe('März 2026');
  expect(formatMonth('2025-12')).toBe('Dez. 2025');
  expect(formatMonthNumeric('2026-01')).toBe('01.2026');
  expect(formatDay('2026-01-05')).toBe('05.01.2026');
  expect(formatPeriod('2026-01-01', '2026-12-31')).toBe('01.01.2026 – 31.12.2026');
});
