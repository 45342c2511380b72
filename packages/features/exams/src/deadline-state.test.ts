import { expect, test } from 'vitest';
import { addMonths, daysUntil, deadlineState, practicalExamDeadline } from './deadline-state';

test('a deadline more than 30 days ahead is ok', () => {
  expect(deadlineState('2026-06-01', '2026-03-01')).toBe('ok');
  expect(deadlineState('2026-04-01', '2026-03-01')).toBe('ok'); // 31 days
});

test('from 30 days before up to the day itself it is soon', () => {
  expect(deadlineState('2026-03-31', '2026-03-01')).toBe('soon'); // 30 days
  expect(deadlineState('2026-03-01', '2026-03-01')).toBe('soon');
});

test('from the day after it has lapsed', () => {
  expect(deadlineState('2026-02-28', '2026-03-01')).toBe('lapsed');
  expect(deadlineState('2025-03-01', '2026-03-01')).toBe('lapsed');
});

test('the warning distance can be given', () => {
  expect(deadlineState('2026-03-10', '2026-03-01', 7)).toBe('ok');
  expect(deadlineState('2026-03-08', '2026-03-01', 7)).toBe('soon');
});

test('days count calendar days across the change to summer time', () => {
  expect(daysUntil('2026-03-30', '2026-03-28')).toBe(2);
  expect(daysUntil('2026-03-28', '2026-03-30')).toBe(-2);
});

test('the practical exam window is twelve months after the passed theory exam', () => {
  expect(practicalExamDeadline('2026-01-15')).toBe('2027-01-15');
  expect(practicalExamDeadline('2028-02-29')).toBe('2029-02-28');
  expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
});
