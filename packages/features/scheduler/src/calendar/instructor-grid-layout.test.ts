import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../api/calendar-queries';
import type { CalendarInstructor } from './calendar-events';
import {
  columnsInView,
  columnWidth,
  covers,
  gridColumns,
  layoutColumn,
  MIN_COLUMN_PX,
  minutesAt,
  movedStart,
  offsetOf,
  placeEntries,
  snap,
  TIME_AXIS_PX,
} from './instructor-grid-layout';

const item = (key: string, start: number, minutes: number) => ({
  key,
  start,
  minutes,
  lock: null,
  entry: {} as CalendarEntry,
});

const lanesOf = (placed: ReturnType<typeof layoutColumn>) =>
  Object.fromEntries(placed.map((entry) => [entry.key, [entry.lane, entry.lanes]]));

describe('layoutColumn', () => {
  it('gives entries that do not overlap the whole width', () => {
    expect(lanesOf(layoutColumn([item('a', 480, 90), item('b', 570, 45)]))).toEqual({
      a: [0, 1],
      b: [0, 1],
    });
  });

  it('puts overlapping entries side by side, a group sharing its lanes', () => {
    // a and b overlap, c overlaps b only (a ends as c starts): one group of two lanes, c in
    // a's lane; d stands alone later.
    const placed = layoutColumn([
      item('c', 570, 60),
      item('a', 480, 90),
      item('b', 510, 90),
      item('d', 720, 30),
    ]);
    expect(lanesOf(placed)).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it('opens a third lane only when two are taken at once', () => {
    const placed = layoutColumn([item('a', 480, 120), item('b', 480, 30), item('c', 495, 30)]);
    expect(lanesOf(placed)).toEqual({ a: [0, 3], b: [1, 3], c: [2, 3] });
  });
});

describe('placeEntries', () => {
  const instructors: CalendarInstructor[] = [
    { id: 7, name: 'Anna Becker', write: true, own: true },
    { id: 9, name: 'Jonas Weber', write: false, own: false },
  ];
  const days = ['2026-03-02', '2026-03-03'];
  const columns = gridColumns(days, instructors);

  it('numbers the columns day by day, instructors within a day', () => {
    expect(columns.map((column) => `${column.day}/${column.instructor.id}`)).toEqual([
      '2026-03-02/7',
      '2026-03-02/9',
      '2026-03-03/7',
      '2026-03-03/9',
    ]);
  });

  it('files each entry under its instructor and day, and leaves out other days', () => {
    const entry = (id: number, date: string, instructorId: number, released = false) =>
      ({
        editable: !released,
        appointment: {
          id,
          date,
          instructorId,
          startTime: '08:15',
          minutes: 45,
          type: 'DRIVING',
          released,
        },
      }) as unknown as CalendarEntry;
    const columnOf = (day: string, instructorId: number) => {
      const index = columns.findIndex(
        (column) => column.day === day && column.instructor.id === instructorId,
      );
      return index === -1 ? undefined : index;
    };
    const placed = placeEntries(
      [entry(1, '2026-03-03', 9, true), entry(2, '2026-03-02', 7), entry(3, '2026-03-09', 7)],
      columnOf,
    );
    expect([...placed.keys()].sort()).toEqual([0, 3]);
    expect(placed.get(3)?.[0]).toMatchObject({ key: '1', start: 495, minutes: 45 });
    expect(placed.get(3)?.[0]?.lock).toBe('released');
    expect(placed.get(0)?.[0]?.lock).toBeNull();
  });
});

describe('the pointer arithmetic', () => {
  it('snaps to quarter hours', () => {
    expect(snap(487)).toBe(480);
    expect(snap(488)).toBe(495);
    expect(snap(494, 'floor')).toBe(480);
    expect(snap(481, 'ceil')).toBe(495);
  });

  it('moves an entry by whole quarter hours, off-quarter starts kept, within the day', () => {
    const day = { min: 360, max: 1320 };
    // 07:10, dragged a few minutes: back in place; dragged 20 minutes: 07:25.
    expect(movedStart(430, 45, 4, day)).toBe(430);
    expect(movedStart(430, 45, 20, day)).toBe(445);
    expect(movedStart(430, 45, -200, day)).toBe(360);
    expect(movedStart(1260, 90, 60, day)).toBe(1230);
  });

  it('turns a height into minutes and back (36 px a half hour)', () => {
    expect(minutesAt(72, 360)).toBe(420);
    expect(offsetOf(420, 360)).toBe(72);
    expect(minutesAt(offsetOf(615, 360), 360)).toBe(615);
  });

  it('shares the pane among few columns and keeps many readable', () => {
    expect(columnWidth(1000 + TIME_AXIS_PX, 4)).toBe(250);
    expect(columnWidth(1000 + TIME_AXIS_PX, 210)).toBe(MIN_COLUMN_PX);
  });

  it('knows the columns in view and draws a margin either side', () => {
    // 210 columns of 128 px, a pane of 1,080 px (1,024 px of columns): 8 columns in view.
    const atStart = columnsInView(0, 1080, 128, 210, 1);
    expect(atStart).toEqual({ inView: { first: 0, last: 7 }, draw: { first: 0, last: 15 } });
    const further = columnsInView(128 * 50 + 64, 1080, 128, 210, 1);
    expect(further.inView).toEqual({ first: 50, last: 58 });
    expect(further.draw).toEqual({ first: 42, last: 66 });
    expect(covers(further.draw, further.inView)).toBe(true);
    expect(covers(atStart.draw, further.inView)).toBe(false);
    const atEnd = columnsInView(128 * 210, 1080, 128, 210, 0);
    expect(atEnd.inView.last).toBe(209);
  });
});
