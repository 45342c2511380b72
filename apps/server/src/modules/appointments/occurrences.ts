import type { appointments } from '../../db/schema';
import { addDays, weekdayIndex } from '../resources/kit';

type RepeatRule = (typeof appointments.$inferSelect)['repeatRule'];

/** At most one year of occurrences (spec 000 §3: `repeatUntil` at most a year after `date`). */
export const MAX_REPEAT_DAYS = 366;

/** The days of a series from `date` up to `until` (inclusive), by the repeat rule. */
export function occurrenceDates(date: string, rule: RepeatRule, until: string | null): string[] {
  if (rule === 'NONE' || !until) return [date];
  const dates: string[] = [];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  for (let step = 0; dates.length <= MAX_REPEAT_DAYS; step++) {
    let next: string | null;
    switch (rule) {
      case 'DAILY':
      case 'WEEKDAYS':
        next = addDays(date, step);
        break;
      case 'WEEKLY':
        next = addDays(date, step * 7);
        break;
      case 'MONTHLY':
      case 'YEARLY': {
        const months = rule === 'MONTHLY' ? step : step * 12;
        const target = new Date(Date.UTC(year, month - 1 + months, day));
        // The 31st in a month of 30 days (or 29 February in another year) is skipped.
        next = target.getUTCDate() === day ? target.toISOString().slice(0, 10) : null;
        if (!next && new Date(Date.UTC(year, month - 1 + months, 1)).toISOString() > until) {
          return dates;
        }
        break;
      }
    }
    if (next === null) continue;
    if (next > until) break;
    if (rule === 'WEEKDAYS' && weekdayIndex(next) > 4) continue;
    dates.push(next);
  }
  return dates;
}
