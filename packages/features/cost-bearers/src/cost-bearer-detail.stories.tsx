import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CostBearerDetail } from './cost-bearer-detail';
import { appointmentHandlers, costBearerHandlers, jobCenter, uploadLink } from './mocks/handlers';

const meta = {
  title: 'Features/CostBearers/CostBearerDetail',
  component: CostBearerDetail,
  args: { costBearerId: jobCenter.id, onEdit: fn(), onClose: fn(), onOpenStudent: fn() },
  parameters: {
    msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.educations()] },
  },
} satisfies Meta<typeof CostBearerDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Jobcenter Köln' });
    await expect(canvas.getByText('XRechnung (991-33333TEST-33)')).toBeVisible();
    await canvas.findByText('Demir, Aylin');
    await userEvent.click(canvas.getByRole('button', { name: 'Bearbeiten' }));
    await expect(args.onEdit).toHaveBeenCalledWith(jobCenter);
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/cost-bearers/{id}', async ({ response }) => {
          await delay('infinite');
          return response(200).json(jobCenter);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/cost-bearers/{id}', ({ response }) =>
          response(404).json(errorBody('errors.not_found')),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Eintrag wurde nicht gefunden.');
  },
};

export const NoEducations: Story = {
  parameters: {
    msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.educations([])] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Kostenträger bezahlt noch keine Ausbildung.');
  },
};

/** The calls of the appointments tab, with the given answer of the appointments. */
const appointmentsTab = (appointments: ReturnType<typeof appointmentHandlers.list>) => [
  costBearerHandlers.get(),
  costBearerHandlers.educations(),
  appointments,
  ...appointmentHandlers.names,
];

/** Names of students (from the paid educations), instructors and vehicles, archived ones too. */
export const Appointments: Story = {
  args: { initialTab: 'appointments' },
  parameters: { msw: { handlers: appointmentsTab(appointmentHandlers.list()) } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = within(
      await canvas.findByRole('table', { name: 'Termine, die der Kostenträger bezahlt' }),
    );
    const rows = table.getAllByRole('row');
    await expect(rows).toHaveLength(7);
    const first = within(rows[1] as HTMLElement);
    await expect(first.getByText('27.11.2026')).toBeVisible();
    await expect(first.getByText('07:30')).toBeVisible();
    await expect(first.getByText('90 Min.')).toBeVisible();
    await expect(first.getByText('Autobahnfahrt')).toBeVisible();
    await first.findByText('Thomas Schulz');
    await first.findByText('MAN TGL (Klasse C)');
    const archived = within(rows[5] as HTMLElement);
    await archived.findByText('Sabine Roth');
    await archived.findByText('Actros mit Anhänger');
    for (const status of ['gebucht', 'unterschrieben', 'freigegeben', 'abgerechnet']) {
      await expect(archived.getByText(status)).toBeVisible();
    }
    // A student whose education the cost bearer no longer pays: the number, not a name.
    await expect(within(rows[6] as HTMLElement).getByText('Nr. 303')).toBeVisible();
    await userEvent.click(await first.findByRole('button', { name: 'Becker, Leon öffnen' }));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(301);
  },
};

export const NoAppointments: Story = {
  args: { initialTab: 'appointments' },
  parameters: { msw: { handlers: appointmentsTab(appointmentHandlers.list([])) } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Termine, die der Kostenträger bezahlt.');
  },
};

export const AppointmentsLoadFailed: Story = {
  args: { initialTab: 'appointments' },
  parameters: { msw: { handlers: appointmentsTab(appointmentHandlers.listFailed) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The server's reason where it gives one (here errors.internal), as in the other tabs.
    await canvas.findByText(/Auf dem Server ist ein Fehler aufgetreten/);
    await expect(canvas.getByRole('button', { name: /Erneut versuchen/ })).toBeVisible();
  },
};

export const Balance: Story = {
  args: { initialTab: 'balance' },
  parameters: { msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.balance] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('1190,00 €');
    await expect(canvas.getByText('-790,00 € (Offener Betrag)')).toBeVisible();
  },
};

export const Notes: Story = {
  args: { initialTab: 'notes' },
  parameters: {
    msw: {
      handlers: [
        costBearerHandlers.get(),
        costBearerHandlers.notes(),
        costBearerHandlers.createNote,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Bildungsgutschein bis 30\.06\. gültig/);
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz speichern' }));
    await canvas.findByText('Bitte geben Sie einen Text ein.');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Neue Notiz' }), 'Rückruf am Montag');
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz speichern' }));
    await body().findByText('Gespeichert.');
  },
};

export const NoNotes: Story = {
  args: { initialTab: 'notes' },
  parameters: { msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.notes([])] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Notizen.');
  },
};

export const Documents: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    msw: {
      handlers: [
        costBearerHandlers.get(),
        costBearerHandlers.documents(),
        costBearerHandlers.uploadLink,
        costBearerHandlers.letterheadRefused,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Bildungsgutschein Becker.pdf');
    await expect(canvas.getByText('Über QR-Code')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Upload-Link anzeigen' }));
    await expect(await canvas.findByRole('textbox', { name: 'Upload-Link' })).toHaveValue(
      uploadLink,
    );
    await chooseMenuItem(
      () => canvas.getByRole('button', { name: 'Aktionen für Bildungsgutschein Becker.pdf' }),
      'Ohne Briefkopf herunterladen',
    );
    await body().findByText(
      'Das Entfernen des Briefkopfes ist für diesen Dokumententyp nicht erlaubt!',
    );
  },
};

export const DocumentsEmpty: Story = {
  args: { initialTab: 'documents' },
  parameters: { msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.documents([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Noch keine Dokumente.');
    await userEvent.click(canvas.getByRole('button', { name: 'Hochladen' }));
    await canvas.findByText('Bitte wählen Sie eine Datei aus.');
  },
};

export const PermissionLimited: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    permissions: ['MODULE_COST_BEARERS'],
    msw: { handlers: [costBearerHandlers.get(), costBearerHandlers.documents()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Bildungsgutschein Becker.pdf');
    await expect(canvas.queryByRole('button', { name: 'Hochladen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
  },
};

/** The "Checklisten" tab: the shared checklists panel of core, for this cost bearer. */
export const Checklists: Story = {
  args: { initialTab: 'checklists' },
  parameters: {
    msw: {
      handlers: [
        costBearerHandlers.get(),
        mockHttp.get('/checklist/by-cost-bearer/{id}', ({ response }) =>
          response(200).json([
            {
              id: 31,
              templateId: 3,
              name: 'Kostenübernahme',
              costBearerId: jobCenter.id,
              createdAt: '2026-09-01T08:00:00Z',
              items: [
                { id: 311, text: 'Bewilligung erhalten', position: 0, checked: false },
                { id: 312, text: 'Bildungsgutschein geprüft', position: 1, checked: false },
              ],
            },
          ]),
        ),
        mockHttp.get('/checklist/templates', ({ response }) => response(200).json([])),
        mockHttp.get('/users', ({ response }) => response(200).json([])),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Kostenübernahme' }, LOAD);
    await expect(canvas.getByText('0 von 2 erledigt')).toBeVisible();
    await canvas.findByText(/Alle Vorlagen sind bereits zugeordnet/, undefined, LOAD);
  },
};
