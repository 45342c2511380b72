import { expect, test } from 'vitest';
import { INITIAL_CALENDAR_FILTER, toCalendarFilter } from './calendar-filter';

const range = { from: '2026-03-02', to: '2026-03-08' };

test('an empty filter asks for the range only', () => {
  expect(toCalendarFilter(INITIAL_CALENDAR_FILTER, range)).toEqual(range);
});

test('every part of the filter goes into the body', () => {
  expect(
    toCalendarFilter(
      { branchId: 2, instructorIds: [7, 3], vehicleId: 4, types: ['EXAM', 'DRIVING'] },
      range,
    ),
  ).toEqual({
    ...range,
    branchId: 2,
    instructorIds: [3, 7],
    vehicleIds: [4],
    types: ['DRIVING', 'EXAM'],
  });
});

test('all types chosen is no type filter', () => {
  const all = {
    ...INITIAL_CALENDAR_FILTER,
    types: ['DRIVING', 'THEORY', 'EXAM', 'PRIVATE', 'OTHER'] as const,
  };
  expect(toCalendarFilter({ ...all, types: [...all.types] }, range).types).toBeUndefined();
});
