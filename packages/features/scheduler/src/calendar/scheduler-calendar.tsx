import '@event-calendar/core/index.css';
import './scheduler-calendar.css';
import {
  type Calendar,
  createCalendar,
  DayGrid,
  destroyCalendar,
  Interaction,
  List,
  ResourceTimeline,
  TimeGrid,
} from '@event-calendar/core';
import { Button, cn, Spinner } from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CalendarEntry } from '../api/calendar-queries';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import {
  fromCalendarDate,
  type IsoDate,
  isoWeek,
  rangeOf,
  shiftDate,
  toTime,
} from './calendar-dates';
import {
  buildEvents,
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
  type CalendarSpan,
  type CalendarView,
  libraryView,
  normalizeView,
  spansOf,
} from './calendar-view';
import { entryDateLabel, entryTexts, LOCK_ICON, minutesTexts, shadeStyle } from './entry-content';
import { InstructorGrid, type InstructorGridProps } from './instructor-grid';

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

const PLUGINS = [TimeGrid, DayGrid, List, ResourceTimeline, Interaction];

const TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (value: Date) => `${pad(value.getHours())}:${pad(value.getMinutes())}`;

/** "07:30–09:00", as German calendars write it (Intl adds "Uhr" to a range). */
function eventTime(start: Date, end: Date | null): Calendar.Content {
  return end ? `${clock(start)}–${clock(end)}` : clock(start);
}

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
  const sum = minutesTexts(minutes, t);
  return `<span class="fw-minutes${sum.over ? ' fw-minutes-over' : ''}" title="${escapeHtml(sum.label)}">${escapeHtml(sum.text)}</span>`;
}

function entryHtml(
  props: EntryEventProps,
  timeText: string,
  view: CalendarView,
  t: TFunction,
  dateLabel: (date: IsoDate) => string,
) {
  const { entry, lock } = props;
  const { appointment } = entry;
  const { title, details, lockText } = entryTexts(entry, lock, view, t);
  // The button's text names the whole entry, its day included (hidden but read): the grid
  // around it is no table a screen reader can follow.
  const day = `<span class="fw-sr-only">${escapeHtml(dateLabel(appointment.date))}, </span>`;
  const time = `<span class="fw-event-time">${escapeHtml(timeText)}</span>`;
  if (view.span === 'month' && view.mode !== 'list') {
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
 * time), in place of background events.
 */
function shadeHtml(layers: ShadeLayer[], limits: { min: number; max: number }): string {
  const shade = shadeStyle(layers, limits);
  if (!shade) return '';
  return `<div class="fw-shade ${shade.kinds}" aria-hidden="true" style="background-image:${shade.backgroundImage}"></div>`;
}

/**
 * The scheduler's calendar: day, week and month of one calendar, instructors side by side,
 * vehicles as timeline rows, and an agenda list. Presentational: the view, the date and the
 * data come in, the user's picks go out (`onCreate`, `onOpen`, `onMove`). Night times, the
 * branch's work corridor, instructors' work hours and mirror-school blocks are shaded;
 * released, invoiced and read-only entries show a lock and cannot be dragged; each
 * instructor's daily minutes of practical instruction are shown against 495. The instructor
 * columns are our own grid (`InstructorGrid`, drawing only the columns in view); the other
 * views are `@event-calendar/core` (MIT).
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
  const canCreate = !readOnly && onCreate !== undefined;

  const title = rangeTitle(view, date, t, locale);
  /** What either calendar shows and tells: the instructors' grid, or the library's views. */
  const shown: InstructorGridProps = {
    view,
    date,
    data,
    readOnly,
    defaultMinutes,
    locale,
    onCreate,
    onOpen,
    onMove,
  };
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
              const only = data.instructors.length === 1 ? data.instructors[0] : undefined;
              onCreate?.({
                date,
                startTime: start,
                minutes: defaultMinutes,
                ...(only ? { instructorId: only.id } : {}),
              });
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
        {view.mode === 'instructors' ? (
          <InstructorGrid {...shown} />
        ) : (
          <LibraryCalendar {...shown} onDateChange={onDateChange} onViewChange={onViewChange} />
        )}
      </div>
      {view.mode !== 'list' && view.span !== 'month' && <Legend t={t} />}
    </section>
  );
}

type LibraryCalendarProps = InstructorGridProps & {
  onDateChange: (date: IsoDate) => void;
  onViewChange: (view: CalendarView) => void;
};

/** One calendar (day, week, month), the vehicle timeline and the agenda: the library's views. */
function LibraryCalendar({
  view,
  date,
  data,
  readOnly,
  defaultMinutes,
  locale,
  onCreate,
  onOpen,
  onMove,
  onDateChange,
  onViewChange,
}: LibraryCalendarProps) {
  const { t } = useSchedulerTranslation();
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
      ({ allDay, date: day }: Calendar.DayCellContentArg): Calendar.Content => {
        if (allDay || view.mode === 'vehicles' || view.mode === 'list') return '';
        return { html: shadeHtml(shading(fromCalendarDate(day).date), limits) };
      },
    [shading, limits, view.mode],
  );

  const minutes = useMemo(() => practicalMinutes(data.entries), [data.entries]);
  const resources = useMemo<Calendar.ResourceInput[]>(
    () =>
      view.mode === 'vehicles'
        ? data.vehicles.map((vehicle) => ({
            id: String(vehicle.id),
            title: vehicle.name,
            extendedProps: { plate: vehicle.plate },
          }))
        : [],
    [view.mode, data.vehicles],
  );

  // The callbacks the calendar calls read the latest props through this ref, so the calendar
  // is created once and only its changing options are set again.
  const live = useRef({ view, data, onCreate, onOpen, onMove, onDateChange, onViewChange });
  live.current = { view, data, onCreate, onOpen, onMove, onDateChange, onViewChange };

  const resourceLabelContent = useMemo(
    () =>
      ({ resource }: Calendar.ResourceLabelInfo): Calendar.Content => {
        const name = escapeHtml(String(resource.title));
        const plate = resource.extendedProps.plate;
        return {
          html: `<span class="fw-resource"><span class="fw-resource-name">${name}</span>${
            typeof plate === 'string'
              ? `<span class="fw-resource-detail">${escapeHtml(plate)}</span>`
              : ''
          }</span>`,
        };
      },
    [],
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
    const dateLabel = entryDateLabel(locale);
    return ({ event, timeText }: Calendar.EventContentInfo): Calendar.Content => {
      const props = event.extendedProps as SchedulerEventProps;
      if (props.kind !== 'entry') return '';
      return {
        html: entryHtml(props, timeText, { mode: view.mode, span: view.span }, t, dateLabel),
      };
    };
  }, [view.mode, view.span, t, locale]);

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
    noEventsContent: t('calendar.noEvents'),
    views: {
      resourceTimelineDay: { slotDuration: '00:30', slotWidth: 48 },
      resourceTimelineWeek: { slotDuration: '02:00', slotWidth: 40 },
    },
    moreLinkContent: ({ num }) => t('calendar.more', { count: num }),
    // A click right after a drag or resize is part of it, not a wish to open the entry.
    eventDragStop: () => {
      suppressClickUntil.current = performance.now() + 400;
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
    if (only) slot.instructorId = only.id;
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
    return () => {
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
  useEffect(() => set('resources', resources));
  useEffect(() => set('events', events));
  useEffect(() => set('resourceLabelContent', resourceLabelContent));
  useEffect(() => set('dayHeaderFormat', dayHeaderFormat));
  useEffect(() => set('eventContent', eventContent));
  useEffect(() => set('dayCellContent', dayCellContent));
  useEffect(() => set('slotMinTime', toTime(limits.min)));
  useEffect(() => set('slotMaxTime', toTime(limits.max)));
  useEffect(() => set('noEventsContent', t('calendar.noEvents')));

  return <div ref={element} className="h-full" />;
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
