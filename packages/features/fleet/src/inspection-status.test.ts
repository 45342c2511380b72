import { describe, expect, it } from 'vitest';
import { berlinToday, inspectionStatus } from './inspection-status';

describe('inspectionStatus', () => {
  it('is none without a date and ok more than 30 days ahead', () => {
    expect(inspectionStatus(undefined, '2026-03-01')).toEqual({ state: 'none' });
    expect(inspectionStatus(null, '2026-03-01')).toEqual({ state: 'none' });
    expect(inspectionStatus('2026-04-01', '2026-03-01')).toEqual({
      state: 'ok',
      date: '2026-04-01',
    });
  });

  it('warns from 30 days ahead up to the due day itself', () => {
    expect(inspectionStatus('2026-03-31', '2026-03-01')).toEqual({
      state: 'due',
      date: '2026-03-31',
      days: 30,
    });
    expect(inspectionStatus('2026-03-01', '2026-03-01')).toMatchObject({ state: 'due', days: 0 });
  });

  it('is overdue from the day after, also across the DST change and a leap day', () => {
    expect(inspectionStatus('2026-02-28', '2026-03-01')).toMatchObject({
      state: 'overdue',
      days: 1,
    });
    // 29 March 2026 is the switch to summer time: still whole days.
    expect(inspectionStatus('2026-04-28', '2026-03-29')).toMatchObject({ state: 'due', days: 30 });
    expect(inspectionStatus('2028-02-28', '2028-03-01')).toMatchObject({
      state: 'overdue',
      days: 2,
    });
  });

  it('takes today in Berlin, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin (UTC+1).
    expect(berlinToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Berlin (UTC+2).
    expect(berlinToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(berlinToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});
