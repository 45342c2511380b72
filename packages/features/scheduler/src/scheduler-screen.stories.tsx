import { clearListFilters, writeListFilter } from '@fahrwerk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { findingsFixture, pickerHandlers, recordBooking } from './booking/mocks';
import { CALENDAR_A11Y } from './calendar/calendar-a11y';
import type { CalendarFilterState } from './calendar/calendar-filter';
import { dragTo, slotPoint } from './calendar/calendar-pointer';
import type { CalendarView } from './calendar/calendar-view';
import {
  busyWorld,
  CALENDAR_TODAY,
  calendarHandlers,
  calendarRequests,
  emptyWorld,
  ownStudentsWorld,
  schedulerHandlers,
  sharedReadOnlyWorld,
} from './mocks/calendar-mocks';
import { SchedulerScreen } from './scheduler-screen';

/** Opens the screen in a view, as if the user had picked it before (the filter remembers it). */
const inView =
  (view: CalendarView, patch: Partial<CalendarFilterState> = {}) =>
  () => {
    clearListFilters();
    writeListFilter<CalendarFilterState>('calendar', {
      branchId: null,
      instructorIds: [],
      vehicleId: null,
      types: [],
      view,
      ...patch,
    });
    calendarRequests.length = 0;
  };

const meta = {
  title: 'Features/Scheduler/SchedulerScreen',
  component: SchedulerScreen,
  args: { today: CALENDAR_TODAY },
  beforeEach: inView({ mode: 'calendar', span: 'week' }),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: schedulerHandlers(busyWorld) },
    a11y: CALENDAR_A11Y,
  },
} satisfies Meta<typeof SchedulerScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The calendar's entry elements (the library's `article`s, the instructors' grid's boxes). */
const entryElements = (canvasElement: HTMLElement) =>
  Array.from(canvasElement.querySelectorAll<HTMLElement>('.fw-entry'));

export const EmptyWeek: Story = {
  parameters: { msw: { handlers: schedulerHandlers(emptyWorld) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /KW 10 · 02\.03\.–08\.03\.2026/ });
    await waitFor(() =>
      expect(calendarRequests.at(-1)).toEqual({ from: '2026-03-02', to: '2026-03-08' }),
    );
    await expect(canvas.getByRole('button', { name: 'Woche', pressed: true })).toBeInTheDocument();
    await expect(entryElements(canvasElement)).toHaveLength(0);
    // Night and dusk are shaded even without appointments.
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('.fw-shade-night').length).toBeGreaterThan(0),
    );
  },
};

export const BusyWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Emma Wagner');
    await expect(canvas.getAllByText('Max Mustermann')).toHaveLength(2);
    // Released and invoiced lessons are locked and say why.
    await expect(canvas.getAllByText('freigegeben').length).toBeGreaterThan(0);
    await expect(canvas.getAllByText('abgerechnet').length).toBeGreaterThan(0);
    // Week from Monday, German day headers.
    await expect(canvas.getByText('Mo 02.03.')).toBeInTheDocument();
    await expect(canvas.getByText('So 08.03.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await canvas.findByRole('heading', { name: /KW 11/ });
    await waitFor(() => expect(calendarRequests.at(-1)?.from).toBe('2026-03-09'));
  },
};

export const InstructorsDay: Story = {
  beforeEach: inView({ mode: 'instructors', span: 'day' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Emma Wagner');
    await expect(
      canvas.getByRole('button', { name: 'Fahrlehrer', pressed: true }),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Anna Becker')).toBeInTheDocument();
    await expect(canvas.getByText('Jonas Weber')).toBeInTheDocument();
    await expect(canvas.getByText('Lena Hoffmann')).toBeInTheDocument();
    // Anna teaches 540 minutes on Wednesday: above 495, in the warning colour.
    const over = await canvas.findByText('540 / 495 Min.');
    await expect(over).toHaveClass('fw-minutes-over');
    for (const sum of canvas.getAllByText('45 / 495 Min.')) {
      await expect(sum).not.toHaveClass('fw-minutes-over');
    }
    // Each instructor's time outside their work hours is greyed: a shading per column, each
    // after that instructor's hours.
    await waitFor(() => {
      const shades = Array.from(
        canvasElement.querySelectorAll<HTMLElement>('.fw-ig-body .fw-shade-outside'),
      );
      expect(shades).toHaveLength(3);
      expect(new Set(shades.map((shade) => shade.style.backgroundImage)).size).toBe(3);
    });
  },
};

export const InstructorsWeek: Story = {
  beforeEach: inView({ mode: 'instructors', span: 'week' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Finn Krüger');
    // Monday's three instructors first; the other days' columns come as the pane scrolls
    // (the grid draws the columns in view and a screen either side).
    await expect(canvas.getByText('Mo 02.03.')).toBeInTheDocument();
    await expect(canvas.getAllByText('Anna Becker').length).toBeGreaterThan(0);
    const pane = canvas.getByRole('region', { name: 'Kalenderraster' });
    pane.scrollLeft = pane.scrollWidth;
    await canvas.findByText('So 08.03.');
    // The last column (Sunday's third instructor) is drawn, with its minutes.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-column-head="20"]')).toHaveTextContent(
        '/ 495 Min.',
      ),
    );
  },
};

export const VehiclesTimeline: Story = {
  beforeEach: inView({ mode: 'vehicles', span: 'day' }, { branchId: 1 }),
  args: { today: '2026-03-02' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Golf 8 Automatik');
    await expect(canvas.getByText('Anhänger 750 kg')).toBeInTheDocument();
    await expect(canvas.getByText('B-FS 4711')).toBeInTheDocument();
    // The trailer lesson shows on the Polo's row and on the trailer's.
    await waitFor(() => expect(canvas.getAllByText('Finn Krüger')).toHaveLength(2));
    // The branch's work corridor (07:00–20:00) greys the rest of the day.
    await waitFor(() =>
      expect(
        canvasElement.querySelectorAll('.ec-bg-event.fw-bg-outsideCorridor').length,
      ).toBeGreaterThan(0),
    );
    await expect(calendarRequests.at(-1)).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
      branchId: 1,
    });
  },
};

export const Month: Story = {
  beforeEach: inView({ mode: 'calendar', span: 'month' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'März 2026' });
    await waitFor(() =>
      expect(calendarRequests.at(-1)).toEqual({ from: '2026-02-23', to: '2026-04-05' }),
    );
    await canvas.findAllByText('Max Mustermann');
    await expect(
      canvas.queryByRole('button', { name: 'Monat', pressed: true }),
    ).toBeInTheDocument();
  },
};

export const PhoneList: Story = {
  beforeEach: () => {
    clearListFilters();
    calendarRequests.length = 0;
  },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Nothing remembered and a narrow screen: the agenda of today.
    await canvas.findByText('Emma Wagner');
    await expect(canvas.getByRole('button', { name: 'Liste', pressed: true })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Tag', pressed: true })).toBeInTheDocument();
    await expect(calendarRequests.at(-1)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    await expect(canvas.getByText('Noah Zimmermann')).toBeInTheDocument();
    // The filters wait behind a button on a phone.
    await expect(canvas.queryByRole('group', { name: 'Filter' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await expect(canvas.getByRole('group', { name: 'Filter' })).toBeVisible();
  },
};

/** Nothing remembered: a fresh browser, as after signing in. */
const nothingRemembered = () => {
  clearListFilters();
  calendarRequests.length = 0;
};

export const OfficeOpensInstructorsDay: Story = {
  beforeEach: nothingRemembered,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The office (MODULE_COMPANY): every instructor side by side, today.
    await canvas.findByText('Emma Wagner');
    await expect(
      canvas.getByRole('button', { name: 'Fahrlehrer', pressed: true }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Tag', pressed: true })).toBeInTheDocument();
    await expect(calendarRequests.at(-1)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    await expect(canvas.getByText('Lena Hoffmann')).toBeInTheDocument();
  },
};

export const InstructorOpensOwnWeek: Story = {
  beforeEach: nothingRemembered,
  parameters: { permissions: ['MODULE_TIME_PLANNER', 'MODULE_TIME_PLANNER_WRITE'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // An instructor with a few calendars: the week of their own one.
    await waitFor(() =>
      expect(calendarRequests.at(-1)).toEqual({
        from: '2026-03-02',
        to: '2026-03-08',
        instructorIds: [1],
      }),
    );
    await expect(
      canvas.getByRole('button', { name: 'Kalender', pressed: true }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Woche', pressed: true })).toBeInTheDocument();
    await canvas.findByText('Emma Wagner');
    await waitFor(() => expect(canvas.queryByText('Finn Krüger')).toBeNull());
    // Switching the span keeps the own calendar (the choice is remembered from then on).
    await userEvent.click(canvas.getByRole('button', { name: 'Tag' }));
    await waitFor(() => expect(calendarRequests.at(-1)?.instructorIds).toEqual([1]));
  },
};

export const SharedReadOnly: Story = {
  parameters: { msw: { handlers: schedulerHandlers(sharedReadOnlyWorld) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Hannah Braun');
    const entries = entryElements(canvasElement);
    await expect(entries.length).toBe(3);
    for (const entry of entries) {
      await expect(entry).toHaveClass('fw-locked');
      await expect(entry).not.toHaveClass('ec-draggable');
      await expect(within(entry).getByText('nur lesen')).toBeInTheDocument();
    }
    await userEvent.click(canvas.getByRole('button', { name: /^Fahrlehrer:/ }));
    await body().findByRole('checkbox', { name: 'Lena Hoffmann (nur lesen)' });
  },
};

export const OwnStudentsOnly: Story = {
  parameters: { msw: { handlers: schedulerHandlers(ownStudentsWorld) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Emma Wagner');
    // One calendar: its minutes per day stand in the day header.
    await expect(canvas.getByText('540 / 495 Min.')).toHaveClass('fw-minutes-over');
    await expect(canvas.queryByText('Finn Krüger')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Fahrlehrer:/ }));
    const dialog = within(await body().findByRole('dialog', { name: 'Fahrlehrer' }));
    await expect(dialog.getAllByRole('checkbox')).toHaveLength(1);
    await expect(
      dialog.getByRole('checkbox', { name: 'Anna Becker (eigener Kalender)' }),
    ).toBeInTheDocument();
  },
};

export const FilterRemembered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Max Mustermann');
    await userEvent.click(canvas.getByRole('button', { name: /^Terminart:/ }));
    await userEvent.click(await body().findByRole('checkbox', { name: 'Theorie' }));
    await waitFor(() => expect(calendarRequests.at(-1)?.types).toEqual(['THEORY']));
    await userEvent.click(body().getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(canvas.queryByText('Max Mustermann')).toBeNull());
    await expect(canvas.getByText('Theorie Lektion 4')).toBeInTheDocument();
    await expect(
      JSON.parse(localStorage.getItem('fahrwerk.filter.calendar') ?? '{}').types,
    ).toEqual(['THEORY']);
  },
};

export const ReadOnlyPermission: Story = {
  parameters: { permissions: ['MODULE_TIME_PLANNER'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leon Fischer');
    await expect(canvas.getByText('Sie dürfen den Kalender nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Termin anlegen' })).toBeNull();
    for (const entry of entryElements(canvasElement)) {
      await expect(entry).not.toHaveClass('ec-draggable');
    }
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        calendarHandlers.calendarLoading,
        calendarHandlers.branches,
        calendarHandlers.vehicles,
        calendarHandlers.workHours,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Termine werden geladen …');
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        calendarHandlers.calendarError,
        calendarHandlers.branches,
        calendarHandlers.vehicles,
        calendarHandlers.workHours,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Kalender konnte nicht geladen werden.');
  },
};

const booking = recordBooking({ workingHours: [findingsFixture.outsideWorkingHours] });

export const DragBooksThroughTheChecks: Story = {
  beforeEach: () => {
    inView({ mode: 'instructors', span: 'day' })();
    booking.reset();
  },
  args: { today: '2026-03-03' },
  parameters: { msw: { handlers: [...booking.handlers, ...schedulerHandlers(busyWorld)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const entry = (await canvas.findByText('Leon Fischer')).closest<HTMLElement>('.fw-entry');
    if (!entry) throw new Error('no entry');
    dragTo(entry, slotPoint(canvasElement, 'Jonas Weber', '11:00'));
    // The server's checks found something: the booking asks in German before it saves.
    const question = within(await body().findByRole('alertdialog', { name: 'Trotzdem buchen?' }));
    await expect(booking.saves).toHaveLength(0);
    await userEvent.click(question.getByRole('button', { name: 'Trotzdem buchen' }));
    await waitFor(() => expect(booking.saves).toHaveLength(1));
    // The question is gone (its overlay dims the calendar while it fades).
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(booking.saves[0]).toMatchObject({
      method: 'PUT',
      id: 4,
      body: {
        date: '2026-03-03',
        startTime: '11:00',
        minutes: 90,
        instructorId: 2,
        vehicleId: 2,
        studentId: 104,
        confirmedFindings: ['OUTSIDE_WORKING_HOURS'],
      },
    });
  },
};

const signedBooking = recordBooking();
/** Leon Fischer's lesson on Tuesday is signed. */
const signedWorld = {
  ...busyWorld,
  entries: busyWorld.entries.map((entry) =>
    entry.appointment.id === 4
      ? { ...entry, appointment: { ...entry.appointment, signed: true } }
      : entry,
  ),
};

export const DragSignedLessonAsksFirst: Story = {
  beforeEach: () => {
    inView({ mode: 'instructors', span: 'day' })();
    signedBooking.reset();
  },
  args: { today: '2026-03-03' },
  parameters: { msw: { handlers: [...signedBooking.handlers, ...schedulerHandlers(signedWorld)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lesson = async () => {
      const entry = (await canvas.findByText('Leon Fischer')).closest<HTMLElement>('.fw-entry');
      if (!entry) throw new Error('no entry');
      return entry;
    };
    // Moving a signed lesson deletes its signature: asked first, in German.
    dragTo(await lesson(), slotPoint(canvasElement, 'Jonas Weber', '11:00'));
    let question = within(
      await body().findByRole('alertdialog', { name: 'Unterschrift löschen?' }),
    );
    await expect(
      question.getByText(/Der Fahrschüler muss danach erneut unterschreiben/),
    ).toBeInTheDocument();
    // "Abbrechen": nothing is checked or saved, the lesson goes back to 09:00 with Anna.
    await userEvent.click(question.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByText('09:00–10:30')).toBeInTheDocument());
    await expect(signedBooking.checks).toHaveLength(0);
    await expect(signedBooking.saves).toHaveLength(0);
    // Again, and agreed: saved with confirmSignatureRemoval.
    dragTo(await lesson(), slotPoint(canvasElement, 'Jonas Weber', '11:00'));
    question = within(await body().findByRole('alertdialog', { name: 'Unterschrift löschen?' }));
    await userEvent.click(
      question.getByRole('button', { name: 'Ändern und Unterschrift löschen' }),
    );
    await waitFor(() => expect(signedBooking.saves).toHaveLength(1));
    await expect(signedBooking.saves[0]).toMatchObject({
      method: 'PUT',
      id: 4,
      body: { startTime: '11:00', instructorId: 2, confirmSignatureRemoval: true },
    });
  },
};

export const OpensAnEntry: Story = {
  parameters: { msw: { handlers: [...schedulerHandlers(busyWorld), ...pickerHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(await canvas.findByRole('button', { name: /Leon Fischer/ }));
    await body().findByRole('dialog', { name: 'Termin bearbeiten' });
  },
};

export const OpensAReleasedEntryReadOnly: Story = {
  parameters: { msw: { handlers: [...schedulerHandlers(busyWorld), ...pickerHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [released] = await canvas.findAllByRole('button', {
      name: /freigegeben Max Mustermann/,
    });
    if (!released) throw new Error('no released entry');
    fireEvent.click(released);
    await body().findByRole('dialog', { name: 'Termin ansehen' });
  },
};

export const CreatesFromTheToolbar: Story = {
  parameters: { msw: { handlers: [...schedulerHandlers(ownStudentsWorld), ...pickerHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Emma Wagner');
    await userEvent.click(canvas.getByRole('button', { name: 'Termin anlegen' }));
    await body().findByRole('dialog', { name: 'Neuer Termin' });
  },
};
