import {
  fromDate,
  parseDate,
  startOfWeek as startOfWeekOf,
  toCalendarDate,
  toZoned,
} from '@internationalized/date';

/** Every date and time the product shows is in German local time. */
export const TIME_ZONE = 'Europe/Berlin';

/** Weeks start on Monday (0 = Sunday, 1 = Monday, as in date-fns). */
export const WEEK_STARTS_ON = 1;

/** A point in time: a Date, epoch milliseconds, or an ISO string. A date-only ISO string (`2024-03-05`) is a calendar day. */
export type DateInput = Date | number | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type BerlinParts = { year: string; month: string; day: string; hour: string; minute: string };

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

function berlinParts(value: DateInput): BerlinParts {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value);
    if (match) {
      const [, year = '', month = '', day = ''] = match;
      return { year, month, day, hour: '00', minute: '00' };
    }
  }
  const parts: Record<string, string> = {};
  for (const part of partsFormatter.formatToParts(toDate(value))) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** `DD.MM.YYYY` in Europe/Berlin. */
export function formatDate(value: DateInput): string {
  const { day, month, year } = berlinParts(value);
  return `${day}.${month}.${year}`;
}

/** `HH:mm` (24 h) in Europe/Berlin. */
export function formatTime(value: DateInput): string {
  const { hour, minute } = berlinParts(value);
  return `${hour}:${minute}`;
}

/** `DD.MM.YYYY HH:mm` in Europe/Berlin. */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** The calendar day of a point in time in Europe/Berlin as an ISO date (`YYYY-MM-DD`). */
export function toIsoDate(value: DateInput): string {
  const { day, month, year } = berlinParts(value);
  return `${year}-${month}-${day}`;
}

/**
 * Integer cents as the product shows amounts: comma decimal, two decimals, no thousands
 * separator, a space and the euro sign — `123450` → `1234,50 €`.
 */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Invalid amount: ${cents}`);
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${euros},${rest} €`;
}

/**
 * Reads an amount a person typed (`1234,50`, `1.234,50 €`, `12`, `-3,5`) as integer cents;
 * `null` when it is not an amount.
 */
export function parseMoney(text: string): number | null {
  let value = text.replace(/€|EUR/gi, '').replace(/\s/g, '');
  if (value === '') return null;
  let sign = 1;
  if (value.startsWith('-')) {
    sign = -1;
    value = value.slice(1);
  } else if (value.startsWith('+')) {
    value = value.slice(1);
  }
  if (value.includes(',')) {
    // German notation: dots can only group thousands.
    if (!/^\d{1,3}(\.\d{3})*,\d{0,2}$|^\d+,\d{0,2}$/.test(value)) return null;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.replace(/\./g, '');
  } else if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    return null;
  }
  const [euros = '0', fraction = ''] = value.split('.');
  const cents = Number(euros) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents || 0;
}

/** Monday 00:00 (Europe/Berlin) of the week that contains the given point in time. */
export function startOfWeek(value: DateInput): Date {
  const day =
    typeof value === 'string' && DATE_ONLY.test(value)
      ? parseDate(value)
      : toCalendarDate(fromDate(toDate(value), TIME_ZONE));
  return toZoned(startOfWeekOf(day, 'de-DE', 'mon'), TIME_ZONE).toDate();
}
