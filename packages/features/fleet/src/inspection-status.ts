/*
 * When a vehicle's main inspection (HU, Hauptuntersuchung) or safety check (SP,
 * Sicherheitsprüfung) is due. The office plans the appointment at the workshop in advance,
 * so a date within the next 30 days is a warning; a date in the past means the vehicle must
 * not be used for lessons and is shown as danger. "Today" is the calendar day in Berlin,
 * where the school is, whatever the browser's time zone.
 */

/** Days before the due date from which the list warns. */
export const INSPECTION_WARNING_DAYS = 30;

export type InspectionStatus =
  | { state: 'none' }
  | { state: 'ok'; date: string }
  | { state: 'due'; date: string; days: number }
  | { state: 'overdue'; date: string; days: number };

/** The calendar day (`YYYY-MM-DD`) in Europe/Berlin at this instant. */
export function berlinToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const dayNumber = (isoDate: string): number => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / 86_400_000;
};

/**
 * The status of an inspection date relative to `today` (both `YYYY-MM-DD`): `due` from
 * 30 days before up to and including the date itself, `overdue` from the day after.
 */
export function inspectionStatus(
  date: string | null | undefined,
  today: string = berlinToday(),
): InspectionStatus {
  if (!date) return { state: 'none' };
  const days = dayNumber(date) - dayNumber(today);
  if (days < 0) return { state: 'overdue', date, days: -days };
  if (days <= INSPECTION_WARNING_DAYS) return { state: 'due', date, days };
  return { state: 'ok', date };
}
