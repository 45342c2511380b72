/*
 * German formatting of report values. The server computes every figure; these only write
 * them as a German reader expects: `1234,50 €` (money as everywhere in the product, ui's
 * `formatMoney`), `87,5 %`, `Jan. 2026`, `1.234,5`. Intl puts a no-break space before `%`, so
 * a value never wraps apart.
 */
import { formatMoney } from '@fahrwerk/ui';

const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });
const numbers = new Map<number, Intl.NumberFormat>();

/** Euro cents as `1234,50 €` (negative: `-1234,50 €`), as the product writes money. */
export function formatEuro(cents: number): string {
  return formatMoney(cents);
}

/** Euro cents rounded to whole euros, for chart axes: `1235 €`. */
export function formatEuroAxis(cents: number): string {
  return `${Math.round(cents / 100)} €`;
}

/** A share in percent (0–100, as the contract's `Rate`) as `87,5 %`. */
export function formatPercent(rate: number): string {
  return percent.format(rate / 100);
}

/** A number with German grouping and at most `decimals` decimals: `1.234,5`. */
export function formatNumber(value: number, decimals = 1): string {
  let format = numbers.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { maximumFractionDigits: decimals });
    numbers.set(decimals, format);
  }
  return format.format(value);
}

const MONTHS = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
] as const;

/** A month (`2026-01`) as `Jan. 2026`. */
export function formatMonth(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** A month (`2026-01`) as `01.2026`. */
export function formatMonthNumeric(month: string): string {
  return `${month.slice(5, 7)}.${month.slice(0, 4)}`;
}

/** A calendar day (`2026-01-15`) as `15.01.2026`. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/** A period as `01.01.2026 – 31.12.2026`. */
export function formatPeriod(from: string, to: string): string {
  return `${formatDay(from)} – ${formatDay(to)}`;
}
