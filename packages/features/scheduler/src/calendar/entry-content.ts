import type { TFunction } from 'i18next';
import type { CalendarEntry } from '../api/calendar-queries';
import type { IsoDate } from './calendar-dates';
import { DAILY_PRACTICAL_LIMIT_MINUTES, type LockReason, type ShadeLayer } from './calendar-events';
import type { CalendarView } from './calendar-view';

/*
 * What an entry, a minutes sum and a column's shading show — shared by the library's views
 * (as HTML, scheduler-calendar.tsx) and the instructors' grid (as React, instructor-grid.tsx).
 */

/** The lock of released, invoiced and read-only entries (HTML: the library takes strings). */
export const LOCK_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** "07:30–09:00", as German calendars write it (Intl adds "Uhr" to a range). */
export function timeRangeText(start: number, minutes: number): string {
  return `${clock(start)}–${clock(start + minutes)}`;
}

/** The texts of an entry: its title (the student, else the title, else the type), details, lock. */
export function entryTexts(
  entry: CalendarEntry,
  lock: LockReason | null,
  view: CalendarView,
  t: TFunction,
): { title: string; details: string[]; lockText: string | null } {
  const { mode } = view;
  const { appointment } = entry;
  const type = t(`appointmentTypes.${appointment.type}`);
  return {
    title: entry.studentName ?? appointment.title ?? type,
    details: [
      entry.studentName || appointment.title ? type : null,
      mode === 'instructors' ? null : entry.instructorName,
      mode === 'vehicles' ? null : entry.vehicleName,
    ].filter((part): part is string => Boolean(part)),
    lockText: lock ? t(`calendar.locks.${lock}`) : null,
  };
}

/** "Di., 03.03." — the day an entry's button names (hidden, read). */
export function entryDateLabel(locale: string): (date: IsoDate) => string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
  });
  return (day) => format.format(new Date(`${day}T12:00:00Z`));
}

/** The minutes of practical instruction of a day against 495: shown text, read label, over. */
export function minutesTexts(minutes: number, t: TFunction) {
  const over = minutes > DAILY_PRACTICAL_LIMIT_MINUTES;
  const values = { minutes, limit: DAILY_PRACTICAL_LIMIT_MINUTES };
  return {
    over,
    text: t('calendar.minutes', values),
    label: `${t('calendar.minutesLabel', values)}${over ? `, ${t('calendar.overLimit')}` : ''}`,
  };
}

/**
 * A time-grid column's shading as CSS: one gradient per layer (night, outside working time),
 * positions in % of the column (the grid's first to last minute); null when nothing is shaded.
 */
export function shadeStyle(
  layers: ShadeLayer[],
  limits: { min: number; max: number },
): { kinds: string; backgroundImage: string } | null {
  if (layers.length === 0) return null;
  const span = limits.max - limits.min;
  const at = (minutes: number) =>
    `${(Math.round((10_000 * (Math.min(Math.max(minutes, limits.min), limits.max) - limits.min)) / span) / 100).toString()}%`;
  const gradients = layers.map(({ kind, ranges }) => {
    const colour = `var(--fw-shade-${kind})`;
    const stops = ranges
      .filter(([from, to]) => to > limits.min && from < limits.max)
      .map(
        ([from, to]) =>
          `transparent ${at(from)},${colour} ${at(from)} ${at(to)},transparent ${at(to)}`,
      );
    return stops.length > 0 ? `linear-gradient(${stops.join(',')})` : null;
  });
  const shown = gradients.filter((gradient): gradient is string => gradient !== null);
  if (shown.length === 0) return null;
  const kinds = [...new Set(layers.map((layer) => `fw-shade-${layer.kind}`))].join(' ');
  return { kinds, backgroundImage: shown.join(',') };
}
