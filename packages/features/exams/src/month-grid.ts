/*
 * The month calendar of the exam slots: whole weeks from Monday to Sunday covering the month,
 * each day with the exams of that date. Pure, on calendar days (`YYYY-MM-DD`).
 */

export type MonthDay<T> = { date: string; inMonth: boolean; items: T[] };

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** `YYYY-MM` of a day. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `delta` months from `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return iso(new Date(Date.UTC(year, number - 1 + delta, 1))).slice(0, 7);
}

/** First and last day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return {
    from: iso(new Date(Date.UTC(year, number - 1, 1))),
    to: iso(new Date(Date.UTC(year, number, 0))),
  };
}

/** The weeks (Monday first) of `month`, with the items of each day sorted by `sortKey`. */
export function monthGrid<T extends { date: string }>(
  month: string,
  items: readonly T[],
  sortKey: (item: T) => string = () => '',
): MonthDay<T>[][] {
  const { from, to } = monthRange(month);
  const first = new Date(`${from}T00:00:00Z`);
  // Monday is 1 … Sunday 0 in getUTCDay; step back to the Monday of the first week.
  const start = new Date(first);
  start.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  const byDate = new Map<string, T[]>();
  for (const item of items) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);
  const weeks: MonthDay<T>[][] = [];
  const day = new Date(start);
  while (iso(day) <= to) {
    const week: MonthDay<T>[] = [];
    for (let index = 0; index < 7; index += 1) {
      const date = iso(day);
      const dayItems = [...(byDate.get(date) ?? [])].sort((a, b) =>
        sortKey(a).localeCompare(sortKey(b)),
      );
      week.push({ date, inMonth: date >= from && date <= to, items: dayItems });
      day.setUTCDate(day.getUTCDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}
