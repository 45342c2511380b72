import type { CalendarEntry } from '../api/calendar-queries';
import type { IsoDate } from './calendar-dates';
import { toMinutes } from './calendar-dates';
import { type CalendarInstructor, entryKey, type LockReason, lockReason } from './calendar-events';

/*
 * The arithmetic of the instructors' grid (`instructor-grid.tsx`): which column an entry
 * falls in, how overlapping entries share a column, and which minute a pointer points at.
 * Kept apart from the component so that it is tested without a browser.
 */

/** The minutes one row of the grid spans, and its height. */
export const SLOT_MINUTES = 30;
export const SLOT_PX = 36;
/** A drag, a resize and a click land on quarter hours. */
export const SNAP_MINUTES = 15;
/** The time labels' width (px) left of the columns. */
export const TIME_AXIS_PX = 56;
/** The narrowest an instructor column gets (px): name, minutes and a student's name fit. */
export const MIN_COLUMN_PX = 128;

/** A column of the grid: an instructor on a day (day-major: day × instructors + instructor). */
export type GridColumn = { index: number; day: IsoDate; instructor: CalendarInstructor };

export function gridColumns(days: readonly IsoDate[], instructors: readonly CalendarInstructor[]) {
  const columns: GridColumn[] = [];
  for (const day of days) {
    for (const instructor of instructors) {
      columns.push({ index: columns.length, day, instructor });
    }
  }
  return columns;
}

/** An entry placed in its column: minutes of the day, and its lane among overlapping ones. */
export type PlacedEntry = {
  key: string;
  entry: CalendarEntry;
  lock: LockReason | null;
  start: number;
  minutes: number;
  /** 0-based lane and the number of lanes of its group of overlapping entries. */
  lane: number;
  lanes: number;
};

/**
 * Lays out the entries of one column: entries that overlap (directly or through another) form
 * a group, each gets the first lane free at its start, and the group's entries share its width.
 */
export function layoutColumn(
  items: ReadonlyArray<Omit<PlacedEntry, 'lane' | 'lanes'>>,
): PlacedEntry[] {
  const sorted = [...items].sort(
    (a, b) => a.start - b.start || b.minutes - a.minutes || a.key.localeCompare(b.key),
  );
  const placed: PlacedEntry[] = [];
  let group: PlacedEntry[] = [];
  let laneEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) close();
    const end = item.start + Math.max(item.minutes, 1);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= item.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    const entry: PlacedEntry = { ...item, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd === Number.NEGATIVE_INFINITY ? end : groupEnd, end);
  }
  close();
  return placed;
}

/** The entries of each column (by column index), laid out; entries of no column are left out. */
export function placeEntries(
  entries: readonly CalendarEntry[],
  columnOf: (day: IsoDate, instructorId: number) => number | undefined,
): Map<number, PlacedEntry[]> {
  const byColumn = new Map<number, Array<Omit<PlacedEntry, 'lane' | 'lanes'>>>();
  for (const entry of entries) {
    const { appointment } = entry;
    const column = columnOf(appointment.date, appointment.instructorId);
    if (column === undefined) continue;
    let list = byColumn.get(column);
    if (!list) {
      list = [];
      byColumn.set(column, list);
    }
    list.push({
      key: entryKey(entry),
      entry,
      lock: lockReason(entry),
      start: toMinutes(appointment.startTime),
      minutes: appointment.minutes,
    });
  }
  const laidOut = new Map<number, PlacedEntry[]>();
  for (const [column, list] of byColumn) laidOut.set(column, layoutColumn(list));
  return laidOut;
}

/** Rounds minutes to the nearest quarter hour (`floor`: the quarter hour they fall in). */
export function snap(minutes: number, mode: 'round' | 'floor' | 'ceil' = 'round'): number {
  return Math[mode](minutes / SNAP_MINUTES) * SNAP_MINUTES;
}

/**
 * Where an entry starting at `start` goes when dragged by `delta` minutes: the distance snaps
 * to quarter hours (an entry at 07:10 stays on its ten minutes), within the grid's day.
 */
export function movedStart(
  start: number,
  minutes: number,
  delta: number,
  limits: { min: number; max: number },
): number {
  return Math.min(Math.max(start + snap(delta), limits.min), limits.max - minutes);
}

/** The minute of the day at `y` px below the grid's top (the first slot's start). */
export function minutesAt(y: number, firstMinute: number): number {
  return firstMinute + (y / SLOT_PX) * SLOT_MINUTES;
}

/** The px below the grid's top where `minutes` of the day are drawn. */
export function offsetOf(minutes: number, firstMinute: number): number {
  return ((minutes - firstMinute) / SLOT_MINUTES) * SLOT_PX;
}

/** The width of a column: the pane's width shared, but never narrower than `MIN_COLUMN_PX`. */
export function columnWidth(paneWidth: number, count: number): number {
  if (count === 0) return MIN_COLUMN_PX;
  return Math.max(MIN_COLUMN_PX, (paneWidth - TIME_AXIS_PX) / count);
}

/** A range of columns, both ends included. */
export type ColumnRange = { first: number; last: number };

/**
 * The columns a pane scrolled `scrollLeft` px shows (`inView`), and those to draw: `margin`
 * screens more on either side.
 */
export function columnsInView(
  scrollLeft: number,
  paneWidth: number,
  width: number,
  count: number,
  margin: number,
): { inView: ColumnRange; draw: ColumnRange } {
  if (count === 0) return { inView: { first: 0, last: -1 }, draw: { first: 0, last: -1 } };
  const shown = Math.max(paneWidth - TIME_AXIS_PX, width);
  const first = Math.min(count - 1, Math.max(0, Math.floor(scrollLeft / width)));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((scrollLeft + shown) / width) - 1));
  const extra = Math.ceil(margin * Math.ceil(shown / width));
  return {
    inView: { first, last },
    draw: { first: Math.max(0, first - extra), last: Math.min(count - 1, last + extra) },
  };
}

/** Whether `outer` holds every column of `inner`. */
export function covers(outer: ColumnRange, inner: ColumnRange): boolean {
  return inner.first >= outer.first && inner.last <= outer.last;
}
