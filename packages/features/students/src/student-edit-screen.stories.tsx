import { mockHttp } from '@fahrwerk/api/mocks';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  appointmentHandlers,
  editHandlers,
  pickerHandlers,
  studentHandlers,
} from './mocks/handlers';
import { StudentEditScreen } from './student-edit-screen';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/StudentEditScreen',
  component: StudentEditScreen,
  args: { studentId: 101, onBack: fn(), onDeleted: fn() },
  parameters: {
    msw: { handlers: [...editHandlers, studentHandlers.update, studentHandlers.emailFree] },
  },
} satisfies Meta<typeof StudentEditScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = () => within(document.body);

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Vorname/ }, LOAD)).toHaveValue(
      'Lena',
    );
    await expect(canvas.getByRole('textbox', { name: /^IBAN/ })).toHaveValue(
      'DE89370400440532013000',
    );
  },
};

export const Saves: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const city = await canvas.findByRole('textbox', { name: /^Ort/ }, LOAD);
    await userEvent.clear(city);
    await userEvent.type(city, 'Potsdam');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', undefined, LOAD);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.getLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.getError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Der Schüler konnte nicht geladen werden.',
      undefined,
      LOAD,
    );
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.getNotFound] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Diesen Schüler gibt es nicht (mehr).', undefined, LOAD);
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Schülerliste' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie können diesen Schüler nur ansehen.', undefined, LOAD);
    await expect(canvas.getByRole('textbox', { name: /^Vorname/ })).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Aktionen' })).not.toBeInTheDocument();
  },
};

export const Archives: Story = {
  parameters: {
    msw: { handlers: [...editHandlers, studentHandlers.archive] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen' }, LOAD),
      'Archivieren',
    );
    const dialog = await body().findByRole('alertdialog', undefined, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
    await body().findByText('Archiviert.', undefined, LOAD);
  },
};

export const SendsConfirmation: Story = {
  parameters: { msw: { handlers: [...editHandlers, studentHandlers.sendConfirmation] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen' }, LOAD),
      'Bestätigungs-E-Mail senden',
    );
    await body().findByText('Die Bestätigungs-E-Mail wurde gesendet.', undefined, LOAD);
  },
};

export const ConfirmationNotSent: Story = {
  parameters: { msw: { handlers: [...editHandlers, studentHandlers.sendConfirmationFailed] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen' }, LOAD),
      'Bestätigungs-E-Mail senden',
    );
    await body().findByText(
      'Die Bestätigungs-E-Mail konnte nicht gesendet werden.',
      undefined,
      LOAD,
    );
  },
};

export const ArchivedStudent: Story = {
  parameters: {
    msw: {
      handlers: [
        studentHandlers.getArchived,
        studentHandlers.unarchiveEducationRefused,
        ...editHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Der Schüler ist archiviert/, undefined, LOAD);
    await userEvent.click(canvas.getByRole('tab', { name: 'Ausbildungen' }));
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Aus dem Archiv holen' }, LOAD),
    );
    // The server's German message: the student must leave the archive first.
    await waitFor(() => expect(body().getByRole('alert')).toBeInTheDocument());
  },
};

export const Educations: Story = {
  args: { initialTab: 'educations' },
  parameters: {
    msw: {
      handlers: [...editHandlers, studentHandlers.createEducation, studentHandlers.theoryCourses],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ausbildung Klasse B', undefined, LOAD);
    await userEvent.click(canvas.getByRole('button', { name: 'Ausbildung anlegen' }));
    const dialog = await body().findByRole('dialog', undefined, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await body().findByText('Die Ausbildung wurde gespeichert.', undefined, LOAD);
  },
};

/** Each education lists what is booked for it (loaded when opened): price and billing. */
export const EducationBookedProducts: Story = {
  args: { initialTab: 'educations' },
  parameters: { msw: { handlers: [...editHandlers, studentHandlers.bookedProducts] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ausbildung Klasse B', undefined, LOAD);
    await userEvent.click(
      canvas.getAllByRole('button', { name: 'Gebuchte Leistungen anzeigen' })[0] as HTMLElement,
    );
    const table = await canvas.findByRole('table', { name: 'Gebuchte Leistungen' }, LOAD);
    await expect(
      within(table).getByText('Vorstellung zur praktischen Prüfung'),
    ).toBeInTheDocument();
    await expect(within(table).getByText('offen')).toBeInTheDocument();
    await expect(within(table).getByText('abgerechnet')).toBeInTheDocument();
    await expect(within(table).getByText(/195,00/)).toBeInTheDocument();
  },
};

export const EducationsEmpty: Story = {
  args: { initialTab: 'educations' },
  parameters: {
    msw: { handlers: [studentHandlers.educationsEmpty, ...editHandlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Noch keine Ausbildung/, undefined, LOAD);
  },
};

export const Documents: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    msw: {
      handlers: [...editHandlers, studentHandlers.uploadDocument, studentHandlers.downloadDocument],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sehtest.pdf' }, LOAD));
    await body().findByRole('dialog', undefined, LOAD);
    await expect(body().getByTitle('Sehtest.pdf')).toBeInTheDocument();
  },
};

export const DocumentsEmpty: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    msw: {
      handlers: [studentHandlers.documentsEmpty, ...editHandlers],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Dokumente.', undefined, LOAD);
  },
};

/** The tab Termine of the record (`?tab=appointments`): the student's appointments, read-only. */
export const Appointments: Story = {
  args: { initialTab: 'appointments' },
  parameters: {
    msw: {
      handlers: [...appointmentHandlers.names, ...editHandlers, appointmentHandlers.full],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Termine' }, LOAD)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await canvas.findByRole('table', { name: 'Termine des Schülers' }, LOAD);
    await canvas.findByText('Praktische Prüfung TÜV', undefined, LOAD);
  },
};

export const Timeline: Story = {
  args: { initialTab: 'timeline' },
  parameters: { msw: { handlers: [...editHandlers, studentHandlers.createNote] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fahrstunde Überland (45 min) mit M. Weber', undefined, LOAD);
    await canvas.findByText(
      'Möchte Fahrstunden möglichst dienstags nach der Schule.',
      undefined,
      LOAD,
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Neue Notiz/ }),
      'Sehtest nachreichen',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz hinzufügen' }));
    await body().findByText('Die Notiz wurde gespeichert.', undefined, LOAD);
  },
};

/** The "Checklisten" tab: the shared checklists panel of core, for this student. */
export const Checklists: Story = {
  args: { initialTab: 'checklists' },
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/checklist/by-student/{id}', ({ response }) =>
          response(200).json([
            {
              id: 11,
              templateId: 1,
              name: 'Anmeldung vollständig',
              studentId: 101,
              createdAt: '2026-09-01T08:00:00Z',
              items: [
                {
                  id: 111,
                  text: 'Sehtest',
                  position: 0,
                  checked: true,
                  checkedAt: '2026-11-12T09:00:00Z',
                  checkedByUserId: 11,
                },
                { id: 112, text: 'Passbild', position: 1, checked: false },
              ],
            },
          ]),
        ),
        mockHttp.get('/checklist/templates', ({ response }) => response(200).json([])),
        ...editHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Checklisten' }, LOAD)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await expect(canvas.getByText('1 von 2 erledigt')).toBeVisible();
    await canvas.findByText('erledigt am 12.11.2026 von Markus Weber', undefined, LOAD);
  },
};

/** A host product adds its own tabs (the back office: theory and exams) after "Termine". */
export const HostTabs: Story = {
  args: {
    initialTab: 'exams',
    extraTabs: [
      {
        id: 'theory',
        label: 'Theorie',
        render: (student) => <p>Theorie von {student.firstName}</p>,
      },
      {
        id: 'exams',
        label: 'Prüfungen',
        render: (student) => (
          <p>
            Prüfungen von {student.firstName} {student.lastName}
          </p>
        ),
      },
    ],
  },
  parameters: { msw: { handlers: editHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const exams = await canvas.findByRole('tab', { name: 'Prüfungen' }, LOAD);
    await expect(exams).toHaveAttribute('aria-selected', 'true');
    await canvas.findByText(/^Prüfungen von /, undefined, LOAD);
    const names = canvas.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(names.indexOf('Theorie')).toBe(names.indexOf('Termine') + 1);
    await userEvent.click(canvas.getByRole('tab', { name: 'Theorie' }));
    await canvas.findByText(/^Theorie von /, undefined, LOAD);
  },
};
