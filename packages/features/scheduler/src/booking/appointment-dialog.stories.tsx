import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppointmentDialog } from './appointment-dialog';
import {
  bookingPickerHandlers,
  drivingLessonFixture,
  findingsFixture,
  invoicedLessonFixture,
  pickerHandlers,
  recordAppointmentDeletes,
  recordBooking,
  recordDrivingLessons,
  recordSeriesBooking,
  releasedLessonFixture,
  seriesOccurrenceFixture,
  signedLessonFixture,
} from './mocks';

const meta = {
  title: 'Features/Scheduler/Booking/AppointmentDialog',
  component: AppointmentDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onSaved: fn(),
    onDeleted: fn(),
  },
  parameters: { msw: { handlers: pickerHandlers } },
} satisfies Meta<typeof AppointmentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The slot the calendar hands over: Monday 2 March 2026, 10:00, Jonas Weber, the Golf. */
const slot = {
  date: '2026-03-02',
  startTime: '10:00',
  minutes: 45,
  instructorId: 11,
  vehicleId: 1,
};

const dialogNamed = async (name: string) => within(await pageBody().findByRole('dialog', { name }));

/** Types by pasting: per-key typing is too slow for the test timeout on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function choose(dialog: ReturnType<typeof within>, field: RegExp, option: string) {
  await userEvent.click(dialog.getByRole('button', { name: field }));
  await userEvent.click(await pageBody().findByRole('option', { name: option }));
}

async function chooseStudent(dialog: ReturnType<typeof within>, search: string, name: string) {
  await fill(dialog.getByRole('combobox', { name: /Fahrschüler/ }), search);
  await userEvent.click(await pageBody().findByRole('option', { name }));
  await waitFor(() =>
    expect(dialog.getByRole('button', { name: /Ausbildung/ })).toHaveTextContent('Klasse B'),
  );
}

const createLesson = recordBooking();

/** A new driving lesson: the form is filled, the checks find nothing, the body is saved. */
export const CreateDrivingLesson: Story = {
  args: { initial: slot },
  parameters: { msw: { handlers: [...pickerHandlers, ...createLesson.handlers] } },
  play: async ({ args }) => {
    createLesson.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await expect(dialog.getByRole('button', { name: /Terminart/ })).toHaveTextContent('Fahrstunde');
    await chooseStudent(dialog, 'Lena', 'Lena Müller');
    await choose(dialog, /Stundenart/, 'Überlandfahrt');
    await fill(dialog.getByRole('textbox', { name: 'Notiz' }), 'Abholung am Bahnhof');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
    await expect(createLesson.checks.map((check) => check.path).sort()).toEqual([
      '/api/calendar/instructor/11/check-overlapping-appointments',
      '/api/calendar/instructor/11/check-working-hours',
      '/api/calendar/vehicle/check-overlapping-appointments',
    ]);
    await expect(createLesson.checks[0]?.body).toEqual({
      type: 'DRIVING',
      date: '2026-03-02',
      startTime: '10:00',
      minutes: 45,
      instructorId: 11,
      studentEducationId: 201,
      licenseClass: 'B',
      vehicleId: 1,
    });
    await expect(createLesson.saves).toEqual([
      {
        method: 'POST',
        body: {
          type: 'DRIVING',
          date: '2026-03-02',
          startTime: '10:00',
          minutes: 45,
          instructorId: 11,
          includeInPayroll: true,
          repeatRule: 'NONE',
          confirmSignatureRemoval: false,
          studentId: 101,
          studentEducationId: 201,
          licenseClass: 'B',
          hourType: 'OVERLAND',
          vehicleId: 1,
          note: 'Abholung am Bahnhof',
        },
      },
    ]);
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

const invalid = recordBooking();

/** Missing input: German messages at the fields, nothing checked or sent. */
export const FormValidation: Story = {
  args: { initial: { date: '2026-03-02', minutes: 45 } },
  parameters: { msw: { handlers: [...pickerHandlers, ...invalid.handlers] } },
  play: async () => {
    invalid.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie die Anfangszeit ein.');
    await expect(dialog.getByText('Bitte wählen Sie den Fahrlehrer.')).toBeInTheDocument();
    await expect(dialog.getByText('Bitte wählen Sie den Fahrschüler.')).toBeInTheDocument();
    const payroll = dialog.getByRole('checkbox', { name: 'In der Lohnabrechnung berücksichtigen' });
    await expect(payroll).toBeChecked();
    await choose(dialog, /Terminart/, 'Privater Termin');
    // Private time does not count for payroll unless the user says so.
    await waitFor(() => expect(payroll).not.toBeChecked());
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Titel ein.');
    await expect(invalid.checks).toEqual([]);
    await expect(invalid.saves).toEqual([]);
  },
};

const everyFinding = {
  instructor: [[findingsFixture.instructorOverlap, findingsFixture.classMismatch]],
  workingHours: [
    findingsFixture.outsideWorkingHours,
    findingsFixture.outsideWorkCorridor,
    findingsFixture.dailyLimit,
  ],
  vehicles: [
    findingsFixture.vehicleOverlap,
    findingsFixture.trailerOverlap,
    findingsFixture.escortVehicleOverlap,
  ],
};
const lessonWithTrailer = { ...drivingLessonFixture, trailerId: 4, escortVehicleId: 2 };
const continued = recordBooking(everyFinding);

/** Every finding in one confirmation; "Trotzdem buchen" saves with the kinds the user saw. */
export const ConflictsContinue: Story = {
  args: { appointment: lessonWithTrailer, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: [...pickerHandlers, ...continued.handlers] } },
  play: async ({ args }) => {
    continued.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Trotzdem buchen?' }),
    );
    await expect(confirm.getByText('Fahrlehrer belegt')).toBeInTheDocument();
    await expect(
      confirm.getByText('Tim Schröder am 02.03.2026, 09:30–11:00 Uhr (90 Min.)'),
    ).toBeInTheDocument();
    await expect(confirm.getByText('Anhänger belegt')).toBeInTheDocument();
    await expect(confirm.getByText('Begleitfahrzeug belegt')).toBeInTheDocument();
    await expect(continued.saves).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: 'Trotzdem buchen' }));
    await pageBody().findByText('Gespeichert.');
    await expect(continued.saves).toHaveLength(1);
    await expect(continued.saves[0]?.method).toBe('PUT');
    await expect(continued.saves[0]?.id).toBe(501);
    await expect(continued.saves[0]?.body.confirmedFindings).toEqual([
      'INSTRUCTOR_OVERLAP',
      'VEHICLE_OVERLAP',
      'TRAILER_OVERLAP',
      'ESCORT_VEHICLE_OVERLAP',
      'OUTSIDE_WORKING_HOURS',
      'OUTSIDE_WORK_CORRIDOR',
      'CLASS_MISMATCH',
      'DAILY_LIMIT',
    ]);
    await expect(continued.checks[0]?.body).toMatchObject({
      appointmentId: 501,
      trailerId: 4,
      escortVehicleId: 2,
    });
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

const cancelled = recordBooking(everyFinding);

/** "Abbrechen" in the confirmation: nothing is sent, the form keeps what was entered. */
export const ConflictsCancel: Story = {
  args: { appointment: lessonWithTrailer, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: [...pickerHandlers, ...cancelled.handlers] } },
  play: async ({ args }) => {
    cancelled.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await fill(dialog.getByRole('textbox', { name: 'Notiz' }), 'Treffpunkt Schule');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Trotzdem buchen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(pageBody().queryByRole('alertdialog')).toBeNull());
    await expect(cancelled.checks).toHaveLength(3);
    await expect(cancelled.saves).toEqual([]);
    await expect(dialog.getByRole('textbox', { name: 'Notiz' })).toHaveValue('Treffpunkt Schule');
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

const meanwhile = recordBooking({ instructor: [[], [findingsFixture.instructorOverlap]] }, 1);

/** Somebody booked the time meanwhile (409): the message, the checks again, then the save. */
export const OverlapMeanwhile: Story = {
  args: { initial: { ...slot, studentId: 101, studentEducationId: 201, licenseClass: 'B' } },
  parameters: { msw: { handlers: [...pickerHandlers, ...meanwhile.handlers] } },
  play: async () => {
    meanwhile.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Trotzdem buchen?' }),
    );
    await expect(
      confirm.getByText(/Inzwischen wurde ein anderer Termin zur selben Zeit gebucht/),
    ).toBeInTheDocument();
    await expect(confirm.getByText('Fahrlehrer belegt')).toBeInTheDocument();
    await expect(meanwhile.saves).toHaveLength(1);
    await expect(meanwhile.saves[0]?.body).not.toHaveProperty('confirmedFindings');
    await expect(meanwhile.checks).toHaveLength(6);
    await userEvent.click(confirm.getByRole('button', { name: 'Trotzdem buchen' }));
    await pageBody().findByText('Gespeichert.');
    await expect(meanwhile.saves).toHaveLength(2);
    await expect(meanwhile.saves[1]?.body.confirmedFindings).toEqual(['INSTRUCTOR_OVERLAP']);
  },
};

const readOnlyHandlers = [
  bookingPickerHandlers.instructors,
  bookingPickerHandlers.vehicles,
  bookingPickerHandlers.educations,
];

/** A released lesson opens read-only and says why. */
export const Released: Story = {
  args: { appointment: releasedLessonFixture, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: readOnlyHandlers } },
  play: async () => {
    const dialog = await dialogNamed('Termin ansehen');
    await expect(
      dialog.getByText('Der Termin ist freigegeben und kann nicht mehr geändert werden.'),
    ).toBeInTheDocument();
    await expect(dialog.getByText('Freigegeben')).toBeInTheDocument();
    await expect(dialog.getByRole('combobox', { name: /Fahrschüler/ })).toHaveValue('Lena Müller');
    await expect(dialog.getByRole('textbox', { name: 'Notiz' })).toHaveAttribute('readonly');
    await expect(dialog.queryByRole('button', { name: 'Speichern' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Freigeben' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Buchen' })).toBeNull();
    // The corner's close button and the footer's.
    await expect(dialog.getAllByRole('button', { name: 'Schließen' })).toHaveLength(2);
  },
};

/** Billed on a final invoice: read-only with that reason. */
export const Invoiced: Story = {
  args: { appointment: invoicedLessonFixture, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: readOnlyHandlers } },
  play: async () => {
    const dialog = await dialogNamed('Termin ansehen');
    await dialog.findByText(
      'Der Termin steht auf einer Schlussrechnung und kann nicht mehr geändert werden.',
    );
  },
};

/** A calendar the caller may only read. */
export const NotEditable: Story = {
  args: { appointment: drivingLessonFixture, editable: false, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: readOnlyHandlers } },
  play: async () => {
    const dialog = await dialogNamed('Termin ansehen');
    await dialog.findByText(/Sie dürfen diesen Termin nur ansehen/);
    await expect(dialog.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};

const seriesSave = recordBooking();

/** Changing an occurrence of a series asks which ones and sends the scope. */
export const SeriesEditScope: Story = {
  args: { appointment: seriesOccurrenceFixture },
  parameters: { msw: { handlers: [...pickerHandlers, ...seriesSave.handlers] } },
  play: async () => {
    seriesSave.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await expect(
      dialog.getByText('Dieser Termin gehört zu einer Serie: Wöchentlich bis 29.06.2026.'),
    ).toBeInTheDocument();
    const title = dialog.getByRole('textbox', { name: /^Titel/ });
    await userEvent.clear(title);
    await userEvent.paste('Mittagspause lang');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const scope = within(
      await pageBody().findByRole('alertdialog', { name: 'Serientermin ändern' }),
    );
    await expect(scope.getByRole('button', { name: 'Nur diesen Termin' })).toBeInTheDocument();
    await expect(scope.getByRole('button', { name: 'Alle Termine der Serie' })).toBeInTheDocument();
    await userEvent.click(scope.getByRole('button', { name: 'Diesen und alle folgenden' }));
    await pageBody().findByText('Gespeichert.');
    await expect(seriesSave.saves).toHaveLength(1);
    await expect(seriesSave.saves[0]).toMatchObject({
      method: 'PUT',
      id: 611,
      scope: 'FOLLOWING',
      body: { type: 'PRIVATE', title: 'Mittagspause lang', repeatRule: 'WEEKLY' },
    });
  },
};

const seriesDelete = recordAppointmentDeletes();

/** Deleting an occurrence of a series asks which ones. */
export const SeriesDeleteScope: Story = {
  args: { appointment: seriesOccurrenceFixture },
  parameters: { msw: { handlers: [...pickerHandlers, ...seriesDelete.handlers] } },
  play: async ({ args }) => {
    seriesDelete.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    const scope = within(
      await pageBody().findByRole('alertdialog', { name: 'Serientermin löschen' }),
    );
    await userEvent.click(scope.getByRole('button', { name: 'Alle Termine der Serie' }));
    await pageBody().findByText('Gelöscht.');
    await expect(seriesDelete.deletes).toEqual([{ id: 611, scope: 'ALL' }]);
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalled());
  },
};

const signedChange = recordBooking();

/** A signed lesson: a change asks before the signature is deleted, then says so in the body. */
export const SignedChangeAsksFirst: Story = {
  args: { appointment: signedLessonFixture, studentName: 'Lena Müller' },
  parameters: { msw: { handlers: [...pickerHandlers, ...signedChange.handlers] } },
  play: async () => {
    signedChange.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await userEvent.click(dialog.getByRole('button', { name: 'Doppelstunde' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    let question = within(
      await pageBody().findByRole('alertdialog', { name: 'Unterschrift löschen?' }),
    );
    await expect(question.getByText(/Die Unterschrift wird gelöscht/)).toBeInTheDocument();
    await userEvent.click(question.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(pageBody().queryByRole('alertdialog')).toBeNull());
    await expect(signedChange.checks).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    question = within(
      await pageBody().findByRole('alertdialog', { name: 'Unterschrift löschen?' }),
    );
    await userEvent.click(
      question.getByRole('button', { name: 'Ändern und Unterschrift löschen' }),
    );
    await pageBody().findByText('Gespeichert.');
    await expect(signedChange.saves[0]?.body).toMatchObject({
      minutes: 90,
      confirmSignatureRemoval: true,
    });
  },
};

const release = recordBooking();

/** "Freigeben" after the warning that it cannot be undone. */
export const Release: Story = {
  args: { appointment: drivingLessonFixture, studentName: 'Lena Müller' },
  parameters: {
    msw: { handlers: [...pickerHandlers, ...release.handlers, ...recordDrivingLessons().handlers] },
  },
  play: async ({ args }) => {
    release.reset();
    const dialog = await dialogNamed('Termin bearbeiten');
    await userEvent.click(dialog.getByRole('button', { name: 'Freigeben' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Termin freigeben?' }),
    );
    await expect(
      confirm.getByText(/Die Freigabe kann nicht rückgängig gemacht werden/),
    ).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Endgültig freigeben' }));
    await pageBody().findByText('Der Termin ist freigegeben.');
    await expect(release.checks).toEqual([]);
    await expect(release.saves[0]).toMatchObject({
      method: 'PUT',
      id: 501,
      body: { released: true, date: '2026-03-02', startTime: '10:00', studentId: 101 },
    });
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

const series = recordSeriesBooking([
  {
    date: '2026-03-02',
    startTime: '12:00',
    ok: true,
    findings: [],
  },
  {
    date: '2026-03-09',
    startTime: '12:00',
    ok: false,
    findings: [{ ...findingsFixture.instructorOverlap, date: '2026-03-09' }],
  },
  {
    date: '2026-03-16',
    startTime: '12:00',
    ok: false,
    findings: [
      { ...findingsFixture.outsideWorkingHours, date: '2026-03-16' },
      { ...findingsFixture.dailyLimit, date: '2026-03-16' },
    ],
  },
]);

/** A new weekly series: the repeating checks, findings per occurrence, saved with the rule. */
export const SeriesCreate: Story = {
  args: {
    initial: {
      type: 'THEORY',
      date: '2026-03-02',
      startTime: '12:00',
      minutes: 90,
      instructorId: 11,
      repeatRule: 'WEEKLY',
      repeatUntil: '2026-03-16',
    },
  },
  parameters: { msw: { handlers: [...pickerHandlers, ...series.handlers] } },
  play: async () => {
    series.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await fill(dialog.getByRole('textbox', { name: /^Titel/ }), 'Grundstoff Lektion 3');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Trotzdem buchen?' }),
    );
    await expect(
      confirm.getByText('Die Prüfung der Serie hat bei 2 Terminen Folgendes ergeben:'),
    ).toBeInTheDocument();
    await expect(confirm.getByRole('heading', { name: 'Mo, 09.03.2026, 12:00 Uhr' })).toBeVisible();
    await expect(confirm.getByRole('heading', { name: 'Mo, 16.03.2026, 12:00 Uhr' })).toBeVisible();
    await expect(series.checks.map((check) => check.path).sort()).toEqual([
      '/api/calendar/instructor/11/repeating-event/check-overlapping-appointments',
      '/api/calendar/instructor/11/repeating-event/check-working-hours',
    ]);
    await expect(series.checks[0]?.body).toMatchObject({
      repeatRule: 'WEEKLY',
      repeatUntil: '2026-03-16',
    });
    await userEvent.click(confirm.getByRole('button', { name: 'Trotzdem buchen' }));
    await pageBody().findByText('Gespeichert.');
    await expect(series.saves[0]?.body).toMatchObject({
      type: 'THEORY',
      title: 'Grundstoff Lektion 3',
      repeatRule: 'WEEKLY',
      repeatUntil: '2026-03-16',
      includeInPayroll: true,
      confirmedFindings: ['INSTRUCTOR_OVERLAP', 'OUTSIDE_WORKING_HOURS', 'DAILY_LIMIT'],
    });
  },
};

/** An instructor who may see only his own students: the picker offers what the server answers. */
export const OwnStudentsOnly: Story = {
  args: { initial: slot },
  parameters: {
    msw: {
      handlers: [
        bookingPickerHandlers.ownStudents,
        bookingPickerHandlers.educations,
        bookingPickerHandlers.instructors,
        bookingPickerHandlers.vehicles,
      ],
    },
  },
  play: async () => {
    const dialog = await dialogNamed('Neuer Termin');
    await userEvent.click(dialog.getByRole('button', { name: /Optionen anzeigen/ }));
    const list = within(await pageBody().findByRole('listbox'));
    await list.findByRole('option', { name: 'Lena Müller' });
    await expect(list.getByRole('option', { name: 'Ayşe Yılmaz' })).toBeInTheDocument();
    await expect(list.getAllByRole('option')).toHaveLength(2);
    await expect(list.queryByRole('option', { name: 'Tim Schröder' })).toBeNull();
  },
};

const refusedSave = recordBooking();
const lenaSlot = { ...slot, studentId: 101, studentEducationId: 201, licenseClass: 'B' as const };

/** The server refuses a value (422): its message at the field, the input stays. */
export const ServerRefusesField: Story = {
  args: { initial: lenaSlot },
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/appointments', ({ response }) =>
          response(422).json(
            errorBody('errors.validation', {
              fieldErrors: [{ field: 'studentEducationId', error: 'validation.unknown_id' }],
            }),
          ),
        ),
        ...pickerHandlers,
        ...refusedSave.handlers,
      ],
    },
  },
  play: async ({ args }) => {
    refusedSave.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await fill(dialog.getByRole('textbox', { name: 'Notiz' }), 'Bitte Brille mitbringen');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const message = await dialog.findByText('Der gewählte Eintrag existiert nicht.');
    // At the education's field, not in an alert.
    await expect(message.closest('[data-required]')).toHaveTextContent(/^Ausbildung/);
    await expect(dialog.getByRole('textbox', { name: 'Notiz' })).toHaveValue(
      'Bitte Brille mitbringen',
    );
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

const failedCheck = recordBooking();

/** A check that fails stops the booking with its message; nothing is saved. */
export const CheckFails: Story = {
  args: { initial: lenaSlot },
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/calendar/vehicle/check-overlapping-appointments', ({ response }) =>
          response(500).json(errorBody('errors.internal')),
        ),
        ...pickerHandlers,
        ...failedCheck.handlers,
      ],
    },
  },
  play: async () => {
    failedCheck.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    await expect(failedCheck.saves).toEqual([]);
    await expect(pageBody().queryByRole('alertdialog')).toBeNull();
  },
};

const intoCalendar = recordBooking();

/**
 * The calendars the caller may book into come from the calendar (no instructor list is
 * loaded); the slot's branch goes into the checks and the save.
 */
export const WritableCalendars: Story = {
  args: {
    initial: { ...lenaSlot, instructorId: 15, branchId: 2 },
    instructors: [
      { id: 11, name: 'Jonas Weber' },
      { id: 15, name: 'Petra Schmidt' },
    ],
  },
  parameters: {
    msw: {
      handlers: [
        bookingPickerHandlers.students,
        bookingPickerHandlers.educations,
        bookingPickerHandlers.vehicles,
        ...intoCalendar.handlers,
      ],
    },
  },
  play: async () => {
    intoCalendar.reset();
    const dialog = await dialogNamed('Neuer Termin');
    await expect(dialog.getByRole('button', { name: /Fahrlehrer/ })).toHaveTextContent(
      'Petra Schmidt',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
    await expect(intoCalendar.checks.map((check) => check.path)).toContain(
      '/api/calendar/instructor/15/check-working-hours',
    );
    for (const check of intoCalendar.checks) {
      await expect(check.body).toMatchObject({ instructorId: 15, branchId: 2 });
    }
    await expect(intoCalendar.saves[0]?.body).toMatchObject({ instructorId: 15, branchId: 2 });
  },
};
