import { expect, test } from 'vitest';
import {
  daysInPeriod,
  defaultFilter,
  filterFromSearch,
  inspectionPackPeriodError,
  isIsoDate,
  periodError,
  presetPeriod,
  type ReportFilterState,
  searchOfFilter,
  toReportFilter,
  withPreset,
} from './period';

test('the presets are whole calendar months and years', () => {
  expect(presetPeriod('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  expect(presetPeriod('thisMonth', '2026-01-15')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  expect(presetPeriod('thisMonth', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  expect(presetPeriod('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  expect(presetPeriod('thisYear', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  expect(presetPeriod('lastYear', '2026-01-01')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  expect(presetPeriod('last12Months', '2026-01-15')).toEqual({
    from: '2025-02-01',
    to: '2026-01-31',
  });
  expect(presetPeriod('last12Months', '2026-12-31')).toEqual({
    from: '2026-01-01',
    to: '2026-12-31',
  });
  expect(presetPeriod('custom', '2026-01-15')).toBeNull();
});

test('the default is this year without restrictions', () => {
  expect(defaultFilter('2026-11-26')).toEqual({
    preset: 'thisYear',
    from: '2026-01-01',
    to: '2026-12-31',
    branchId: null,
    instructorId: null,
    licenseClass: null,
  });
});

test('a period is sent only with both days, in order, and at most ten years', () => {
  expect(periodError({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  expect(periodError({ from: '', to: '2026-01-01' })).toBe('missing');
  expect(periodError({ from: '2026-02-30', to: '2026-03-01' })).toBe('missing');
  expect(periodError({ from: '2026-02-01', to: '2026-01-31' })).toBe('order');
  expect(periodError({ from: '2016-01-01', to: '2025-12-31' })).toBeNull();
  expect(periodError({ from: '2016-01-01', to: '2026-01-01' })).toBe('tooLong');
  expect(isIsoDate('2024-02-29')).toBe(true);
  expect(isIsoDate('2025-02-29')).toBe(false);
});

test('days of a period count both ends', () => {
  expect(daysInPeriod({ from: '2026-01-01', to: '2026-01-01' })).toBe(1);
  expect(daysInPeriod({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
  expect(daysInPeriod({ from: '2026-03-01', to: '2026-05-31' })).toBe(92);
  // Across the change to summer time the count stays whole.
  expect(daysInPeriod({ from: '2026-03-28', to: '2026-03-30' })).toBe(3);
});

test('the request body: restrictions as lists, nothing for "all", null when invalid', () => {
  const state: ReportFilterState = {
    ...defaultFilter('2026-11-26'),
    branchId: 2,
    licenseClass: 'B',
  };
  expect(toReportFilter(state)).toEqual({
    from: '2026-01-01',
    to: '2026-12-31',
    branchIds: [2],
    licenseClasses: ['B'],
  });
  expect(toReportFilter({ ...state, from: '2027-01-01' })).toBeNull();
});

test('choosing a preset sets its period; custom keeps the dates', () => {
  const state = defaultFilter('2026-11-26');
  expect(withPreset(state, 'lastMonth', '2026-11-26')).toMatchObject({
    preset: 'lastMonth',
    from: '2026-10-01',
    to: '2026-10-31',
  });
  expect(withPreset(state, 'custom', '2026-11-26')).toMatchObject({
    preset: 'custom',
    from: '2026-01-01',
    to: '2026-12-31',
  });
});

test('the filter survives a trip through the URL query', () => {
  const today = '2026-11-26';
  const states: ReportFilterState[] = [
    defaultFilter(today),
    { ...withPreset(defaultFilter(today), 'lastMonth', today), instructorId: 4 },
    {
      ...defaultFilter(today),
      preset: 'custom',
      from: '2026-03-01',
      to: '2026-03-15',
      branchId: 1,
      licenseClass: 'A2',
    },
  ];
  for (const state of states) {
    expect(filterFromSearch(searchOfFilter(state), today)).toEqual(state);
  }
  expect(searchOfFilter(defaultFilter(today))).toEqual({});
  // The router parses numbers; unknown values fall back to the default.
  expect(filterFromSearch({ branch: 3, class: 'Z', period: 'nope' }, today)).toEqual({
    ...defaultFilter(today),
    branchId: 3,
  });
});

test('the inspection pack takes at most 92 days', () => {
  expect(inspectionPackPeriodError({ from: '2026-03-01', to: '2026-05-31' })).toBeNull();
  expect(inspectionPackPeriodError({ from: '2026-03-01', to: '2026-06-01' })).toBe('tooLong');
  expect(inspectionPackPeriodError({ from: '2026-03-02', to: '2026-03-01' })).toBe('order');
  expect(inspectionPackPeriodError({ from: '2026-03-01', to: '' })).toBe('missing');
});
