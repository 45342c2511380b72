import { AppError } from '../../http/errors';
import type { Schemas } from '../resources/kit';

/**
 * Refuses malformed week hours (422 naming each offending field): a weekday given twice,
 * a range whose `to` does not follow `from`, overlapping ranges of one day, and — for a
 * branch — a range outside the work corridor.
 */
export function checkWeekWorkHours(
  hours: readonly Schemas['DayWorkHours'][],
  field: string,
  corridor?: { from: string; to: string },
): void {
  const errors: { field: string; error: string }[] = [];
  const seen = new Set<string>();
  hours.forEach((day, i) => {
    if (seen.has(day.weekday))
      errors.push({ field: `${field}.${i}.weekday`, error: 'validation.duplicate' });
    seen.add(day.weekday);
    const ranges = day.ranges.map((range, j) => ({ ...range, j }));
    for (const range of ranges) {
      const at = `${field}.${i}.ranges.${range.j}`;
      if (range.to <= range.from)
        errors.push({ field: `${at}.to`, error: 'validation.time_order' });
      else if (corridor && (range.from < corridor.from || range.to > corridor.to)) {
        errors.push({ field: at, error: 'validation.outside_work_corridor' });
      }
    }
    const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
    for (let k = 1; k < sorted.length; k++) {
      const previous = sorted[k - 1];
      const range = sorted[k];
      if (previous && range && range.from < previous.to) {
        errors.push({ field: `${field}.${i}.ranges.${range.j}.from`, error: 'validation.overlap' });
      }
    }
  });
  if (errors.length > 0) {
    throw new AppError(422, 'errors.validation', 'The working hours are not valid.', errors);
  }
}
