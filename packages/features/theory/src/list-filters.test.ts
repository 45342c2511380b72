import { expect, test } from 'vitest';
import { INITIAL_THEORY_LIST, isFiltered, toTheoryListFilter } from './list-filters';

test('the course list asks for a zero-based page, newest start first, without empty filters', () => {
  expect(toTheoryListFilter(INITIAL_THEORY_LIST)).toEqual({
    page: 0,
    size: 25,
    archived: false,
    sort: [{ field: 'start', direction: 'desc' }],
  });
  expect(isFiltered(INITIAL_THEORY_LIST)).toBe(false);
});

test('branch, class, date range and archive go into the body', () => {
  const state = {
    ...INITIAL_THEORY_LIST,
    page: 2,
    search: ' Juli ',
    branchId: 2,
    licenseClass: 'B' as const,
    from: '2026-03-01',
    to: '2026-03-31',
    archived: true,
    sort: null,
  };
  expect(toTheoryListFilter(state)).toEqual({
    page: 1,
    size: 25,
    archived: true,
    search: 'Juli',
    branchId: 2,
    licenseClass: 'B',
    from: '2026-03-01',
    to: '2026-03-31',
  });
  expect(isFiltered(state)).toBe(true);
});
