import { expect, test } from 'vitest';
import { INITIAL_EXAM_LIST, toExamFilter } from './list-filters';

test('the exam list asks for a zero-based page sorted by date, leaving out empty filters', () => {
  expect(JSON.parse(JSON.stringify(toExamFilter(INITIAL_EXAM_LIST)))).toEqual({
    page: 0,
    size: 25,
    archived: false,
    sort: [{ field: 'date', direction: 'desc' }],
  });
});

test('chosen filters reach the body', () => {
  expect(
    toExamFilter({
      ...INITIAL_EXAM_LIST,
      page: 2,
      search: ' 4711 ',
      testingOrganizationId: 3,
      booked: false,
      from: '2026-03-01',
      archived: true,
      sort: { id: 'listNumber', desc: true },
    }),
  ).toEqual({
    page: 1,
    size: 25,
    archived: true,
    search: '4711',
    testingOrganizationId: 3,
    booked: false,
    from: '2026-03-01',
    sort: [{ field: 'listNumber', direction: 'desc' }],
  });
});
