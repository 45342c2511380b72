import { describe, expect, it } from 'vitest';
import {
  addDays,
  easterSunday,
  isTarget2BusinessDay,
  suggestCollectionDate,
} from './collection-date';

describe('collection date', () => {
  it('knows Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2024)).toBe('2024-03-31');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('closes TARGET2 on weekends and its holidays only', () => {
    expect(isTarget2BusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isTarget2BusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isTarget2BusinessDay('2026-04-03')).toBe(false); // Good Friday
    expect(isTarget2BusinessDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isTarget2BusinessDay('2026-05-01')).toBe(false);
    expect(isTarget2BusinessDay('2026-12-25')).toBe(false);
    expect(isTarget2BusinessDay('2026-12-24')).toBe(true);
    expect(isTarget2BusinessDay('2026-10-03')).toBe(false); // a Saturday anyway
    expect(isTarget2BusinessDay('2025-10-03')).toBe(true); // German Unity Day is no TARGET2 holiday
  });

  it('suggests the first business day after the pre-notification', () => {
    // Thursday 26.11.2026 + 14 days = Thursday 10.12.2026.
    expect(suggestCollectionDate('2026-11-26', 14)).toBe('2026-12-10');
    // + 2 days = Saturday → Monday.
    expect(suggestCollectionDate('2026-11-26', 2)).toBe('2026-11-30');
    // 11.12.2026 + 14 = 25.12. (holiday) → 26.12. (holiday, Saturday) → 28.12.
    expect(suggestCollectionDate('2026-12-11', 14)).toBe('2026-12-28');
    // Never today.
    expect(suggestCollectionDate('2026-11-26', 0)).toBe('2026-11-27');
  });
});
