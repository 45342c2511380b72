/**
 * What the scheduler shows: a mode (one calendar, instructors side by side, vehicles as
 * timeline rows, an agenda list) and a span (day, week, month). The instructors' columns are
 * our own grid (`instructor-grid.tsx`); every other pair maps to one view of
 * `@event-calendar/core`.
 */
export type CalendarMode = 'calendar' | 'instructors' | 'vehicles' | 'list';
export type CalendarSpan = 'day' | 'week' | 'month';
export type CalendarView = { mode: CalendarMode; span: CalendarSpan };

export const CALENDAR_MODES: readonly CalendarMode[] = [
  'calendar',
  'instructors',
  'vehicles',
  'list',
];

/** The spans a mode offers: the resource views have no month (30 columns × 31 days is no view). */
export function spansOf(mode: CalendarMode): readonly CalendarSpan[] {
  return mode === 'instructors' || mode === 'vehicles' ? ['day', 'week'] : ['day', 'week', 'month'];
}

/** A view the mode supports: a month asked of a resource mode becomes its week. */
export function normalizeView(view: CalendarView): CalendarView {
  return spansOf(view.mode).includes(view.span) ? view : { mode: view.mode, span: 'week' };
}

const LIBRARY_VIEWS: Record<Exclude<CalendarMode, 'instructors'>, Record<CalendarSpan, string>> = {
  calendar: { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' },
  vehicles: {
    day: 'resourceTimelineDay',
    week: 'resourceTimelineWeek',
    month: 'resourceTimelineWeek',
  },
  list: { day: 'listDay', week: 'listWeek', month: 'listMonth' },
};

/** The `view` option of `@event-calendar/core` for a scheduler view (not the instructors'). */
export function libraryView(view: CalendarView): string {
  const { mode, span } = normalizeView(view);
  return LIBRARY_VIEWS[mode === 'instructors' ? 'calendar' : mode][span];
}

/** More calendars than this to show: the office's view (instructors side by side). */
export const OFFICE_CALENDAR_COUNT = 5;

/**
 * The view on first open (nothing remembered): the agenda of today on a phone; for the office
 * (MODULE_COMPANY, or more than five calendars to show) the instructors side by side for the
 * day; for an instructor (their own calendar, or few) the week of one calendar.
 */
export function defaultView(narrow: boolean, office = false): CalendarView {
  if (narrow) return { mode: 'list', span: 'day' };
  return office ? { mode: 'instructors', span: 'day' } : { mode: 'calendar', span: 'week' };
}

/** Phones (and narrow windows) get the agenda by default. */
export const NARROW_QUERY = '(max-width: 639px)';

export function isNarrowViewport(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(NARROW_QUERY).matches;
}
