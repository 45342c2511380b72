import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  courseStudentsFixture,
  fullCourseFixture,
  recordTheoryCalls,
  theoryHandlers,
} from './mocks/handlers';
import { TheoryCourseScreen } from './theory-course-screen';

const calls = recordTheoryCalls();

const meta = {
  title: 'Features/Theory/TheoryCourseScreen',
  component: TheoryCourseScreen,
  args: { courseId: 1, onBack: fn() },
  beforeEach: () => calls.reset(),
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof TheoryCourseScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const lessonTable = (canvas: ReturnType<typeof within>, syllabus: 'Grundstoff' | 'Zusatzstoff') =>
  canvas.findByRole('table', { name: `Lektionen des Kurses: ${syllabus}` });

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Intensivkurs März', level: 1 });
    await expect(canvas.getByText('17 frei von 20')).toBeInTheDocument();
    const students = within(await canvas.findByRole('table', { name: 'Fahrschüler des Kurses' }));
    await students.findByText('Lena Müller');
    await expect(students.getByText('Aylin Yilmaz')).toBeInTheDocument();
    const basic = within(await lessonTable(canvas, 'Grundstoff'));
    await expect(basic.getByText('G1')).toBeInTheDocument();
    await expect(basic.getByText('Rechtliche Rahmenbedingungen')).toBeInTheDocument();
    await expect(basic.getAllByText('gebucht')).toHaveLength(2);
    await expect(basic.getByText('geplant')).toBeInTheDocument();
    await basic.findAllByText('Sabine Krüger');
    const additional = within(await lessonTable(canvas, 'Zusatzstoff'));
    await expect(additional.getByText('Z1')).toBeInTheDocument();
    await expect(additional.getByText('Klassen B')).toBeInTheDocument();
    await expect(additional.getByText('18:00–19:30 Uhr')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [theoryHandlers.courseLoading, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [theoryHandlers.courseError, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [theoryHandlers.lessonsEmpty, theoryHandlers.studentsEmpty, ...calls.handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Für diesen Kurs sind noch keine Lektionen geplant.');
    await canvas.findByText('Dem Kurs ist noch kein Fahrschüler zugeordnet.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_THEORY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Sie dürfen diese Daten nur ansehen\./);
    await lessonTable(canvas, 'Grundstoff');
    await expect(canvas.queryByRole('button', { name: 'Lektion anlegen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Fahrschüler zuordnen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
    // The attendance can be looked at and its list downloaded, not changed.
    await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheit: G1 02.03.2026' }));
    await canvas.findByRole('heading', { name: 'Anwesenheit: Persönliche Voraussetzungen' });
    await expect(canvas.getByRole('button', { name: 'Anwesenheitsliste (PDF)' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Teilnehmer eintragen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Unterschreiben/ })).toBeNull();
  },
};

/** No free places: the notice, and no more students can be assigned. */
export const CourseFull: Story = {
  args: { courseId: fullCourseFixture.id },
  parameters: {
    msw: { handlers: recordTheoryCalls({ course: fullCourseFixture, lessons: [] }).handlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Kurs ist ausgebucht: Es gibt keine freien Plätze mehr.');
    await expect(canvas.getByText('Ausgebucht')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Fahrschüler zuordnen' })).toBeDisabled();
  },
};

/** The attendance of lesson 1: Lena has signed, Jonas not yet. */
export const AttendanceWithOneSignature: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lessonTable(canvas, 'Grundstoff');
    await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheit: G1 02.03.2026' }));
    const participants = within(
      await canvas.findByRole('table', { name: 'Teilnehmer der Lektion' }),
    );
    await expect(canvas.getByText('1 von 2 unterschrieben')).toBeInTheDocument();
    await expect(participants.getByText('unterschrieben 02.03.2026 20:31')).toBeInTheDocument();
    await expect(participants.getByText('fehlt')).toBeInTheDocument();
    await expect(
      participants.getByRole('button', { name: 'Unterschrift löschen: Lena Müller' }),
    ).toBeInTheDocument();
    await expect(
      participants.getByRole('button', { name: 'Unterschreiben: Jonas Schmidt' }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheitsliste (PDF)' }));
    await waitFor(() => expect(calls.downloads).toEqual([501]));
  },
};

/** Signs on the tablet: pointer strokes on the pad, the PNG goes up with student and lesson. */
export const SignsAttendance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lessonTable(canvas, 'Grundstoff');
    await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheit: G1 02.03.2026' }));
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Unterschreiben: Jonas Schmidt' }),
    );
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Unterschrift des Fahrschülers' }),
    );
    await expect(dialog.getByRole('button', { name: 'Unterschrift speichern' })).toBeDisabled();
    const pad = dialog.getByRole('img', { name: 'Unterschriftsfeld' });
    const rect = pad.getBoundingClientRect();
    const at = (x: number, y: number, buttons: number): PointerEventInit => ({
      clientX: rect.left + x,
      clientY: rect.top + y,
      pointerId: 7,
      pointerType: 'pen',
      isPrimary: true,
      button: 0,
      buttons,
      pressure: buttons ? 0.5 : 0,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    pad.dispatchEvent(new PointerEvent('pointerdown', at(30, 60, 1)));
    for (let step = 1; step <= 12; step += 1) {
      pad.dispatchEvent(
        new PointerEvent('pointermove', at(30 + step * 25, 60 + (step % 3) * 25, 1)),
      );
    }
    pad.dispatchEvent(new PointerEvent('pointerup', at(330, 85, 0)));
    await dialog.findByText('Unterschrift erfasst.');
    const submit = dialog.getByRole('button', { name: 'Unterschrift speichern' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await pageBody().findByText('Gespeichert.');
    await expect(calls.signatures).toHaveLength(1);
    await expect(calls.signatures[0]).toMatchObject({ studentId: 12, theoryLessonId: 501 });
    await expect(calls.signatures[0]?.file?.type).toBe('image/png');
  },
};

export const DeletesSignature: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lessonTable(canvas, 'Grundstoff');
    await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheit: G1 02.03.2026' }));
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Unterschrift löschen: Lena Müller' }),
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Unterschrift löschen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Unterschrift löschen' }));
    await pageBody().findByText('Gelöscht.');
    await expect(calls.deletedSignatures).toEqual([9001]);
  },
};

async function openBooking(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await lessonTable(canvas, 'Grundstoff');
  await userEvent.click(canvas.getByRole('button', { name: 'Anwesenheit: G3 05.03.2026' }));
  await userEvent.click(await canvas.findByRole('button', { name: 'Teilnehmer eintragen' }));
  return within(await pageBody().findByRole('dialog', { name: 'Teilnehmer eintragen' }));
}

/**
 * Lena fits, Aylin (class A) is refused for the class-B lesson: only Lena is booked, and the
 * refusal says why.
 */
export const BookingRefusesClassMismatch: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openBooking(canvasElement);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Lena Müller' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Aylin Yilmaz' }));
    await dialog.findByText('die Klasse passt nicht zu dieser Lektion');
    await expect(dialog.getByText('passt nicht')).toBeInTheDocument();
    await dialog.findByText('passt');
    await userEvent.click(await dialog.findByRole('button', { name: '1 buchen' }));
    await pageBody().findByText('Die Teilnahme wurde gebucht.');
    await expect(calls.booked).toEqual([{ lessonId: 503, studentIds: [11] }]);
  },
};

/** Jonas attended topic 3 before: a repetition, not booked again. */
export const BookingShowsRepetition: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openBooking(canvasElement);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Jonas Schmidt' }));
    await dialog.findByText('hat dieses Thema bereits besucht');
    await userEvent.click(dialog.getByRole('button', { name: 'Buchen' }));
    await dialog.findByText('Keiner der gewählten Fahrschüler passt zu dieser Lektion.');
    await expect(calls.booked).toEqual([]);
  },
};

/** A student found by name who is in no course of a full course: no places. */
export const BookingNoPlaces: Story = {
  parameters: {
    msw: {
      handlers: recordTheoryCalls({ course: { ...fullCourseFixture, id: 1 } }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openBooking(canvasElement);
    const search = dialog.getByRole('combobox', { name: 'Weiteren Fahrschüler suchen' });
    await userEvent.click(search);
    await userEvent.paste('Paul');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Paul Becker' }));
    await dialog.findByText('nicht in diesem Kurs, der Kurs hat keine freien Plätze');
  },
};

const refused = recordTheoryCalls({ bookError: true });

/** The server refuses the booking: the spec's failure toast. */
export const BookingFails: Story = {
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    const dialog = await openBooking(canvasElement);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Lena Müller' }));
    await userEvent.click(await dialog.findByRole('button', { name: '1 buchen' }));
    await pageBody().findByText('Die Teilnahme konnte nicht gebucht werden.');
  },
};

/** The fourth course of an education: the server's refusal shows in the dialog. */
export const AssignRefusesFourthCourse: Story = {
  parameters: {
    msw: { handlers: recordTheoryCalls({ assignError: 'errors.course_limit_reached' }).handlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Fahrschüler zuordnen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Fahrschüler zuordnen' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Fahrschüler' }));
    await userEvent.paste('Paul');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Paul Becker' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Zuordnen' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('button', { name: 'Zuordnen' }));
    await dialog.findByText('Eine Ausbildung kann höchstens 3 Kurse haben.');
  },
};

export const AssignsStudent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Fahrschüler zuordnen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Fahrschüler zuordnen' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Fahrschüler' }));
    await userEvent.paste('Paul');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Paul Becker' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Zuordnen' }));
    await pageBody().findByText('Gespeichert.');
    await expect(calls.assigned).toEqual([
      [...courseStudentsFixture.map((row) => row.studentEducationId), 141],
    ]);
  },
};

export const BooksModule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für Aylin Yilmaz' }),
      'Module buchen',
    );
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Module buchen für Aylin Yilmaz' }),
    );
    await userEvent.click(
      dialog.getByRole('checkbox', { name: /G3 Rechtliche Rahmenbedingungen/ }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Buchen' }));
    await pageBody().findByText('Vorgang erfolgreich.');
    await expect(calls.modules).toEqual([{ studentEducationIds: 131, theoryLessonIds: [503] }]);
  },
};

export const CreatesLesson: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lessonTable(canvas, 'Grundstoff');
    await userEvent.click(canvas.getByRole('button', { name: 'Lektion anlegen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Lektion' }));
    // The next basic number not planned yet, and its syllabus title as the topic.
    await expect(dialog.getByRole('textbox', { name: /^Thema/ })).toHaveValue(
      'Straßenverkehrssystem und seine Nutzung',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** Lesson 1 has a signature: the server refuses its deletion, the toast says why. */
export const DeleteSignedLessonRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für G1 02.03.2026' }),
      'Löschen',
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Lektion löschen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Die Lektion ist bereits unterschrieben.');
  },
};

/** The topic follows the syllabus; an additional lesson needs a class. */
export const LessonFormFollowsSyllabus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lessonTable(canvas, 'Grundstoff');
    await userEvent.click(canvas.getByRole('button', { name: 'Lektion anlegen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Lektion' }));
    await userEvent.click(dialog.getByRole('button', { name: /Stoff/ }));
    await userEvent.click(
      await pageBody().findByRole('option', { name: 'Zusatzstoff (klassenspezifisch)' }),
    );
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Thema/ })).toHaveValue(
        'Besondere Gefahren der Klasse',
      ),
    );
    // The course's class B is ticked; without it the lesson covers no class.
    await userEvent.click(dialog.getByRole('checkbox', { name: 'B' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText(
      'Zusatzstoff gilt für bestimmte Klassen: Bitte wählen Sie mindestens eine.',
    );
  },
};

export const EditsCourse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Theoriekurs bearbeiten' }),
    );
    await expect(dialog.getByRole('textbox', { name: /^Kurzbeschreibung/ })).toHaveValue(
      'Intensivkurs März',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};
