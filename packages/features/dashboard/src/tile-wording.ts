// The pure rules behind the tiles' wording: which text key, which tone, which figures. No React,
// no i18n instance: the tiles translate the keys, the unit tests check both.
import { formatDate, formatMoney } from '@fahrwerk/ui';

/** A text key of this package with its interpolation values. */
export type Wording = { key: string; values?: Record<string, string | number> };

/** How urgent a line is (maps onto the badge tones of `@fahrwerk/ui`). */
export type Urgency = 'danger' | 'warning' | 'neutral';

/** Euro cents as the product writes money (ui's `formatMoney`): `481250` → `4812,50 €`. */
export function formatEuro(cents: number): string {
  return formatMoney(cents);
}

export type RevenueChange = {
  /** Up, down or even against last month up to the same day. */
  direction: 'up' | 'down' | 'same';
  /**
   * The change in percent, one decimal; `null` when there is nothing to compare with (last
   * month had no revenue by this day).
   */
  percent: number | null;
};

/** This month so far against last month up to the same day. */
export function revenueChange(amount: number, previousToDate: number): RevenueChange {
  const direction = amount > previousToDate ? 'up' : amount < previousToDate ? 'down' : 'same';
  if (previousToDate === 0) return { direction, percent: null };
  const percent = Math.round(((amount - previousToDate) / Math.abs(previousToDate)) * 1000) / 10;
  return { direction, percent: Object.is(percent, -0) ? 0 : percent };
}

const percentFormat = new Intl.NumberFormat('de-DE', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** `12.5` → `+12,5 %`, `-3` → `-3 %`, `0` → `0 %` (a no-break space before the sign). */
export function formatPercent(percent: number): string {
  return percentFormat.format(percent / 100);
}

/** The day last month's comparison runs to: today's day, at most the last day of that month. */
export function previousToDateDay(today: string, previousMonth: string): number {
  const day = Number(today.slice(8, 10));
  const [year = 0, month = 0] = previousMonth.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Math.min(day, lastDay);
}

/** `2026-10` → `Oktober` (`October`); with `withYear` → `Oktober 2026`. */
export function monthName(month: string, language: string, withYear = false): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString(language, {
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** "noch 12 Tage", "noch 1 Tag", "heute", "abgelaufen" — the window for the practical exam. */
export function examWindowWording(daysLeft: number): Wording {
  if (daysLeft < 0) return { key: 'examWindows.closed' };
  if (daysLeft === 0) return { key: 'examWindows.today' };
  return { key: 'examWindows.daysLeft', values: { count: daysLeft } };
}

/** Closed or closing within a week: danger; within two weeks: warning. */
export function examWindowUrgency(daysLeft: number): Urgency {
  if (daysLeft <= 7) return 'danger';
  if (daysLeft <= 14) return 'warning';
  return 'neutral';
}

export type VehicleCheck = 'MAIN_INSPECTION' | 'SAFETY_CHECK';

/** "HU fällig 03.12.2026", "SP heute fällig", "HU überfällig seit 20.11.2026". */
export function vehicleDueWording(
  vehicle: { check: VehicleCheck; dueDate: string },
  today: string,
): Wording & { urgency: Urgency } {
  const values = { date: formatDate(vehicle.dueDate) };
  if (vehicle.dueDate < today) {
    return { key: `vehicles.overdue.${vehicle.check}`, values, urgency: 'danger' };
  }
  if (vehicle.dueDate === today) {
    return { key: `vehicles.dueToday.${vehicle.check}`, values, urgency: 'danger' };
  }
  return { key: `vehicles.due.${vehicle.check}`, values, urgency: 'warning' };
}

/** "fällig 28.11.2026", "heute fällig", "überfällig seit 20.11.2026", "ohne Fälligkeit". */
export function todoDueWording(
  dueDate: string | undefined,
  today: string,
): Wording & {
  overdue: boolean;
} {
  if (!dueDate) return { key: 'todos.undated', overdue: false };
  const values = { date: formatDate(dueDate) };
  if (dueDate < today) return { key: 'todos.overdueSince', values, overdue: true };
  if (dueDate === today) return { key: 'todos.dueToday', values, overdue: false };
  return { key: 'todos.due', values, overdue: false };
}

/** A course's dates: one day, or `01.12.2026 – 15.12.2026`. */
export function courseDates(start: string, end: string): string {
  return start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
}

/** The first `limit` entries and how many more there are. */
export function firstOf<T>(items: readonly T[], limit = 5): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}
