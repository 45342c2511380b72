import { expect, test } from 'vitest';
import { EXAM_STATUSES, isRemovable, nextStatuses, requirementKey } from './exam-status';

test('every contract status is listed once', () => {
  expect(EXAM_STATUSES).toEqual([
    'PLANNED',
    'READY',
    'BOOKED',
    'PASSED',
    'FAILED',
    'ABSENT',
    'CANCELLED',
  ]);
});

test('results are offered only for a booked participant on or after the exam date', () => {
  expect(nextStatuses('BOOKED', '2026-03-10', '2026-03-09')).toEqual(['CANCELLED']);
  expect(nextStatuses('BOOKED', '2026-03-10', '2026-03-10')).toEqual([
    'PASSED',
    'FAILED',
    'ABSENT',
    'CANCELLED',
  ]);
  expect(nextStatuses('PLANNED', '2026-03-10', '2026-03-01')).toEqual(['READY', 'CANCELLED']);
});

test('a result can be corrected to another result, a cancellation goes back to planned', () => {
  expect(nextStatuses('FAILED', '2026-03-10', '2026-03-11')).toEqual(['PASSED', 'ABSENT']);
  expect(nextStatuses('CANCELLED', '2026-03-10', '2026-03-01')).toEqual(['PLANNED']);
});

test('participants with a result stay in the exam', () => {
  expect(isRemovable('BOOKED')).toBe(true);
  expect(isRemovable('FAILED')).toBe(false);
});

test('the spec literal "no data" has its own text key', () => {
  expect(requirementKey('no data')).toBe('requirements.noData');
  expect(requirementKey('firstAid')).toBe('requirements.firstAid');
});
