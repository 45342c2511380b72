/*
 * Periods of the bookkeeping exports, on ISO dates (`YYYY-MM-DD`) and months (`YYYY-MM`) of
 * the school's calendar (Europe/Berlin). Pure functions: the screens pass in today.
 */

export type IsoDate = string;
/** A calendar month, `YYYY-MM`. */
export type IsoMonth = string;
export type Period = { from: IsoDate; to: IsoDate };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function parts(date: IsoDate): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return { year, month, day };
}

const isoDate = (year: number, month: number, day: number): IsoDate =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The last day of a month (1–12). */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `offset` months after `year`/`month` (negative: before). */
function shiftMonth(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The calendar month before today's. */
export function lastMonth(today: IsoDate): Period {
  const { year, month } = parts(today);
  const previous = shiftMonth(year, month, -1);
  return {
    from: isoDate(previous.year, previous.month, 1),
    to: isoDate(previous.year, previous.month, lastDay(previous.year, previous.month)),
  };
}

/** The calendar quarter before today's (Q4 of last year in January to March). */
export function lastQuarter(today: IsoDate): Period {
  const { year, month } = parts(today);
  const quarterStart = month - ((month - 1) % 3);
  const start = shiftMonth(year, quarterStart, -3);
  const end = shiftMonth(start.year, start.month, 2);
  return {
    from: isoDate(start.year, start.month, 1),
    to: isoDate(end.year, end.month, lastDay(end.year, end.month)),
  };
}

/** The fiscal year a day lies in, for a fiscal year starting in `startMonth` (1 = January). */
export function fiscalYearOf(date: IsoDate, startMonth: number): Period {
  const { year, month } = parts(date);
  const startYear = month >= startMonth ? year : year - 1;
  const end = shiftMonth(startYear, startMonth, 11);
  return {
    from: isoDate(startYear, startMonth, 1),
    to: isoDate(end.year, end.month, lastDay(end.year, end.month)),
  };
}

/** From the first day of the current fiscal year up to today. */
export function fiscalYearToDate(today: IsoDate, startMonth: number): Period {
  return { from: fiscalYearOf(today, startMonth).from, to: today };
}

/** True when the period does not lie in one fiscal year (the DATEV export refuses it). */
export function spansFiscalYears(period: Period, startMonth: number): boolean {
  return period.to > fiscalYearOf(period.from, startMonth).to;
}

/** The month of a day. */
export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

/** `count` months up to and including today's, newest first (a payroll month is never ahead). */
export function recentMonths(today: IsoDate, count: number): IsoMonth[] {
  const { year, month } = parts(today);
  return Array.from({ length: count }, (_, index) => {
    const shifted = shiftMonth(year, month, -index);
    return `${pad(shifted.year, 4)}-${pad(shifted.month)}`;
  });
}

/** The month before today's. */
export function previousMonth(today: IsoDate): IsoMonth {
  return monthOf(lastMonth(today).from);
}
