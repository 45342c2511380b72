import type { CalendarSpan } from './calendar-view';

/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`) and wall-clock times (`HH:mm`), as the
 * contract writes them (Europe/Berlin). Computed in UTC so that no time zone or DST shifts a
 * day; the calendar shows the times as they are written.
 */
export type IsoDate = string;

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(value: Date): IsoDate {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** 0 for Monday … 6 for Sunday (the week starts on Monday, spec 000 §2). */
export function weekdayIndex(date: IsoDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndex(date));
}

function firstOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}01`;
}

function lastOfMonth(date: IsoDate): IsoDate {
  const value = toUtc(firstOfMonth(date));
  value.setUTCMonth(value.getUTCMonth() + 1);
  value.setUTCDate(0);
  return fromUtc(value);
}

/** Every day from `from` to `to`, both inclusive. */
export function daysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The days a span shows around `date`: the day, its week from Monday, or the month's weeks
 * from the Monday before the 1st to the Sunday after the last (at most 42 days, the limit of
 * `POST /calendar/filter`).
 */
export function rangeOf(span: CalendarSpan, date: IsoDate): { from: IsoDate; to: IsoDate } {
  if (span === 'day') return { from: date, to: date };
  if (span === 'week') {
    const from = mondayOf(date);
    return { from, to: addDays(from, 6) };
  }
  const from = mondayOf(firstOfMonth(date));
  return { from, to: addDays(mondayOf(lastOfMonth(date)), 6) };
}

/** The date one span before (-1) or after (+1). */
export function shiftDate(span: CalendarSpan, date: IsoDate, step: -1 | 1): IsoDate {
  if (span === 'day') return addDays(date, step);
  if (span === 'week') return addDays(date, 7 * step);
  const value = toUtc(firstOfMonth(date));
  value.setUTCMonth(value.getUTCMonth() + step);
  return fromUtc(value);
}

/** ISO 8601 week number (the German "KW"). */
export function isoWeek(date: IsoDate): number {
  const thursday = toUtc(addDays(mondayOf(date), 3));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
}

/** `HH:mm` → minutes after midnight. */
export function toMinutes(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Minutes after midnight → `HH:mm` (24:00 for the end of the day). */
export function toTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A floating date-time the calendar shows as written: `2026-03-02T09:30:00`. */
export function dateTime(date: IsoDate, minutes: number): string {
  if (minutes >= 24 * 60) return dateTime(addDays(date, 1), minutes - 24 * 60);
  return `${date}T${toTime(minutes)}:00`;
}

/** A Date the calendar hands out (local wall clock) → date and `HH:mm`. */
export function fromCalendarDate(value: Date): { date: IsoDate; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`,
    time: `${pad(value.getHours())}:${pad(value.getMinutes())}`,
  };
}

/** Today in Europe/Berlin. */
export function berlinToday(): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}
