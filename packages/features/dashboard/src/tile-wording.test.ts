import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './i18n/de.json';
import en from './i18n/en.json';
import {
  courseDates,
  examWindowUrgency,
  examWindowWording,
  firstOf,
  formatEuro,
  formatPercent,
  monthName,
  previousToDateDay,
  revenueChange,
  todoDueWording,
  vehicleDueWording,
  type Wording,
} from './tile-wording';

const i18n = createInstance();
await i18n.init({
  lng: 'de',
  resources: { de: { dashboard: de }, en: { dashboard: en } },
  defaultNS: 'dashboard',
  interpolation: { escapeValue: false },
});
const german = (wording: Wording) => i18n.getFixedT('de')(wording.key, wording.values);
const english = (wording: Wording) => i18n.getFixedT('en')(wording.key, wording.values);

/** Intl writes a no-break space before € and %. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('money and percent', () => {
  it('shows euro cents in German', () => {
    expect(formatEuro(8_400)).toBe('84,00 €');
    expect(formatEuro(481_250)).toBe('4812,50 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(-1_999)).toBe('-19,99 €');
  });

  it('shows a change with its sign and one decimal', () => {
    expect(formatPercent(11.9)).toBe(nbsp('+11,9 %'));
    expect(formatPercent(-25)).toBe(nbsp('-25 %'));
    expect(formatPercent(0)).toBe(nbsp('0 %'));
  });
});

describe('revenue change', () => {
  it('compares this month with last month up to the same day', () => {
    expect(revenueChange(481_250, 430_000)).toEqual({ direction: 'up', percent: 11.9 });
    expect(revenueChange(300_000, 400_000)).toEqual({ direction: 'down', percent: -25 });
    expect(revenueChange(50_000, 50_000)).toEqual({ direction: 'same', percent: 0 });
  });

  it('has no percentage when last month had nothing by this day', () => {
    expect(revenueChange(120_000, 0)).toEqual({ direction: 'up', percent: null });
    expect(revenueChange(0, 0)).toEqual({ direction: 'same', percent: null });
  });

  it('measures against the amount of last month, also when it was negative (refunds)', () => {
    expect(revenueChange(10_000, -10_000)).toEqual({ direction: 'up', percent: 200 });
    expect(revenueChange(0, 10_000)).toEqual({ direction: 'down', percent: -100 });
  });

  it('does not show a tiny change as a negative zero', () => {
    expect(revenueChange(999_999, 1_000_000).percent).toBe(0);
    expect(Object.is(revenueChange(999_999, 1_000_000).percent, -0)).toBe(false);
  });

  it('compares up to the same day, at most the last day of last month', () => {
    expect(previousToDateDay('2026-11-26', '2026-10')).toBe(26);
    expect(previousToDateDay('2026-03-31', '2026-02')).toBe(28);
    expect(previousToDateDay('2028-03-30', '2028-02')).toBe(29);
    expect(previousToDateDay('2027-01-01', '2026-12')).toBe(1);
  });

  it('names the months', () => {
    expect(monthName('2026-10', 'de')).toBe('Oktober');
    expect(monthName('2026-11', 'de', true)).toBe('November 2026');
    expect(monthName('2026-03', 'en')).toBe('March');
  });
});

describe('exam window', () => {
  it('counts the days left, says today and closed', () => {
    expect(german(examWindowWording(12))).toBe('noch 12 Tage');
    expect(german(examWindowWording(1))).toBe('noch 1 Tag');
    expect(german(examWindowWording(0))).toBe('heute');
    expect(german(examWindowWording(-3))).toBe('abgelaufen');
    expect(english(examWindowWording(12))).toBe('12 days left');
    expect(english(examWindowWording(1))).toBe('1 day left');
  });

  it('is urgent within a week, a warning within two', () => {
    expect(examWindowUrgency(-1)).toBe('danger');
    expect(examWindowUrgency(0)).toBe('danger');
    expect(examWindowUrgency(7)).toBe('danger');
    expect(examWindowUrgency(8)).toBe('warning');
    expect(examWindowUrgency(14)).toBe('warning');
    expect(examWindowUrgency(15)).toBe('neutral');
  });
});

describe('vehicle due', () => {
  const today = '2026-11-26';

  it('says which check is due when', () => {
    const due = vehicleDueWording({ check: 'MAIN_INSPECTION', dueDate: '2026-12-03' }, today);
    expect(german(due)).toBe('HU fällig 03.12.2026');
    expect(due.urgency).toBe('warning');
    expect(english(due)).toBe('Main inspection due 03.12.2026');
  });

  it('is urgent on the day and after it', () => {
    const dueToday = vehicleDueWording({ check: 'SAFETY_CHECK', dueDate: today }, today);
    expect(german(dueToday)).toBe('SP heute fällig');
    expect(dueToday.urgency).toBe('danger');
    const overdue = vehicleDueWording({ check: 'MAIN_INSPECTION', dueDate: '2026-11-18' }, today);
    expect(german(overdue)).toBe('HU überfällig seit 18.11.2026');
    expect(overdue.urgency).toBe('danger');
  });
});

describe('to-dos and courses', () => {
  const today = '2026-11-26';

  it('words a to-do by its due date', () => {
    expect(german(todoDueWording('2026-12-03', today))).toBe('fällig 03.12.2026');
    expect(german(todoDueWording(today, today))).toBe('heute fällig');
    const overdue = todoDueWording('2026-11-20', today);
    expect(german(overdue)).toBe('überfällig seit 20.11.2026');
    expect(overdue.overdue).toBe(true);
    expect(german(todoDueWording(undefined, today))).toBe('ohne Fälligkeit');
  });

  it('shows a course on one day or from–to', () => {
    expect(courseDates('2026-12-01', '2026-12-15')).toBe('01.12.2026 – 15.12.2026');
    expect(courseDates('2027-01-09', '2027-01-09')).toBe('09.01.2027');
  });

  it('shortens long lists', () => {
    expect(firstOf([1, 2, 3], 5)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(firstOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });
});

describe('texts', () => {
  it('has the same keys in German and English', () => {
    const keys = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? keys(value, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });
});
