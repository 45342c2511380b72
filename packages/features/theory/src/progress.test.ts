import { expect, test } from 'vitest';
import { summarizeProgress } from './progress';

test('class B: 12 basic and 2 additional lessons, counted once each', () => {
  const summary = summarizeProgress({
    studentEducationId: 1,
    licenseClass: 'B',
    basic: { required: 12, attended: [1, 2, 3, 5, 8], missing: [4, 6, 7, 9, 10, 11, 12] },
    additional: { required: 2, attended: [1], missing: [2] },
    complete: false,
  });
  expect(summary.basic.attendedCount).toBe(5);
  expect(summary.basic.lessons.filter((l) => !l.attended).map((l) => l.number)).toEqual([
    4, 6, 7, 9, 10, 11, 12,
  ]);
  expect(summary.additional.lessons).toEqual([
    { number: 1, attended: true },
    { number: 2, attended: false },
  ]);
  expect(summary.missingCount).toBe(8);
  expect(summary.percent).toBe(43);
  expect(summary.complete).toBe(false);
});

test('a trailer class needs no basic syllabus; extra numbers are kept apart', () => {
  const summary = summarizeProgress({
    studentEducationId: 2,
    licenseClass: 'BE',
    basic: { required: 0, attended: [2], missing: [] },
    additional: { required: 3, attended: [1, 2, 3], missing: [] },
    complete: true,
  });
  expect(summary.basic.lessons).toEqual([]);
  expect(summary.basic.extra).toEqual([2]);
  expect(summary.missingCount).toBe(0);
  expect(summary.percent).toBe(100);
});
