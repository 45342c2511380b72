import { describe, expect, test } from 'vitest';
import { emptyPayrollOverviewFixture, payrollOverviewFixture } from '../mocks/handlers';
import { formatHours, hasFigures, sumOfInstructors, usedColumns } from './payroll-figures';

describe('payroll figures', () => {
  test('hours with two decimals and a decimal comma', () => {
    expect(formatHours(750)).toBe('12,50 h');
    expect(formatHours(555)).toBe('9,25 h');
    expect(formatHours(0)).toBe('0,00 h');
    expect(formatHours(45)).toBe('0,75 h');
    expect(formatHours(100)).toBe('1,67 h');
  });

  test('the columns someone has minutes in, in the server order', () => {
    expect(usedColumns(payrollOverviewFixture).map((column) => column.key)).toEqual([
      'NORMAL',
      'OVERLAND',
      'MOTORWAY',
      'NIGHT',
      'THEORY',
      'EXAM',
      'OTHER',
    ]);
    expect(usedColumns(emptyPayrollOverviewFixture)).toEqual([]);
  });

  test('the sum of all instructors, and whether there is anything', () => {
    const sum = sumOfInstructors(payrollOverviewFixture);
    expect(sum.totalMinutes).toBe(1035);
    expect(sum.km).toBe(633);
    expect(sum.minutes).toMatchObject({ NORMAL: 450, MOTORWAY: 180, SIMULATOR: 0 });
    expect(hasFigures(payrollOverviewFixture)).toBe(true);
    expect(hasFigures(emptyPayrollOverviewFixture)).toBe(false);
    expect(hasFigures({ ...payrollOverviewFixture, instructors: [] })).toBe(false);
  });
});
