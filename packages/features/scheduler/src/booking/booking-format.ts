/* Dates and times of the booking dialogs as the product shows them (DD.MM.YYYY, HH:mm). */

/** `2026-03-02` → `02.03.2026`. */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/** The short weekday of an ISO date in the given language (`Mo`, `Di` … / `Mon`, `Tue` …). */
export function weekdayOf(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(/\.$/, '');
}

/** `HH:mm` plus minutes, within the day (`23:30` + 45 → `00:15`). */
export function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Time ranges as `08:00–12:00, 13:00–17:00`. */
export function formatRanges(ranges: readonly { from: string; to: string }[]): string {
  return ranges.map((range) => `${range.from}–${range.to}`).join(', ');
}
