import '@event-calendar/core/index.css';
import './scheduler-calendar.css';
import {
  type Calendar,
  createCalendar,
  DayGrid,
  destroyCalendar,
  Interaction,
  List,
  ResourceTimeGrid,
  ResourceTimeline,
  TimeGrid,
} from '@event-calendar/core';
import { Button, cn, Spinner } from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CalendarEntry } from '../api/calendar-queries';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import {
  daysBetween,
  fromCalendarDate,
  type IsoDate,
  isoWeek,
  rangeOf,
  shiftDate,
  toTime,
} from './calendar-dates';
import {
  buildEvents,
  DAILY_PRACTICAL_LIMIT_MINUTES,
  dayShading,
  type EntryEventProps,
  entryKey,
  minutesKey,
  practicalMinutes,
  type SchedulerData,
  type SchedulerEventProps,
  type ShadeLayer,
  slotLimits,
} from './calendar-events';
import {
  CALENDAR_MODES,
  type CalendarMode,
  type CalendarSpan,
  type CalendarView,
  libraryView,
  normalizeView,
  spansOf,
} from './calendar-view';

/** A free slot the user picked: what a new appointment starts from. */
export type NewAppointmentSlot = {
  date: IsoDate;
  startTime: string;
  minutes: number;
  instructorId?: number;
  vehicleId?: number;
};

/** Where a dragged or resized entry went. */
export type AppointmentMove = {
  date: IsoDate;
  startTime: string;
  minutes: number;
  /** The new instructor, when the entry was dropped into another instructor's column. */
  instructorId?: number;
  /** The new vehicle, when the entry was dropped onto another vehicle's row. */
  vehicleId?: number;
};

export type SchedulerCalendarProps = {
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  /** A day inside the range shown. */
  date: IsoDate;
  onDateChange: (date: IsoDate) => void;
  /** What "Heute" jumps to. */
  today: IsoDate;
  data: SchedulerData;
  /** Nothing can be created or moved (no write permission). @default false */
  readOnly?: boolean;
  /** A load is under way (the previous range stays on screen meanwhile). @default false */
  isLoading?: boolean;
  /** The length of an appointment created by a click or the toolbar button. @default 45 */
  defaultMinutes?: number;
  /** A free slot was picked (click, drag over slots, or the "Termin anlegen" button). */
  onCreate?: (slot: NewAppointmentSlot) => void;
  /** An entry was clicked, or activated with Enter or Space. */
  onOpen?: (entry: CalendarEntry) => void;
  /** An entry was dragged or resized; resolve false to put it back. */
  onMove?: (entry: CalendarEntry, move: AppointmentMove) => Promise<boolean>;
  /** Shown between the toolbar and the calendar: the filters. */
  filters?: ReactNode;
  /** The calendar's height (CSS). @default 'max(32rem, calc(100dvh - 16rem))' */
  height?: string;
};

const PLUGINS = [TimeGrid, DayGrid, List, ResourceTimeGrid, ResourceTimeline, Interaction];

const TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (value: Date) => `${pad(value.getHours())}:${pad(value.getMinutes())}`;

/** "07:30–09:00", as German calendars write it (Intl adds "Uhr" to a range). */
function eventTime(start: Date, end: Date | null): Calendar.Content {
  return end ? `${clock(start)}–${clock(end)}` : clock(start);
}

const LOCK_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function calendarLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'de-DE';
}

/** The heading of the range: "Montag, 2. März 2026", "KW 10 · 02.03.–08.03.2026", "März 2026". */
export function rangeTitle(view: CalendarView, date: IsoDate, t: TFunction, locale: string) {
  const at = (day: IsoDate) => new Date(`${day}T12:00:00Z`);
  const format = (day: IsoDate, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(at(day));
  const { span } = normalizeView(view);
  if (span === 'day') {
    return format(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  }
  if (span === 'month') return format(date, { month: 'long', year: 'numeric' });
  const { from, to } = rangeOf('week', date);
  const short = { day: '2-digit', month: '2-digit' } as const;
  return `${t('calendar.week', { week: isoWeek(date) })} · ${format(from, short)}–${format(to, {
    ...short,
    year: 'numeric',
  })}`;
}

function minutesHtml(minutes: number, t: TFunction): string {
  const over = minutes > DAILY_PRACTICAL_LIMIT_MINUTES;
  const values = { minutes, limit: DAILY_PRACTICAL_LIMIT_MINUTES };
  const label = `${t('calendar.minutesLabel', values)}${over ? `, ${t('calendar.overLimit')}` : ''}`;
  return `<span class="fw-minutes${over ? ' fw-minutes-over' : ''}" title="${escapeHtml(label)}">${escapeHtml(t('calendar.minutes', values))}</span>`;
}

function entryHtml(
  props: EntryEventProps,
  timeText: string,
  view: CalendarView,
  t: TFunction,
  dateLabel: (date: IsoDate) => string,
) {
  const { mode } = view;
  const { entry, lock } = props;
  const { appointment } = entry;
  const type = t(`appointmentTypes.${appointment.type}`);
  const title = entry.studentName ?? appointment.title ?? type;
  const details = [
    entry.studentName || appointment.title ? type : null,
    mode === 'instructors' ? null : entry.instructorName,
    mode === 'vehicles' ? null : entry.vehicleName,
  ].filter((part): part is string => Boolean(part));
  const lockText = lock ? t(`calendar.locks.${lock}`) : null;
  // The button's text names the whole entry, its day included (hidden but read): the grid
  // around it is no table a screen reader can follow.
  const day = `<span class="fw-sr-only">${escapeHtml(dateLabel(appointment.date))}, </span>`;
  const time = `<span class="fw-event-time">${escapeHtml(timeText)}</span>`;
  if (view.span === 'month' && mode !== 'list') {
    // A month cell has room for one line: time, name and the lock (its word read, not shown).
    const lockIcon = lockText
      ? `<span class="fw-event-lock" title="${escapeHtml(lockText)}">${LOCK_ICON}<span class="fw-sr-only">${escapeHtml(lockText)}</span></span>`
      : '';
    return `<button type="button" class="fw-event fw-event-line" data-entry-id="${escapeHtml(entryKey(entry))}">${day}${time}<span class="fw-event-title">${escapeHtml(title)}</span>${lockIcon}</button>`;
  }
  // The lock shares the first line with the time, so a 45-minute entry still shows it.
  const locked = lockText
    ? `<span class="fw-event-lock">${LOCK_ICON}${escapeHtml(lockText)}</span>`
    : '';
  return `<button type="button" class="fw-event" data-entry-id="${escapeHtml(entryKey(entry))}">${day}<span class="fw-event-head">${time}${locked}</span><span class="fw-event-title">${escapeHtml(title)}</span>${
    details.length > 0
      ? `<span class="fw-event-details">${escapeHtml(details.join(' · '))}</span>`
      : ''
  }</button>`;
}

/**
 * One element per time-grid column with its shading as gradients (night, outside working
 * time), in place of background events; positions in % of the column (the grid's first to
 * last minute).
 */
function shadeHtml(layers: ShadeLayer[], limits: { min: number; max: number }): string {
  if (layers.length === 0) return '';
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
  if (shown.length === 0) return '';
  const kinds = [...new Set(layers.map((layer) => `fw-shade-${layer.kind}`))].join(' ');
  return `<div class="fw-shade ${kinds}" aria-hidden="true" style="background-image:${shown.join(',')}"></div>`;
}

/** Today in the browser's time zone: the day the library scrolls a week of columns to. */
function localToday(): IsoDate {
  const now = new Date();
  const pad2 = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** Runs `task` when the browser is idle (Safari: after a moment); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/** A range of instructor columns (day-major: day × instructors + instructor). */
type ColumnRange = { first: number; last: number };

/** The narrowest an instructor column gets (`columnWidth`), in px at 16 px per rem. */
const MIN_COLUMN_PX = 128;
/** The time labels' width before the grid measured it. */
const SIDEBAR_GUESS_PX = 56;

/**
 * The scheduler's calendar: day, week and month of one calendar, instructors side by side,
 * vehicles as timeline rows, and an agenda list; built on `@event-calendar/core` (MIT).
 * Presentational: the view, the date and the data come in, the user's picks go out
 * (`onCreate`, `onOpen`, `onMove`). Night times, the branch's work corridor, instructors'
 * work hours and mirror-school blocks are shaded; released, invoiced and read-only entries
 * show a lock and cannot be dragged; each instructor's daily minutes of practical instruction
 * are shown against 495.
 */
export function SchedulerCalendar({
  view: requestedView,
  onViewChange,
  date,
  onDateChange,
  today,
  data,
  readOnly = false,
  isLoading = false,
  defaultMinutes = 45,
  onCreate,
  onOpen,
  onMove,
  filters,
  height = 'max(32rem, calc(100dvh - 16rem))',
}: SchedulerCalendarProps) {
  const { t, i18n } = useSchedulerTranslation();
  const { mode, span } = normalizeView(requestedView);
  // One object per mode and span: the events and contents below are built again only then.
  const view = useMemo<CalendarView>(() => ({ mode, span }), [mode, span]);
  const locale = calendarLocale(i18n.language);
  const element = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const suppressClickUntil = useRef(0);
  /** The option values last given to the calendar, so that only changes are passed on. */
  const applied = useRef<Partial<Calendar.Options>>({});
  const canCreate = !readOnly && onCreate !== undefined;

  // Work hours (which arrive per instructor, one answer after the other) change the shading
  // only, never the events: a new events array makes the library draw every entry again.
  const { entries, nightTimes, mirrorBlocks, vehicles, workCorridor, from, to } = data;
  const events = useMemo(
    () =>
      buildEvents(
        { entries, nightTimes, mirrorBlocks, vehicles, workCorridor, from, to, instructors: [] },
        view,
        { readOnly },
      ),
    [entries, nightTimes, mirrorBlocks, vehicles, workCorridor, from, to, view, readOnly],
  );
  const limits = useMemo(() => slotLimits(entries), [entries]);
  const shading = useMemo(() => dayShading(data, view), [data, view]);
  const dayCellContent = useMemo(
    () =>
      ({ allDay, date: day, resource }: Calendar.DayCellContentArg): Calendar.Content => {
        if (allDay || view.mode === 'vehicles' || view.mode === 'list') return '';
        const instructorId = resource ? Number(resource.id) : undefined;
        return { html: shadeHtml(shading(fromCalendarDate(day).date, instructorId), limits) };
      },
    [shading, limits, view.mode],
  );

  // Instructor columns (30 instructors × 7 days = 210) draw only the entries of the columns in
  // view and a screen on either side; scrolling draws the next ones (`eventFilter`). Drawing
  // all 1,200 entries of such a week takes the library seconds.
  const viewDays = useMemo(() => {
    const range = rangeOf(span, date);
    return daysBetween(range.from, range.to);
  }, [span, date]);
  const columnOf = useMemo(() => {
    const dayIndex = new Map(viewDays.map((day, index) => [day, index]));
    const instructorIndex = new Map(
      data.instructors.map((instructor, index) => [instructor.id, index]),
    );
    const count = data.instructors.length;
    return (day: IsoDate, instructorId: number): number | undefined => {
      const d = dayIndex.get(day);
      const i = instructorIndex.get(instructorId);
      return d === undefined || i === undefined ? undefined : d * count + i;
    };
  }, [viewDays, data.instructors]);
  const columnCount = view.mode === 'instructors' ? viewDays.length * data.instructors.length : 0;
  const drawn = useRef<ColumnRange | null>(null);
  const dragging = useRef(false);
  const minutes = useMemo(() => practicalMinutes(data.entries), [data.entries]);
  const resources = useMemo<Calendar.ResourceInput[]>(
    () =>
      view.mode === 'vehicles'
        ? data.vehicles.map((vehicle) => ({
            id: String(vehicle.id),
            title: vehicle.name,
            extendedProps: { plate: vehicle.plate },
          }))
        : data.instructors.map((instructor) => ({
            id: String(instructor.id),
            title: instructor.name,
            extendedProps: { write: instructor.write },
          })),
    [view.mode, data.vehicles, data.instructors],
  );

  // The callbacks the calendar calls read the latest props through this ref, so the calendar
  // is created once and only its changing options are set again.
  const live = useRef({
    view,
    data,
    onCreate,
    onOpen,
    onMove,
    onDateChange,
    onViewChange,
    refreshColumns: (_force?: boolean, _measure?: boolean, _widen?: boolean) => {},
  });

  const resourceLabelContent = useMemo(
    () =>
      ({ resource, date: day }: Calendar.ResourceLabelInfo): Calendar.Content => {
        const name = escapeHtml(String(resource.title));
        if (view.mode === 'vehicles') {
          const plate = resource.extendedProps.plate;
          return {
            html: `<span class="fw-resource"><span class="fw-resource-name">${name}</span>${
              typeof plate === 'string'
                ? `<span class="fw-resource-detail">${escapeHtml(plate)}</span>`
                : ''
            }</span>`,
          };
        }
        const shown = day
          ? fromCalendarDate(day).date
          : live.current.view.span === 'day'
            ? date
            : null;
        const sum = shown ? (minutes.get(minutesKey(Number(resource.id), shown)) ?? 0) : null;
        return {
          html: `<span class="fw-resource"><span class="fw-resource-name">${name}</span>${
            sum === null ? '' : minutesHtml(sum, t)
          }</span>`,
        };
      },
    [view.mode, minutes, t, date],
  );

  const dayHeaderFormat = useMemo(() => {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const dayMonth = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
    const single =
      view.mode === 'calendar' && data.instructors.length === 1 ? data.instructors[0] : null;
    return (day: Date): Calendar.Content => {
      if (view.span === 'month') return weekday.format(day);
      const label = `${escapeHtml(weekday.format(day))} ${escapeHtml(dayMonth.format(day))}`;
      if (!single) return { html: `<span class="fw-day">${label}</span>` };
      const sum = minutes.get(minutesKey(single.id, fromCalendarDate(day).date)) ?? 0;
      return { html: `<span class="fw-day">${label}${minutesHtml(sum, t)}</span>` };
    };
  }, [locale, view.mode, view.span, data.instructors, minutes, t]);

  const eventContent = useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
    });
    const dateLabel = (day: IsoDate) => dateFormat.format(new Date(`${day}T12:00:00Z`));
    return ({ event, timeText }: Calendar.EventContentInfo): Calendar.Content => {
      const props = event.extendedProps as SchedulerEventProps;
      if (props.kind !== 'entry') return '';
      return {
        html: entryHtml(props, timeText, { mode: view.mode, span: view.span }, t, dateLabel),
      };
    };
  }, [view.mode, view.span, t, locale]);

  /** The entries to draw: those of the columns in `range` (all when null). */
  const eventFilter = (range: ColumnRange | null): Calendar.Options['eventFilter'] => {
    if (range === null) return undefined;
    const column = columnOf;
    return ({ event }) => {
      const props = event.extendedProps as SchedulerEventProps;
      if (props.kind !== 'entry') return true;
      const { appointment } = props.entry;
      const index = column(appointment.date, appointment.instructorId);
      return index === undefined || (index >= range.first && index <= range.last);
    };
  };

  /**
   * The instructor columns to draw: those in view and a screen on either side (null: all).
   * Before the grid exists, from the container's width and where the library will scroll to
   * (today's columns in the week of today, else the first).
   */
  const columnsToDraw = (
    measure = true,
    margin = 1,
  ): { draw: ColumnRange; inView: ColumnRange } | null => {
    if (columnCount === 0) return null;
    const main = measure ? element.current?.querySelector<HTMLElement>('.ec-main') : null;
    let first: number;
    let last: number;
    let perScreen: number;
    if (main && main.scrollWidth > 0) {
      const sidebar = main.querySelector<HTMLElement>('.ec-sidebar')?.offsetWidth ?? 0;
      const width = (main.scrollWidth - sidebar) / columnCount;
      const shown = Math.max(main.clientWidth - sidebar, width);
      const left = Math.abs(main.scrollLeft);
      first = Math.floor(left / width);
      last = Math.ceil((left + shown) / width) - 1;
      perScreen = Math.ceil(shown / width);
    } else {
      const shown = Math.max((element.current?.clientWidth ?? 0) - SIDEBAR_GUESS_PX, 1);
      const width = Math.max(MIN_COLUMN_PX, shown / columnCount);
      perScreen = Math.ceil(shown / width);
      const todayIndex = span === 'week' ? viewDays.indexOf(localToday()) : -1;
      first = todayIndex > 0 ? todayIndex * data.instructors.length : 0;
      last = first + perScreen - 1;
    }
    if (first <= 0 && last >= columnCount - 1) return null;
    return {
      draw: {
        first: Math.max(0, first - Math.ceil(margin * perScreen)),
        last: Math.min(columnCount - 1, last + Math.ceil(margin * perScreen)),
      },
      inView: { first, last },
    };
  };

  /** Draws the entries of the columns come into view (not while an entry is dragged). */
  const refreshColumns = (force = false, measure = true, widen = true) => {
    if (!calendar.current || (dragging.current && !force)) return;
    const next = columnsToDraw(measure);
    const current = drawn.current;
    if (!force) {
      if (next === null && current === null) return;
      // Drawn again when a column in view is missing, and once after the first draw (the
      // columns in view only) to add a screen on either side.
      const covered =
        next !== null &&
        current !== null &&
        next.inView.first >= current.first &&
        next.inView.last <= current.last;
      if (covered && !(narrowDraw.current && widen)) return;
    }
    narrowDraw.current = false;
    drawn.current = next?.draw ?? null;
    set('eventFilter', eventFilter(drawn.current));
  };
  const refreshLater = useRef(0);
  /** The columns the calendar was created with (the effect below skips its first run). */
  const mountedColumns = useRef<unknown>(null);
  /** The number of columns last drawn for: the same grid can be measured at once. */
  const lastColumnCount = useRef(0);
  /** The columns drawn are those in view only (the first draw): widen them after the paint. */
  const narrowDraw = useRef(false);

  live.current = {
    view,
    data,
    onCreate,
    onOpen,
    onMove,
    onDateChange,
    onViewChange,
    refreshColumns,
  };

  const options = (): Calendar.Options => ({
    view: libraryView(view),
    date,
    locale,
    firstDay: 1,
    headerToolbar: { start: '', center: '', end: '' },
    height: '100%',
    allDaySlot: false,
    nowIndicator: true,
    slotMinTime: toTime(limits.min),
    slotMaxTime: toTime(limits.max),
    scrollTime: '07:00',
    slotDuration: '00:30',
    snapDuration: '00:15',
    slotHeight: 36,
    slotLabelFormat: TIME_FORMAT,
    eventTimeFormat: eventTime,
    dayMaxEvents: true,
    datesAboveResources: true,
    columnWidth: columnWidth(view.mode),
    // A touch drag starts after a short press, so that scrolling a tablet moves no appointment.
    longPressDelay: 400,
    eventLongPressDelay: 400,
    selectLongPressDelay: 400,
    editable: !readOnly,
    selectable: canCreate,
    events,
    resources,
    resourceLabelContent,
    dayHeaderFormat,
    dayCellContent,
    eventContent,
    eventFilter: eventFilter(drawn.current),
    noEventsContent: t('calendar.noEvents'),
    views: {
      resourceTimelineDay: { slotDuration: '00:30', slotWidth: 48 },
      resourceTimelineWeek: { slotDuration: '02:00', slotWidth: 40 },
    },
    moreLinkContent: ({ num }) => t('calendar.more', { count: num }),
    // A click right after a drag or resize is part of it, not a wish to open the entry.
    eventDragStart: () => {
      dragging.current = true;
    },
    eventDragStop: () => {
      dragging.current = false;
      suppressClickUntil.current = performance.now() + 400;
      live.current.refreshColumns();
    },
    eventResizeStop: () => {
      suppressClickUntil.current = performance.now() + 400;
    },
    // The library's scroll pane, reachable with the keyboard (arrow keys scroll it).
    viewDidMount: () => {
      const main = element.current?.querySelector<HTMLElement>('.ec-main');
      if (main && !main.hasAttribute('tabindex')) {
        main.tabIndex = 0;
        main.setAttribute('aria-label', t('calendar.scrollArea'));
      }
    },
    dateClick: ({ date: clicked, allDay, resource }) => {
      const current = live.current;
      const picked = fromCalendarDate(clicked);
      if (allDay) {
        // The month: a day opens its day view.
        current.onDateChange(picked.date);
        current.onViewChange({ mode: 'calendar', span: 'day' });
        return;
      }
      createAt(picked.date, picked.time, defaultMinutes, resource);
    },
    select: ({ start, end, allDay, resource }) => {
      calendar.current?.unselect();
      if (allDay) return;
      const from = fromCalendarDate(start);
      const minutesLong = Math.round((end.getTime() - start.getTime()) / 60_000);
      createAt(from.date, from.time, minutesLong, resource);
    },
    eventDrop: ({ event, oldResource, newResource, revert }) => {
      void move(event, revert, oldResource, newResource);
    },
    eventResize: ({ event, revert }) => {
      void move(event, revert);
    },
  });

  function createAt(
    day: IsoDate,
    startTime: string,
    length: number,
    resource: Calendar.Resource | undefined,
  ) {
    const current = live.current;
    if (!current.onCreate || readOnly) return;
    const slot: NewAppointmentSlot = { date: day, startTime, minutes: length };
    const only = current.data.instructors.length === 1 ? current.data.instructors[0] : undefined;
    if (current.view.mode === 'instructors' && resource) {
      if (resource.extendedProps.write === false) return;
      slot.instructorId = Number(resource.id);
    } else if (only) {
      slot.instructorId = only.id;
    }
    if (current.view.mode === 'vehicles' && resource) slot.vehicleId = Number(resource.id);
    current.onCreate(slot);
  }

  async function move(
    event: Calendar.Event,
    revert: () => void,
    oldResource?: Calendar.Resource,
    newResource?: Calendar.Resource,
  ) {
    const current = live.current;
    const props = event.extendedProps as SchedulerEventProps;
    if (props.kind !== 'entry' || !current.onMove) {
      revert();
      return;
    }
    const { appointment } = props.entry;
    const start = fromCalendarDate(event.start);
    const change: AppointmentMove = {
      date: start.date,
      startTime: start.time,
      minutes: Math.round((event.end.getTime() - event.start.getTime()) / 60_000),
    };
    if (newResource && current.view.mode === 'instructors') {
      if (newResource.extendedProps.write === false) {
        revert();
        return;
      }
      change.instructorId = Number(newResource.id);
    }
    if (newResource && current.view.mode === 'vehicles') {
      // Only the vehicle driven moves between rows; a trailer or escort vehicle stays.
      if (String(appointment.vehicleId) !== oldResource?.id) {
        revert();
        return;
      }
      change.vehicleId = Number(newResource.id);
    }
    const moved = await current.onMove(props.entry, change).catch(() => false);
    if (!moved) revert();
  }

  // Created once per mount; the effects below pass on what changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are set by the effects below
  useLayoutEffect(() => {
    if (!element.current) return;
    // First the columns in view (and one more), the screens either side after the paint.
    drawn.current = columnsToDraw(false, 0.1)?.draw ?? null;
    narrowDraw.current = drawn.current !== null;
    mountedColumns.current = columnOf;
    lastColumnCount.current = columnCount;
    const initial = options();
    const created = createCalendar(element.current, PLUGINS, initial);
    calendar.current = created;
    applied.current = initial;
    // Entries open from their button (see `entryHtml`): a click, Enter or Space.
    const target = element.current;
    const handleClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('[data-entry-id]');
      if (!button || performance.now() < suppressClickUntil.current) return;
      const key = button.dataset.entryId;
      const entry = live.current.data.entries.find((item) => entryKey(item) === key);
      if (entry) live.current.onOpen?.(entry);
    };
    target.addEventListener('click', handleClick);
    // The library's scroll pane: its scroll events reach the container in the capture phase.
    const handleScroll = () => {
      if (refreshLater.current) return;
      refreshLater.current = requestAnimationFrame(() => {
        refreshLater.current = 0;
        // Only columns come into view are drawn here: the library's own scroll to 07:00 right
        // after the mount must not widen the first draw before it is painted.
        live.current.refreshColumns(false, true, false);
      });
    };
    target.addEventListener('scroll', handleScroll, { capture: true, passive: true });
    // A wider window shows more columns.
    window.addEventListener('resize', handleScroll, { passive: true });
    return () => {
      cancelAnimationFrame(refreshLater.current);
      window.removeEventListener('resize', handleScroll);
      target.removeEventListener('scroll', handleScroll, { capture: true });
      target.removeEventListener('click', handleClick);
      calendar.current = null;
      void destroyCalendar(created);
    };
  }, []);

  const set = <K extends keyof Calendar.Options>(name: K, value: Calendar.Options[K]) => {
    const current = calendar.current;
    if (!current || applied.current[name] === value) return;
    applied.current[name] = value;
    current.setOption(name, value);
  };
  const viewName = libraryView(view);
  useEffect(() => set('view', viewName));
  useEffect(() => set('date', date));
  useEffect(() => set('locale', locale));
  useEffect(() => set('editable', !readOnly));
  useEffect(() => set('selectable', canCreate));
  useEffect(() => set('columnWidth', columnWidth(view.mode)));
  useEffect(() => set('resources', resources));
  useEffect(() => set('events', events));
  useEffect(() => set('resourceLabelContent', resourceLabelContent));
  useEffect(() => set('dayHeaderFormat', dayHeaderFormat));
  useEffect(() => set('eventContent', eventContent));
  useEffect(() => set('dayCellContent', dayCellContent));
  useEffect(() => set('slotMinTime', toTime(limits.min)));
  useEffect(() => set('slotMaxTime', toTime(limits.max)));
  // Other columns (view, week, instructors): drawn from the estimate now, measured once the
  // library has laid the new grid out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the columns change
  useEffect(() => {
    if (!calendar.current) return;
    // Another week or other instructors in the same grid: measured now; another grid (day,
    // week): estimated now, measured once the library has laid it out (next frame).
    if (mountedColumns.current !== columnOf) {
      refreshColumns(true, lastColumnCount.current === columnCount);
    }
    mountedColumns.current = null;
    lastColumnCount.current = columnCount;
    const frame = requestAnimationFrame(() => live.current.refreshColumns(false, true, false));
    // Once the browser is idle (the columns in view painted): the screens on either side.
    const cancelIdle = whenIdle(() => live.current.refreshColumns());
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [columnOf, columnCount]);
  useEffect(() => set('noEventsContent', t('calendar.noEvents')));

  const title = rangeTitle(view, date, t, locale);
  const emptyResources =
    (view.mode === 'instructors' && data.instructors.length === 0) ||
    (view.mode === 'vehicles' && data.vehicles.length === 0);

  return (
    <section className="flex flex-col gap-3" aria-label={t('calendar.calendarLabel', { title })}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-1">
          <Button variant="secondary" className={TOUCH} onPress={() => onDateChange(today)}>
            {t('calendar.today')}
          </Button>
          <Button
            variant="quiet"
            size="icon"
            className={TOUCH_ICON}
            aria-label={t('calendar.previous')}
            onPress={() => onDateChange(shiftDate(view.span, date, -1))}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <Button
            variant="quiet"
            size="icon"
            className={TOUCH_ICON}
            aria-label={t('calendar.next')}
            onPress={() => onDateChange(shiftDate(view.span, date, 1))}
          >
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2
          className="flex-1 whitespace-nowrap text-lg font-semibold text-neutral-900"
          aria-live="polite"
        >
          {title}
          {isLoading && (
            <Spinner
              size="sm"
              className="ms-2 inline-block align-middle"
              label={t('calendar.loading')}
            />
          )}
        </h2>
        <ToggleGroup
          label={t('calendar.modes.label')}
          items={CALENDAR_MODES.map((mode) => ({ id: mode, label: t(`calendar.modes.${mode}`) }))}
          selected={view.mode}
          onSelect={(mode) => onViewChange(normalizeView({ mode, span: view.span }))}
        />
        <ToggleGroup
          label={t('calendar.spans.label')}
          items={spansOf(view.mode).map((span) => ({
            id: span,
            label: t(`calendar.spans.${span}`),
          }))}
          selected={view.span}
          onSelect={(span: CalendarSpan) => onViewChange({ mode: view.mode, span })}
        />
        {canCreate && (
          <Button
            className={TOUCH}
            onPress={() => {
              const start = date === today ? nextQuarterHour() : '08:00';
              createAt(date, start, defaultMinutes, undefined);
            }}
          >
            {t('calendar.newAppointment')}
          </Button>
        )}
      </div>
      {filters}
      {readOnly && <p className="text-sm text-neutral-600">{t('calendar.readOnly')}</p>}
      {emptyResources && (
        <p className="text-sm text-neutral-600">
          {view.mode === 'vehicles' ? t('calendar.noVehicles') : t('calendar.noInstructors')}
        </p>
      )}
      <div
        className={cn('fw-scheduler', `fw-mode-${view.mode}`)}
        style={{ height: view.mode === 'list' ? 'auto' : height }}
        aria-busy={isLoading}
      >
        {/* The list's days are h4 headings: this keeps the outline whole (h1, h2, h3, h4). */}
        <h3 className="sr-only">{t('calendar.entriesHeading')}</h3>
        <div ref={element} className="h-full" />
      </div>
      {view.mode !== 'list' && view.span !== 'month' && <Legend t={t} />}
    </section>
  );
}

/**
 * Instructor columns keep a readable width (name, minutes, an entry's student) and the grid
 * scrolls sideways when 30 instructors do not fit; the other views fill the width.
 */
function columnWidth(mode: CalendarMode): string | undefined {
  return mode === 'instructors' ? 'minmax(8rem, 1fr)' : undefined;
}

/** Large enough to hit with a finger on a tablet (44 px on coarse pointers). */
const TOUCH = 'pointer-coarse:h-11 pointer-coarse:px-4';
const TOUCH_ICON = 'pointer-coarse:size-11 text-xl';

function nextQuarterHour(): string {
  const now = new Date();
  const minutes = Math.min(now.getHours() * 60 + now.getMinutes() + 14, 23 * 60 + 45);
  const rounded = minutes - (minutes % 15);
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`;
}

type ToggleGroupProps<T extends string> = {
  label: string;
  items: Array<{ id: T; label: string }>;
  selected: T;
  onSelect: (id: T) => void;
};

/** Buttons of which one is pressed: the mode and the span. */
function ToggleGroup<T extends string>({ label, items, selected, onSelect }: ToggleGroupProps<T>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-[var(--radius-control)] border border-neutral-300 bg-white p-0.5"
    >
      {items.map((item) => (
        <Button
          key={item.id}
          variant={item.id === selected ? 'primary' : 'quiet'}
          size="sm"
          className={cn('pointer-coarse:h-11 pointer-coarse:px-4', 'border-0')}
          aria-pressed={item.id === selected}
          onPress={() => onSelect(item.id)}
        >
          {item.label}
        </Button>
      ))}
    </div>
  );
}

function Legend({ t }: { t: TFunction }) {
  const items = [
    ['fw-swatch-night', t('calendar.legend.night')],
    ['fw-swatch-outside', t('calendar.legend.outside')],
    ['fw-swatch-mirror', t('calendar.legend.mirror')],
    ['fw-swatch-locked', t('calendar.legend.locked')],
  ] as const;
  return (
    <ul
      aria-label={t('calendar.legend.label')}
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-600"
    >
      {items.map(([swatch, label]) => (
        <li key={swatch} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('fw-swatch', swatch)} />
          {label}
        </li>
      ))}
    </ul>
  );
}
