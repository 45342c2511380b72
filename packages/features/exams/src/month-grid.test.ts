import { expect, test } from 'vitest';
import { monthGrid, monthRange, shiftMonth } from './month-grid';

test('a month runs in whole weeks from Monday to Sunday', () => {
  // March 2026 starts on a Sunday and ends on a Tuesday.
  const weeks = monthGrid('2026-03', []);
  expect(weeks).toHaveLength(6);
  expect(weeks[0]?.[0]).toEqual({ date: '2026-02-23', inMonth: false, items: [] });
  expect(weeks[0]?.[6]?.date).toBe('2026-03-01');
  expect(weeks[5]?.[6]?.date).toBe('2026-04-05');
  expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(31);
});

test('items land on their day, sorted', () => {
  const weeks = monthGrid(
    '2026-02',
    [
      { date: '2026-02-10', time: '13:00' },
      { date: '2026-02-10', time: '08:30' },
      { date: '2026-03-02', time: '09:00' },
    ],
    (item) => item.time,
  );
  const tenth = weeks.flat().find((day) => day.date === '2026-02-10');
  expect(tenth?.items.map((item) => item.time)).toEqual(['08:30', '13:00']);
  // February 2026 starts on a Sunday: five weeks up to 1 March; 2 March is not shown.
  expect(weeks).toHaveLength(5);
  expect(weeks.flat().some((day) => day.date === '2026-03-02')).toBe(false);
  // February 2027 starts on a Monday: exactly four weeks.
  expect(monthGrid('2027-02', [])).toHaveLength(4);
});

test('months step across years and know their last day', () => {
  expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
});
