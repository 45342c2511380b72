import { expect, test } from 'vitest';
import {
  INITIAL_BRANCH_LIST,
  INITIAL_VEHICLE_LIST,
  toBranchFilter,
  toVehicleFilter,
} from './list-filters';

test('the branch list asks the server for a zero-based page with trimmed search and sort', () => {
  expect(toBranchFilter({ ...INITIAL_BRANCH_LIST, page: 3, search: '  Mitte ' })).toEqual({
    page: 2,
    size: 25,
    archived: false,
    search: 'Mitte',
    sort: [{ field: 'name', direction: 'asc' }],
  });
  expect(
    JSON.parse(JSON.stringify(toBranchFilter({ ...INITIAL_BRANCH_LIST, search: ' ', sort: null }))),
  ).toEqual({ page: 0, size: 25, archived: false });
});

test('the vehicle list sends the class only when one is chosen', () => {
  const all = JSON.parse(JSON.stringify(toVehicleFilter(INITIAL_VEHICLE_LIST)));
  expect(all).not.toHaveProperty('licenseClass');
  expect(
    toVehicleFilter({
      ...INITIAL_VEHICLE_LIST,
      licenseClass: 'B',
      archived: true,
      sort: { id: 'name', desc: true },
    }),
  ).toMatchObject({
    archived: true,
    licenseClass: 'B',
    sort: [{ field: 'name', direction: 'desc' }],
  });
});
