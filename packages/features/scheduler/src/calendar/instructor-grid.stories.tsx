import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import type { CalendarEntry } from '../api/calendar-queries';
import {
  busyWorld,
  CALENDAR_WEEK_MONDAY,
  instructorWorkHoursFixture,
  nightTimesOf,
} from '../mocks/calendar-mocks';
import { CALENDAR_A11Y } from './calendar-a11y';
import { addDays } from './calendar-dates';
import type { SchedulerData } from './calendar-events';
import { InstructorGrid } from './instructor-grid';

/*
 * The instructors' grid alone (SchedulerCalendar shows it for "Fahrlehrer"; its drags, resizes,
 * selections and touch gestures are told in scheduler-calendar.stories.tsx).
 */

const from = CALENDAR_WEEK_MONDAY;
const to = addDays(CALENDAR_WEEK_MONDAY, 6);

const data: SchedulerData = {
  from,
  to,
  entries: busyWorld.entries,
  nightTimes: nightTimesOf(from, to),
  mirrorBlocks: [],
  instructors: busyWorld.userCalendars.map((calendar) => ({
    id: calendar.userId,
    name: `${calendar.firstName} ${calendar.lastName}`,
    write: calendar.write,
    own: calendar.own,
    workHours: instructorWorkHoursFixture[calendar.userId],
  })),
  vehicles: [],
  workCorridor: { from: '07:00', to: '20:00' },
};

/** Two lessons of Anna's at the same time on Tuesday: they share her column. */
const overlapping: CalendarEntry[] = (() => {
  const annas = busyWorld.entries.filter(
    (entry) => entry.appointment.date === '2026-03-03' && entry.appointment.instructorId === 1,
  );
  const first = annas[0];
  if (!first) return busyWorld.entries;
  const twin: CalendarEntry = {
    ...first,
    studentName: 'Zoe Zwilling',
    appointment: { ...first.appointment, id: 9_001 },
  };
  return [...busyWorld.entries, twin];
})();

const meta = {
  title: 'Features/Scheduler/InstructorGrid',
  component: InstructorGrid,
  args: {
    view: { mode: 'instructors', span: 'day' },
    date: '2026-03-03',
    data,
    readOnly: false,
    defaultMinutes: 45,
    locale: 'de-DE',
    onCreate: fn(),
    onOpen: fn(),
    onMove: fn(async () => true),
  },
  decorators: [
    (Story) => (
      <div style={{ height: '36rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen', a11y: CALENDAR_A11Y },
} satisfies Meta<typeof InstructorGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const entries = (canvasElement: HTMLElement) =>
  Array.from(canvasElement.querySelectorAll<HTMLElement>('.fw-entry'));

export const Day: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // One column per instructor, each with the day's practical minutes against 495.
    await canvas.findByText('Anna Becker');
    await expect(canvas.getByText('Jonas Weber')).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-column-head]')).toHaveLength(3);
    // The pane is a labelled region, scrolled to 07:00; entries are buttons that open.
    const pane = canvas.getByRole('region', { name: 'Kalenderraster' });
    await waitFor(() => expect(pane.scrollTop).toBeGreaterThan(0));
    const leon = canvas.getByRole('button', { name: /Leon Fischer/ });
    await expect(leon).toHaveAccessibleName(/^Di\., 03\.03\., Anna Becker, 09:00–10:30/);
    fireEvent.click(leon);
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ studentName: 'Leon Fischer' }),
    );
  },
};

export const Week: Story = {
  args: { view: { mode: 'instructors', span: 'week' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The week's days over their instructors' columns, the first day's in view.
    await canvas.findByText('Mo 02.03.');
    await waitFor(() => expect(entries(canvasElement).length).toBeGreaterThan(0));
    // Every entry drawn sits in a column drawn (only those columns are in the page).
    const heads = new Set(
      Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-column-head]')).map(
        (head) => head.dataset.columnHead,
      ),
    );
    for (const entry of entries(canvasElement)) {
      await expect(heads.has(entry.dataset.column)).toBe(true);
    }
  },
};

export const OverlappingShareTheColumn: Story = {
  args: { data: { ...data, entries: overlapping } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const twin = (await canvas.findByText('Zoe Zwilling')).closest<HTMLElement>('.fw-entry');
    const original = twin?.parentElement
      ? Array.from(twin.parentElement.querySelectorAll<HTMLElement>('.fw-entry')).find(
          (entry) => entry !== twin && entry.style.top === twin.style.top,
        )
      : undefined;
    if (!twin || !original) throw new Error('no two entries at the same time');
    // Side by side, each half the column.
    await expect(twin.style.width).toBe(original.style.width);
    await expect(twin.style.width).toContain('50%');
    await expect(twin.style.left).not.toBe(original.style.left);
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leon Fischer');
    // Nothing to drag, no grip to pull; the entries still open.
    await expect(canvasElement.querySelectorAll('.fw-draggable')).toHaveLength(0);
    await expect(canvasElement.querySelectorAll('[data-resize]')).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: /Leon Fischer/ })).toBeEnabled();
  },
};

export const NoInstructors: Story = {
  args: { data: { ...data, instructors: [], entries: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Kalenderraster' });
    await expect(canvasElement.querySelectorAll('[data-column-head]')).toHaveLength(0);
    await expect(entries(canvasElement)).toHaveLength(0);
  },
};
