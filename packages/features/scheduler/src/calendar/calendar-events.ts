import type { Calendar } from '@event-calendar/core';
import type {
  CalendarEntry,
  DayWorkHours,
  MirrorBlock,
  NightTime,
  TimeRange,
  Weekday,
} from '../api/calendar-queries';
import {
  addDays,
  dateTime,
  daysBetween,
  type IsoDate,
  toMinutes,
  toTime,
  weekdayIndex,
} from './calendar-dates';
import type { CalendarView } from './calendar-view';

/** An instructor's calendar as the scheduler shows it (a column of the resource view). */
export type CalendarInstructor = {
  id: number;
  name: string;
  /** The caller may book into and change this calendar. */
  write: boolean;
  /** The caller's own calendar. */
  own: boolean;
  /** Work hours per weekday; left out while unknown (then nothing is greyed). */
  workHours?: DayWorkHours[];
};

/** A vehicle as a row of the timeline. */
export type CalendarVehicle = { id: number; name: string; plate?: string };

/** Everything the calendar draws for the days `from` to `to`. */
export type SchedulerData = {
  from: IsoDate;
  to: IsoDate;
  entries: CalendarEntry[];
  nightTimes: NightTime[];
  mirrorBlocks: MirrorBlock[];
  /** The calendars shown: the columns of the instructor view. */
  instructors: CalendarInstructor[];
  /** The rows of the vehicle timeline. */
  vehicles: CalendarVehicle[];
  /** The chosen branch's work corridor; outside it the day is greyed. */
  workCorridor?: TimeRange | null;
};

/** Practical instruction counts driving lessons and exams (spec 000 §9: 495 minutes a day). */
export const PRACTICAL_TYPES: readonly string[] = ['DRIVING', 'EXAM'];
export const DAILY_PRACTICAL_LIMIT_MINUTES = 495;

const DAY_MINUTES = 24 * 60;

const WEEKDAYS: readonly Weekday[] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];

export function minutesKey(instructorId: number, date: IsoDate): string {
  return `${instructorId}/${date}`;
}

/** Minutes of practical instruction per instructor and day (`minutesKey`). */
export function practicalMinutes(entries: readonly CalendarEntry[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { appointment } of entries) {
    if (!PRACTICAL_TYPES.includes(appointment.type)) continue;
    const key = minutesKey(appointment.instructorId, appointment.date);
    sums.set(key, (sums.get(key) ?? 0) + appointment.minutes);
  }
  return sums;
}

/** Why an entry cannot be changed: released, invoiced, or a calendar shared read-only. */
export type LockReason = 'released' | 'invoiced' | 'readOnly';

export function lockReason(entry: CalendarEntry): LockReason | null {
  if (entry.editable) return null;
  if (entry.appointment.released) return 'released';
  if (entry.appointment.invoiced) return 'invoiced';
  return 'readOnly';
}

export type EntryEventProps = { kind: 'entry'; entry: CalendarEntry; lock: LockReason | null };
export type BackgroundKind = 'night' | 'outsideCorridor' | 'offDuty' | 'mirror';
export type BackgroundEventProps = { kind: BackgroundKind };
export type SchedulerEventProps = EntryEventProps | BackgroundEventProps;

type EventInput = Calendar.EventInput;

/** The parts of a day (in minutes) outside the given ranges. */
export function outsideRanges(ranges: readonly TimeRange[]): Array<[number, number]> {
  const sorted = ranges
    .map((range) => [toMinutes(range.from), toMinutes(range.to)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const gaps: Array<[number, number]> = [];
  let cursor = 0;
  for (const [from, to] of sorted) {
    if (from > cursor) gaps.push([cursor, from]);
    cursor = Math.max(cursor, to);
  }
  if (cursor < DAY_MINUTES) gaps.push([cursor, DAY_MINUTES]);
  return gaps;
}

/** The parts of `ranges` inside `within`. */
export function intersectRanges(ranges: readonly TimeRange[], within: TimeRange): TimeRange[] {
  const from = toMinutes(within.from);
  const to = toMinutes(within.to);
  return ranges
    .map((range) => [Math.max(toMinutes(range.from), from), Math.min(toMinutes(range.to), to)])
    .filter(([start = 0, end = 0]) => start < end)
    .map(([start = 0, end = 0]) => ({ from: toTime(start), to: toTime(end) }));
}

function background(
  id: string,
  kind: BackgroundKind,
  date: IsoDate,
  [from, to]: [number, number],
  resourceIds: string[] | undefined,
): EventInput {
  return {
    id,
    start: dateTime(date, from),
    end: dateTime(date, to),
    display: 'background',
    editable: false,
    classNames: [`fw-bg-${kind}`],
    resourceIds,
    extendedProps: { kind } satisfies BackgroundEventProps,
  };
}

function entryResources(entry: CalendarEntry, view: CalendarView): string[] | undefined {
  const { appointment } = entry;
  if (view.mode === 'instructors') return [String(appointment.instructorId)];
  if (view.mode === 'vehicles') {
    return [appointment.vehicleId, appointment.trailerId, appointment.escortVehicleId]
      .filter((id): id is number => id !== undefined)
      .map(String);
  }
  return undefined;
}

/**
 * An entry's key among the entries of an answer: the appointment's id, or `theory-<id>` for
 * a theory lesson shown in the calendar (its `appointment.id` is the lesson's id, which may
 * equal an appointment's).
 */
export function entryKey(entry: CalendarEntry): string {
  return entry.theoryLessonId === undefined
    ? String(entry.appointment.id)
    : `theory-${entry.theoryLessonId}`;
}

function entryEvent(entry: CalendarEntry, view: CalendarView, readOnly: boolean): EventInput {
  const { appointment } = entry;
  const start = toMinutes(appointment.startTime);
  const lock = lockReason(entry);
  const editable = !readOnly && lock === null;
  return {
    id: entryKey(entry),
    start: dateTime(appointment.date, start),
    end: dateTime(appointment.date, start + appointment.minutes),
    title: entry.studentName ?? appointment.title ?? '',
    // Each flag on its own: the library's `eventStartEditable` (default true) would otherwise
    // win over `editable: false` and let a released entry be dragged.
    editable,
    startEditable: editable,
    durationEditable: editable,
    resourceIds: entryResources(entry, view),
    classNames: [
      'fw-entry',
      `fw-type-${appointment.type.toLowerCase()}`,
      ...(lock ? ['fw-locked'] : []),
    ],
    extendedProps: { kind: 'entry', entry, lock } satisfies EntryEventProps,
  };
}

/**
 * The events of `@event-calendar/core` for a view: the appointments (locked ones not
 * editable) and the mirror-school blocks as background. The time grids (one calendar, the
 * instructor columns) draw night, corridor and work hours as one shaded layer per column
 * (`dayShading`), not as events: 30 instructors × 7 days made ~840 background events, a
 * third of the week's render time. The vehicle timeline keeps them as background events
 * (a few rows). The month and the agenda show appointments only.
 */
export function buildEvents(
  data: SchedulerData,
  view: CalendarView,
  options: { readOnly: boolean },
): EventInput[] {
  const events = data.entries.map((entry) => entryEvent(entry, view, options.readOnly));
  if (view.mode === 'list' || view.span === 'month') return events;

  if (view.mode === 'vehicles') {
    const resourceIds = data.vehicles.map((vehicle) => String(vehicle.id));
    for (const night of data.nightTimes) {
      events.push({
        id: `night/${night.date}`,
        start: dateTime(night.date, toMinutes(night.from)),
        end: dateTime(addDays(night.date, 1), toMinutes(night.to)),
        display: 'background',
        editable: false,
        classNames: ['fw-bg-night'],
        resourceIds,
        extendedProps: { kind: 'night' } satisfies BackgroundEventProps,
      });
    }
    // The morning of the first day belongs to the night before, which the answer may not hold.
    const first = data.nightTimes[0];
    if (first && first.date >= data.from) {
      events.push(
        background(`night/before`, 'night', data.from, [0, toMinutes(first.to)], resourceIds),
      );
    }
    const corridor = data.workCorridor ?? null;
    if (corridor) {
      const gaps = outsideRanges([corridor]);
      for (const day of daysBetween(data.from, data.to)) {
        gaps.forEach((gap, index) => {
          events.push(
            background(`corridor/${day}/${index}`, 'outsideCorridor', day, gap, resourceIds),
          );
        });
      }
    }
  }

  data.mirrorBlocks.forEach((block, index) => {
    const start = toMinutes(block.startTime);
    const target =
      view.mode === 'instructors'
        ? block.instructorId
        : view.mode === 'vehicles'
          ? block.vehicleId
          : null;
    if (view.mode !== 'calendar' && target === undefined) return;
    events.push(
      background(
        `mirror/${index}`,
        'mirror',
        block.date,
        [start, start + block.minutes],
        target === null || target === undefined ? undefined : [String(target)],
      ),
    );
  });
  return events;
}

/** A layer of a day column's shading: its kind and the minutes of the day it covers. */
export type ShadeLayer = { kind: 'night' | 'outside'; ranges: Array<[number, number]> };

/**
 * The shading of one column of a time grid (a day, or an instructor's day): night (the
 * morning's end of the night before and the evening's start of this night), and grey outside
 * the branch's work corridor and outside the instructor's work hours. Instructor columns grey
 * what lies outside the work hours within the corridor (one layer), or outside the corridor
 * while the hours are unknown; one calendar of one instructor greys both, layered.
 */
export function dayShading(
  data: SchedulerData,
  view: CalendarView,
): (date: IsoDate, instructorId?: number) => ShadeLayer[] {
  const nights = new Map(data.nightTimes.map((night) => [night.date, night]));
  const first = data.nightTimes[0];
  const corridor = data.workCorridor ?? null;
  const corridorGaps = corridor ? outsideRanges([corridor]) : [];
  const single =
    view.mode === 'calendar' && data.instructors.length === 1 ? data.instructors[0] : undefined;
  const byId = new Map(data.instructors.map((instructor) => [instructor.id, instructor]));
  const cache = new Map<string, ShadeLayer[]>();

  const offDuty = (instructor: CalendarInstructor | undefined, date: IsoDate, within: boolean) => {
    if (!instructor?.workHours) return null;
    const weekday = WEEKDAYS[weekdayIndex(date)];
    const ranges = instructor.workHours.find((hours) => hours.weekday === weekday)?.ranges ?? [];
    return outsideRanges(within && corridor ? intersectRanges(ranges, corridor) : ranges);
  };

  return (date, instructorId) => {
    const key = `${date}/${instructorId ?? ''}`;
    const known = cache.get(key);
    if (known) return known;
    const layers: ShadeLayer[] = [];
    const night: Array<[number, number]> = [];
    const before = nights.get(addDays(date, -1));
    if (before) night.push([0, toMinutes(before.to)]);
    else if (first && date === data.from && first.date >= data.from) {
      night.push([0, toMinutes(first.to)]);
    }
    const tonight = nights.get(date);
    if (tonight) night.push([toMinutes(tonight.from), DAY_MINUTES]);
    if (night.length > 0) layers.push({ kind: 'night', ranges: night });
    if (view.mode === 'instructors') {
      const grey = offDuty(byId.get(instructorId ?? Number.NaN), date, true) ?? corridorGaps;
      if (grey.length > 0) layers.push({ kind: 'outside', ranges: grey });
    } else {
      if (corridorGaps.length > 0) layers.push({ kind: 'outside', ranges: corridorGaps });
      const hours = offDuty(single, date, false);
      if (hours && hours.length > 0) layers.push({ kind: 'outside', ranges: hours });
    }
    cache.set(key, layers);
    return layers;
  };
}

/**
 * The time grid's first and last minute: 06:00 to 22:00, stretched to the half hour before
 * the earliest and after the latest appointment (fixed here rather than by the library, so
 * that the grid keeps its height while only the entries in view are drawn).
 */
export function slotLimits(entries: readonly CalendarEntry[]): { min: number; max: number } {
  let min = 6 * 60;
  let max = 22 * 60;
  for (const { appointment } of entries) {
    const start = toMinutes(appointment.startTime);
    min = Math.min(min, start - (start % 30));
    const end = Math.min(start + appointment.minutes, DAY_MINUTES);
    max = Math.max(max, end + ((30 - (end % 30)) % 30));
  }
  return { min: Math.max(0, min), max: Math.min(DAY_MINUTES, max) };
}
