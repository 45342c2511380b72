import { expect, test } from 'vitest';
import { clearListFilters, readListFilter, writeListFilter } from './list-filters';
import { hasPermissions } from './permissions';

test('a permission check with no permission given is true', () => {
  expect(hasPermissions(new Set(), [])).toBe(true);
  expect(hasPermissions(new Set(), undefined)).toBe(true);
});

test('every listed permission is needed', () => {
  const granted = new Set(['MODULE_COMPANY'] as const);
  expect(hasPermissions(granted, ['MODULE_COMPANY'])).toBe(true);
  expect(hasPermissions(granted, ['MODULE_COMPANY', 'MODULE_COMPANY_WRITE'])).toBe(false);
});

test('list filters survive until cleared', () => {
  writeListFilter('branch', { search: 'Nord' });
  expect(readListFilter('branch')).toEqual({ search: 'Nord' });
  clearListFilters();
  expect(readListFilter('branch')).toBeNull();
});
