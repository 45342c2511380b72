import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  busyWorld,
  CALENDAR_TODAY,
  CALENDAR_WEEK_MONDAY,
  instructorWorkHoursFixture,
  largeWorld,
  mirrorBlocksFixture,
  nightTimesOf,
} from '../mocks/calendar-mocks';
import { CALENDAR_A11Y } from './calendar-a11y';
import { addDays } from './calendar-dates';
import type { CalendarInstructor, SchedulerData } from './calendar-events';
import { dragTo, pointer, slotPoint } from './calendar-pointer';
import type { CalendarView } from './calendar-view';
import { SchedulerCalendar, type SchedulerCalendarProps } from './scheduler-calendar';

const from = CALENDAR_WEEK_MONDAY;
const to = addDays(CALENDAR_WEEK_MONDAY, 6);

const instructorsOf = (world: typeof busyWorld): CalendarInstructor[] =>
  world.userCalendars.map((calendar) => ({
    id: calendar.userId,
    name: `${calendar.firstName} ${calendar.lastName}`,
    write: calendar.write,
    own: calendar.own,
    workHours: instructorWorkHoursFixture[calendar.userId],
  }));

const busyData: SchedulerData = {
  from,
  to,
  entries: busyWorld.entries,
  nightTimes: nightTimesOf(from, to),
  mirrorBlocks: mirrorBlocksFixture,
  instructors: instructorsOf(busyWorld),
  vehicles: [
    { id: 1, name: 'Golf 8 Automatik', plate: 'B-FS 1234' },
    { id: 2, name: 'Polo Schalter', plate: 'B-FS 5678' },
    { id: 4, name: 'Anhänger 750 kg', plate: 'B-FS 4711' },
  ],
  workCorridor: { from: '07:00', to: '20:00' },
};

/** The calendar with its view and date kept in state, as the screen keeps them. */
function StatefulCalendar(props: SchedulerCalendarProps) {
  const [view, setView] = useState<CalendarView>(props.view);
  const [date, setDate] = useState(props.date);
  return (
    <SchedulerCalendar
      {...props}
      view={view}
      date={date}
      onViewChange={(next) => {
        setView(next);
        props.onViewChange(next);
      }}
      onDateChange={(next) => {
        setDate(next);
        props.onDateChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Features/Scheduler/SchedulerCalendar',
  component: SchedulerCalendar,
  render: (args) => <StatefulCalendar {...args} />,
  args: {
    view: { mode: 'calendar', span: 'week' },
    date: '2026-03-03',
    today: CALENDAR_TODAY,
    data: busyData,
    onViewChange: fn(),
    onDateChange: fn(),
    onCreate: fn(),
    onOpen: fn(),
    onMove: fn(async () => true),
  },
  parameters: { layout: 'fullscreen', msw: { handlers: [] }, a11y: CALENDAR_A11Y },
} satisfies Meta<typeof SchedulerCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpensAnEntry: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // A click without the pointer events before it: user-event presses at (0, 0), where the
    // library's drag looks for a calendar cell and finds none.
    fireEvent.click(await canvas.findByRole('button', { name: /Leon Fischer/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ studentName: 'Leon Fischer' }),
    );
    // From the keyboard: the entry's button names day and time, Enter opens it.
    const released = canvas.getByRole('button', {
      name: 'Mo., 02.03., 08:00–09:30 freigegeben Max Mustermann Fahrstunde · Anna Becker · Golf 8 Automatik',
    });
    released.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenLastCalledWith(
      expect.objectContaining({ appointment: expect.objectContaining({ id: 1, released: true }) }),
    );
  },
};

export const CreatesFromTheToolbar: Story = {
  args: {
    view: { mode: 'instructors', span: 'day' },
    data: { ...busyData, instructors: busyData.instructors.slice(0, 1) },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Termin anlegen' }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      date: '2026-03-03',
      startTime: '08:00',
      minutes: 45,
      instructorId: 1,
    });
  },
};

export const SwitchesViewsAndWeeks: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /KW 10/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Fahrzeuge' }));
    await expect(args.onViewChange).toHaveBeenLastCalledWith({ mode: 'vehicles', span: 'week' });
    await canvas.findByText('Anhänger 750 kg');
    // The resource views have no month.
    await expect(canvas.queryByRole('button', { name: 'Monat' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Kalender' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Monat' }));
    await canvas.findByRole('heading', { name: 'März 2026' });
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await canvas.findByRole('heading', { name: 'April 2026' });
    await expect(args.onDateChange).toHaveBeenLastCalledWith('2026-04-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Heute' }));
    await expect(args.onDateChange).toHaveBeenLastCalledWith(CALENDAR_TODAY);
  },
};

export const DragMovesToAnotherInstructor: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const entry = (await canvas.findByText('Leon Fischer')).closest<HTMLElement>('.fw-entry');
    if (!entry) throw new Error('no entry');
    dragTo(entry, slotPoint(canvasElement, 'Jonas Weber', '11:00'));
    await waitFor(() =>
      expect(args.onMove).toHaveBeenCalledWith(
        expect.objectContaining({ studentName: 'Leon Fischer' }),
        { date: '2026-03-03', startTime: '11:00', minutes: 90, instructorId: 2 },
      ),
    );
  },
};

export const RefusedMoveGoesBack: Story = {
  args: { view: { mode: 'instructors', span: 'day' }, onMove: fn(async () => false) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const entry = (await canvas.findByText('Leon Fischer')).closest<HTMLElement>('.fw-entry');
    if (!entry) throw new Error('no entry');
    dragTo(entry, slotPoint(canvasElement, 'Anna Becker', '13:00'));
    await waitFor(() => expect(args.onMove).toHaveBeenCalled());
    // The booking said no: the entry is back at 09:00 in Anna's column.
    await waitFor(() => expect(canvas.getByText('09:00–10:30')).toBeInTheDocument());
    await expect(canvas.queryByText('13:00–14:30')).toBeNull();
  },
};

export const DragMovesToAnotherVehicle: Story = {
  args: { view: { mode: 'vehicles', span: 'day' }, date: CALENDAR_WEEK_MONDAY },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // Finn's trailer lesson shows on the Polo's row and on the trailer's; the Polo's moves.
    const [onPolo] = await canvas.findAllByText('Finn Krüger');
    const entry = onPolo?.closest<HTMLElement>('.fw-entry');
    if (!entry) throw new Error('no entry');
    const box = entry.getBoundingClientRect();
    const row = canvas.getByText('Golf 8 Automatik').getBoundingClientRect();
    dragTo(entry, { x: box.left + box.width / 2, y: row.top + row.height / 2 });
    await waitFor(() =>
      expect(args.onMove).toHaveBeenCalledWith(
        expect.objectContaining({ studentName: 'Finn Krüger' }),
        { date: CALENDAR_WEEK_MONDAY, startTime: '10:00', minutes: 90, vehicleId: 1 },
      ),
    );
  },
};

export const ClickOnAFreeSlotCreates: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leon Fischer');
    const { x, y } = slotPoint(canvasElement, 'Jonas Weber', '12:00');
    const target = document.elementFromPoint(x, y) ?? canvasElement;
    pointer('pointerdown', target, x, y, 1);
    pointer('pointerup', target, x, y, 0);
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        date: '2026-03-03',
        startTime: '12:00',
        minutes: 45,
        instructorId: 2,
      }),
    );
  },
};

export const ResizeLengthensAnEntry: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // Leon Fischer's lesson, 09:00–10:30 with Anna: its grip pulled down to 11:00.
    const entry = (await canvas.findByText('Leon Fischer')).closest<HTMLElement>('.fw-entry');
    const grip = entry?.querySelector<HTMLElement>('[data-resize]');
    if (!entry || !grip) throw new Error('no entry with a grip');
    const box = grip.getBoundingClientRect();
    const from = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const to = { x: from.x, y: slotPoint(canvasElement, 'Anna Becker', '11:00').y };
    pointer('pointerdown', grip, from.x, from.y, 1);
    pointer('pointermove', window, to.x, (from.y + to.y) / 2, 1);
    pointer('pointermove', window, to.x, to.y, 1);
    pointer('pointerup', window, to.x, to.y, 0);
    await waitFor(() =>
      expect(args.onMove).toHaveBeenCalledWith(
        expect.objectContaining({ studentName: 'Leon Fischer' }),
        { date: '2026-03-03', startTime: '09:00', minutes: 120 },
      ),
    );
    // Drawn at its new length while the booking is under way.
    await canvas.findByText('09:00–11:00');
  },
};

export const DragOverFreeTimeCreates: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leon Fischer');
    const start = slotPoint(canvasElement, 'Jonas Weber', '12:00');
    const end = slotPoint(canvasElement, 'Jonas Weber', '13:00');
    const target = document.elementFromPoint(start.x, start.y) ?? canvasElement;
    pointer('pointerdown', target, start.x, start.y, 1);
    pointer('pointermove', window, start.x, start.y + 20, 1);
    pointer('pointermove', window, end.x, end.y - 8, 1);
    // The time picked shows while the pointer moves.
    await canvas.findByText('12:00–13:00');
    pointer('pointerup', window, end.x, end.y - 8, 0);
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        date: '2026-03-03',
        startTime: '12:00',
        minutes: 60,
        instructorId: 2,
      }),
    );
  },
};

/** A finger (or the mouse) on Leon Fischer's lesson (09:00–10:30 with Anna), and where it would go. */
async function touchLesson(canvasElement: HTMLElement) {
  const entry = (await within(canvasElement).findByText('Leon Fischer')).closest<HTMLElement>(
    '.fw-entry',
  );
  if (!entry) throw new Error('no entry');
  const box = entry.getBoundingClientRect();
  return {
    entry,
    from: { x: box.left + box.width / 2, y: box.top + 4 },
    to: slotPoint(canvasElement, 'Jonas Weber', '11:00'),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const TouchLongPressDrags: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const { entry, from, to } = await touchLesson(canvasElement);
    pointer('pointerdown', entry, from.x, from.y, 1, 'touch');
    // Held still for the long press (400 ms): then the lesson follows the finger.
    await wait(600);
    await waitFor(() => expect(canvasElement.querySelector('.fw-ig-moving')).not.toBeNull());
    pointer('pointermove', window, (from.x + to.x) / 2, (from.y + to.y) / 2, 1, 'touch');
    pointer('pointermove', window, to.x, to.y, 1, 'touch');
    pointer('pointerup', window, to.x, to.y, 0, 'touch');
    await waitFor(() =>
      expect(args.onMove).toHaveBeenCalledWith(
        expect.objectContaining({ studentName: 'Leon Fischer' }),
        { date: '2026-03-03', startTime: '11:00', minutes: 90, instructorId: 2 },
      ),
    );
  },
};

export const TouchSwipeScrollsAndMovesNothing: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const { entry, from, to } = await touchLesson(canvasElement);
    // A swipe at once (no long press) is the tablet scrolling: nothing is dragged or created.
    pointer('pointerdown', entry, from.x, from.y, 1, 'touch');
    pointer('pointermove', window, from.x + 20, from.y + 30, 1, 'touch');
    pointer('pointermove', window, to.x, to.y, 1, 'touch');
    await wait(600);
    pointer('pointerup', window, to.x, to.y, 0, 'touch');
    await expect(canvasElement.querySelector('.fw-ig-moving')).toBeNull();
    await expect(args.onMove).not.toHaveBeenCalled();
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const EscapeDropsADrag: Story = {
  args: { view: { mode: 'instructors', span: 'day' } },
  play: async ({ args, canvasElement }) => {
    const { entry, from, to } = await touchLesson(canvasElement);
    pointer('pointerdown', entry, from.x, from.y, 1);
    pointer('pointermove', window, to.x, to.y, 1);
    await waitFor(() => expect(canvasElement.querySelector('.fw-ig-moving')).not.toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvasElement.querySelector('.fw-ig-moving')).toBeNull());
    pointer('pointerup', window, to.x, to.y, 0);
    await expect(args.onMove).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByText('09:00–10:30')).toBeInTheDocument();
  },
};

export const ShakyClickCreatesAUsualLesson: Story = {
  args: { view: { mode: 'instructors', span: 'day' }, defaultMinutes: 90 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leon Fischer');
    // A click whose pointer slips a few pixels within its quarter hour is a click: the
    // usual lesson length, not a 15-minute selection.
    const { x, y } = slotPoint(canvasElement, 'Jonas Weber', '12:00');
    const target = document.elementFromPoint(x, y) ?? canvasElement;
    pointer('pointerdown', target, x, y, 1);
    pointer('pointermove', window, x + 4, y + 6, 1);
    pointer('pointerup', window, x + 4, y + 6, 0);
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        date: '2026-03-03',
        startTime: '12:00',
        minutes: 90,
        instructorId: 2,
      }),
    );
  },
};

export const LockedEntriesDoNotMove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Max Mustermann');
    const locked = canvasElement.querySelectorAll('.ec-event.fw-locked');
    const free = canvasElement.querySelectorAll('.ec-event.fw-entry:not(.fw-locked)');
    await expect(locked.length).toBe(5);
    for (const entry of locked) await expect(entry).not.toHaveClass('ec-draggable');
    for (const entry of free) await expect(entry).toHaveClass('ec-draggable');
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie dürfen den Kalender nur ansehen.');
    await expect(canvas.queryByRole('button', { name: 'Termin anlegen' })).toBeNull();
    await waitFor(() => expect(canvasElement.querySelectorAll('.ec-draggable')).toHaveLength(0));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /CW 10/ });
    await expect(canvas.getAllByText('released').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('button', { name: 'Instructors' })).toBeInTheDocument();
  },
};

const large = largeWorld(30, 1200);
const largeData: SchedulerData = {
  ...busyData,
  entries: large.entries,
  mirrorBlocks: [],
  instructors: instructorsOf(large),
};

const largeDays = Array.from({ length: 7 }, (_, index) => addDays(from, index));
/** Each entry's column (0-based, day-major: day × instructors + instructor). */
const largeColumn = new Map(
  largeData.entries.map(({ appointment }) => [
    appointment.id,
    largeDays.indexOf(appointment.date) * largeData.instructors.length +
      largeData.instructors.findIndex((instructor) => instructor.id === appointment.instructorId),
  ]),
);

/** The columns whose instructor header is inside the scroll pane's view. */
function columnsInView(canvasElement: HTMLElement): Set<number> {
  const pane = canvasElement.querySelector<HTMLElement>('.fw-ig');
  const axis = pane?.querySelector<HTMLElement>('.fw-ig-times');
  if (!pane || !axis) return new Set();
  const box = pane.getBoundingClientRect();
  const left = axis.getBoundingClientRect().right;
  const shown = new Set<number>();
  for (const head of pane.querySelectorAll<HTMLElement>('[data-column-head]')) {
    const headBox = head.getBoundingClientRect();
    if (headBox.right > left && headBox.left < box.right) {
      shown.add(Number(head.dataset.columnHead));
    }
  }
  return shown;
}

/** How many entries of the columns in view are not drawn yet (0 when the view is complete). */
function missingInView(canvasElement: HTMLElement): number {
  const shown = columnsInView(canvasElement);
  if (shown.size === 0) return Number.POSITIVE_INFINITY;
  let expected = 0;
  for (const column of largeColumn.values()) if (shown.has(column)) expected += 1;
  let drawn = 0;
  for (const entry of canvasElement.querySelectorAll<HTMLElement>('.fw-entry[data-column]')) {
    if (shown.has(Number(entry.dataset.column))) drawn += 1;
  }
  return expected - drawn;
}

/** Resolves once the browser has painted what the DOM holds now. */
const painted = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Waits until every entry of the columns in view is drawn and painted, marks `<name>-end` and
 * answers the measure from `<name>-start` (marked when the measured step began).
 */
async function paintedSince(canvasElement: HTMLElement, name: string) {
  await waitFor(() => expect(missingInView(canvasElement)).toBe(0), { timeout: 20_000 });
  await painted();
  performance.mark(`${name}-end`);
  return performance.measure(name, `${name}-start`, `${name}-end`);
}

/**
 * A benchmark, not a test of a limit: 30 instructors side by side for a week with 1,200
 * appointments (210 columns). Measures from the mount until every entry of the columns in
 * view is drawn and painted, then (once the browser was idle) the scroll by one screen until
 * the next columns' entries are painted, and prints both (`console.log`; read them in the test
 * output, the browser console or with `bench/render-bench.mjs`). The instructors' grid draws
 * the columns in view and a screen on either side, not all 210 columns and 1,200 entries.
 */
export const Performance1200Appointments: Story = {
  args: { view: { mode: 'instructors', span: 'week' } },
  // The 1,200 entries are no arg: Storybook would copy, spy on and serialize them before
  // every render, which is the harness's time, not the calendar's.
  render: (args) => <StatefulCalendar {...args} data={largeData} />,
  play: async ({ canvasElement, mount }) => {
    performance.clearMarks();
    performance.clearMeasures();
    performance.mark('scheduler-render-start');
    await mount();
    const render = await paintedSince(canvasElement, 'scheduler-render');
    const main = canvasElement.querySelector<HTMLElement>('.fw-ig');
    if (!main) throw new Error('no scroll pane');
    // A user scrolls after a moment: by then the idle browser drew a screen on either side.
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    await painted();
    performance.mark('scheduler-scroll-start');
    main.scrollLeft += main.clientWidth;
    const scroll = await paintedSince(canvasElement, 'scheduler-scroll');
    const drawn = canvasElement.querySelectorAll('.fw-entry').length;
    console.log(
      `[scheduler benchmark] 30 instructors × week, 1200 appointments: ${Math.round(render.duration)} ms to paint the entries in view; ${Math.round(scroll.duration)} ms to paint the next screen after scrolling; ${drawn} of 1200 entries drawn`,
    );
  },
};

/** The empty calendar the screen shows while the week loads; `deliver` hands it the week. */
let deliver: (() => void) | null = null;

function ArrivingCalendar(props: SchedulerCalendarProps) {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    deliver = () => {
      performance.mark('scheduler-arrival-start');
      setArrived(true);
    };
    return () => {
      deliver = null;
    };
  }, []);
  return (
    <StatefulCalendar
      {...props}
      data={arrived ? largeData : { ...largeData, entries: [], instructors: [] }}
      isLoading={!arrived}
    />
  );
}

/**
 * A benchmark, not a test of a limit: the path of the scheduler screen — the calendar is open
 * (empty, loading) while the week is fetched, then the answer brings the 30 instructors and
 * their 1,200 appointments at once. Measures from the answer's arrival (the state update) until
 * every entry of the columns in view is drawn and painted, and prints it.
 */
export const Performance1200AppointmentsArriving: Story = {
  args: { view: { mode: 'instructors', span: 'week' } },
  render: (args) => <ArrivingCalendar {...args} />,
  play: async ({ canvasElement, mount }) => {
    await mount();
    await within(canvasElement).findByText('Keine Kalender zum Anzeigen.');
    // The screen's other requests are done and the browser idle before the week comes.
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    performance.clearMarks();
    performance.clearMeasures();
    if (!deliver) throw new Error('the calendar is not mounted');
    deliver();
    const arrival = await paintedSince(canvasElement, 'scheduler-arrival');
    const drawn = canvasElement.querySelectorAll('.fw-entry').length;
    console.log(
      `[scheduler benchmark] 30 instructors × week, 1200 appointments arriving in the open calendar: ${Math.round(arrival.duration)} ms to paint the entries in view; ${drawn} of 1200 entries drawn`,
    );
  },
};
