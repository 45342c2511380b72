/*
 * The collection date a SEPA file suggests: the debits in it must have been announced
 * (pre-notification) at least the agreed days before, and the bank collects only on TARGET2
 * business days (no weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26
 * December). The server checks the same calendar (422 `errors.collection_date`).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Easter Sunday of `year` (Gregorian calendar, anonymous algorithm), as `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return toIso(new Date(toUtc(iso).getTime() + days * DAY_MS));
}

/** Whether TARGET2 settles on `iso` (YYYY-MM-DD). */
export function isTarget2BusinessDay(iso: string): boolean {
  const date = toUtc(iso);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = iso.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(date.getUTCFullYear());
  return iso !== addDays(easter, -2) && iso !== addDays(easter, 1);
}

/**
 * The first TARGET2 business day on or after `today + preNotificationDays`, and never
 * today itself (a collection date lies after today).
 */
export function suggestCollectionDate(today: string, preNotificationDays: number): string {
  let day = addDays(today, Math.max(1, preNotificationDays));
  while (!isTarget2BusinessDay(day)) day = addDays(day, 1);
  return day;
}
