import { describe, expect, test } from 'vitest';
import {
  busyWeekEntries,
  CALENDAR_WEEK_MONDAY,
  calendarEntry,
  ownCalendar,
} from '../mocks/calendar-mocks';
import {
  buildEvents,
  dayShading,
  entryKey,
  intersectRanges,
  lockReason,
  minutesKey,
  outsideRanges,
  practicalMinutes,
  type SchedulerData,
  slotLimits,
} from './calendar-events';

const data: SchedulerData = {
  from: CALENDAR_WEEK_MONDAY,
  to: '2026-03-08',
  entries: busyWeekEntries,
  nightTimes: [{ date: CALENDAR_WEEK_MONDAY, from: '18:00', to: '06:45' }],
  mirrorBlocks: [{ date: CALENDAR_WEEK_MONDAY, startTime: '10:00', minutes: 60, vehicleId: 2 }],
  instructors: [
    {
      id: 1,
      name: 'Anna Becker',
      write: true,
      own: true,
      workHours: [{ weekday: 'MONDAY', ranges: [{ from: '08:00', to: '17:00' }] }],
    },
    { id: 2, name: 'Jonas Weber', write: true, own: false },
  ],
  vehicles: [
    { id: 1, name: 'Golf' },
    { id: 2, name: 'Polo' },
  ],
  workCorridor: { from: '07:00', to: '20:00' },
};

describe('practical minutes', () => {
  test('driving lessons and exams count, theory and private time do not', () => {
    const sums = practicalMinutes(busyWeekEntries);
    expect(sums.get(minutesKey(1, '2026-03-02'))).toBe(135);
    expect(sums.get(minutesKey(1, '2026-03-04'))).toBe(540);
    expect(sums.get(minutesKey(1, '2026-03-05'))).toBe(60);
  });
});

describe('locks', () => {
  test('released, invoiced, read-only', () => {
    const base = {
      id: 1,
      instructor: ownCalendar,
      date: '2026-03-02',
      startTime: '08:00',
      minutes: 45,
    };
    expect(lockReason(calendarEntry({ ...base, released: true }))).toBe('released');
    expect(lockReason(calendarEntry({ ...base, invoiced: true }))).toBe('invoiced');
    expect(
      lockReason(calendarEntry({ ...base, instructor: { ...ownCalendar, write: false } })),
    ).toBe('readOnly');
    expect(lockReason(calendarEntry(base))).toBeNull();
  });
});

describe('entry keys', () => {
  test('a theory lesson with the id of an appointment is another entry', () => {
    const appointment = busyWeekEntries[0];
    if (!appointment) throw new Error('no fixture');
    const lesson = {
      ...calendarEntry({
        id: appointment.appointment.id,
        type: 'THEORY',
        date: appointment.appointment.date,
        startTime: '18:00',
        minutes: 90,
        instructor: ownCalendar,
      }),
      theoryLessonId: appointment.appointment.id,
      editable: false,
    };
    expect(entryKey(appointment)).toBe(String(appointment.appointment.id));
    expect(entryKey(lesson)).toBe(`theory-${appointment.appointment.id}`);
    const events = buildEvents(
      { ...data, entries: [appointment, lesson] },
      { mode: 'calendar', span: 'week' },
      { readOnly: false },
    ).filter((event) => String(event.id).match(/^(theory-)?\d+$/));
    expect(new Set(events.map((event) => String(event.id))).size).toBe(2);
  });
});

describe('events', () => {
  test('locked entries are not editable, and none when the calendar is read-only', () => {
    const events = buildEvents(data, { mode: 'calendar', span: 'week' }, { readOnly: false });
    const flags = (
      event:
        | { editable?: boolean; startEditable?: boolean; durationEditable?: boolean }
        | undefined,
    ) => [event?.editable, event?.startEditable, event?.durationEditable];
    expect(flags(events.find((event) => event.id === '1'))).toEqual([false, false, false]);
    expect(flags(events.find((event) => event.id === '4'))).toEqual([true, true, true]);
    const readOnly = buildEvents(data, { mode: 'calendar', span: 'week' }, { readOnly: true });
    expect(flags(readOnly.find((event) => event.id === '4'))).toEqual([false, false, false]);
  });

  test('instructor columns: entries by instructor, shading per column, not as events', () => {
    const events = buildEvents(data, { mode: 'instructors', span: 'day' }, { readOnly: false });
    expect(events.find((event) => event.id === '30')?.resourceIds).toEqual(['2']);
    // Night, corridor and work hours are the columns' shading; only mirror blocks are events
    // (this one blocks a vehicle, not an instructor).
    expect(events.filter((event) => event.display === 'background')).toEqual([]);
    const shade = dayShading(data, { mode: 'instructors', span: 'day' });
    // Monday: the morning (the night before is not in the answer: the first night's end is
    // taken) and the evening; Tuesday: the morning's end of Monday's night.
    expect(shade(CALENDAR_WEEK_MONDAY, 1)).toEqual([
      {
        kind: 'night',
        ranges: [
          [0, 405],
          [1080, 1440],
        ],
      },
      {
        kind: 'outside',
        ranges: [
          [0, 480],
          [1020, 1440],
        ],
      },
    ]);
    expect(shade('2026-03-03', 1)[0]).toEqual({ kind: 'night', ranges: [[0, 405]] });
    // Jonas' hours are not known yet: only the branch's corridor greys his column.
    expect(shade(CALENDAR_WEEK_MONDAY, 2)[1]).toEqual({
      kind: 'outside',
      ranges: [
        [0, 420],
        [1200, 1440],
      ],
    });
  });

  test('one calendar of one instructor: corridor and work hours, layered', () => {
    const one = { ...data, instructors: data.instructors.slice(0, 1) };
    const shade = dayShading(one, { mode: 'calendar', span: 'week' });
    expect(shade(CALENDAR_WEEK_MONDAY).map((layer) => layer.ranges)).toEqual([
      [
        [0, 405],
        [1080, 1440],
      ],
      [
        [0, 420],
        [1200, 1440],
      ],
      [
        [0, 480],
        [1020, 1440],
      ],
    ]);
  });

  test('the grid spans 06:00–22:00, stretched to the half hours around early and late entries', () => {
    expect(slotLimits([])).toEqual({ min: 360, max: 1320 });
    const early = calendarEntry({
      id: 90,
      instructor: ownCalendar,
      date: CALENDAR_WEEK_MONDAY,
      startTime: '05:15',
      minutes: 45,
    });
    const late = calendarEntry({
      id: 91,
      instructor: ownCalendar,
      date: CALENDAR_WEEK_MONDAY,
      startTime: '21:40',
      minutes: 45,
    });
    expect(slotLimits([early, late])).toEqual({ min: 300, max: 1350 });
  });

  test('vehicle rows keep night and corridor as background events', () => {
    const events = buildEvents(data, { mode: 'vehicles', span: 'week' }, { readOnly: false });
    expect(events.find((event) => event.id === `night/${CALENDAR_WEEK_MONDAY}`)).toMatchObject({
      start: '2026-03-02T18:00:00',
      end: '2026-03-03T06:45:00',
      display: 'background',
      resourceIds: ['1', '2'],
    });
    expect(
      events.filter((event) => String(event.id).startsWith(`corridor/${CALENDAR_WEEK_MONDAY}`)),
    ).toHaveLength(2);
  });

  test('vehicle rows: vehicle and trailer both show the lesson', () => {
    const events = buildEvents(data, { mode: 'vehicles', span: 'week' }, { readOnly: false });
    expect(events.find((event) => event.id === '30')?.resourceIds).toEqual(['2', '4']);
    expect(events.find((event) => event.id === 'mirror/0')?.resourceIds).toEqual(['2']);
  });

  test('the month and the list show appointments only', () => {
    const month = buildEvents(data, { mode: 'calendar', span: 'month' }, { readOnly: false });
    expect(month.every((event) => event.display !== 'background')).toBe(true);
    expect(month).toHaveLength(busyWeekEntries.length);
  });

  test('work hours inside the corridor', () => {
    expect(
      intersectRanges(
        [
          { from: '06:00', to: '09:00' },
          { from: '19:00', to: '22:00' },
          { from: '21:00', to: '23:00' },
        ],
        { from: '07:00', to: '20:00' },
      ),
    ).toEqual([
      { from: '07:00', to: '09:00' },
      { from: '19:00', to: '20:00' },
    ]);
  });

  test('the time outside ranges', () => {
    expect(outsideRanges([])).toEqual([[0, 1440]]);
    expect(
      outsideRanges([
        { from: '14:00', to: '19:00' },
        { from: '10:00', to: '13:00' },
      ]),
    ).toEqual([
      [0, 600],
      [780, 840],
      [1140, 1440],
    ]);
  });
});
