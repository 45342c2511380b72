import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BillingRunScreen } from './billing-run-screen';
import {
  finishedRunFixture,
  invoicesHandlers,
  mockInvoices,
  queuedRunFixture,
  resetInvoiceMocks,
} from './mocks/handlers';

const full = mockInvoices();
const progressing = mockInvoices({ progress: true });
const zipRefused = mockInvoices({ zipError: 'errors.no_documents' });
const queued = mockInvoices({ runs: [queuedRunFixture(), finishedRunFixture()] });

const meta = {
  title: 'Features/Invoices/BillingRunScreen',
  component: BillingRunScreen,
  args: { onRunChange: fn(), onStartRun: fn(), runId: null },
  beforeEach: () => resetInvoiceMocks(),
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof BillingRunScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The runs, newest first; choosing one tells the host (which puts `?run=<id>` in the URL). */
export const RunList: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Bisherige Läufe' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(within(rows[0] as HTMLElement).getByText('Läuft')).toBeInTheDocument();
    await expect(within(rows[1] as HTMLElement).getByText('Abgeschlossen')).toBeInTheDocument();
    await expect(within(rows[2] as HTMLElement).getByText('Unterbrochen')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Lauf 6 anzeigen' }));
    await waitFor(() => expect(args.onRunChange).toHaveBeenCalledWith(6));
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Abrechnung' }));
    await waitFor(() => expect(args.onStartRun).toHaveBeenCalled());
  },
};

/** A run at work: its progress as a bar, and the note that it goes on without the page. */
export const Running: Story = {
  args: { runId: 7 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Fortschritt' });
    await expect(bar).toHaveAttribute('aria-valuenow', '2');
    await expect(bar).toHaveAttribute('aria-valuemax', '5');
    await expect(canvas.getAllByText('2 von 5 erledigt').length).toBeGreaterThan(0);
    await expect(canvas.getByText(/Die Rechnungen werden ausgestellt/)).toBeInTheDocument();
    await expect(canvas.getByText('RE-2026-00043')).toBeInTheDocument();
  },
};

/** The screen asks again while the job works (each poll of the mock issues one more). */
export const PollsUntilFinished: Story = {
  args: { runId: 7 },
  parameters: { msw: { handlers: progressing.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Fortschritt' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '5'));
    await canvas.findByText(/Abgeschlossen am/);
    await expect(canvas.queryByText(/Die Rechnungen werden ausgestellt/)).toBeNull();
    const results = canvas.getByRole('table', { name: 'Ausgestellte Rechnungen' });
    await expect(within(results).getAllByRole('row')).toHaveLength(6);
  },
};

/** Finished with a skipped and a failed student: each with its reason in German. */
export const Finished: Story = {
  args: { runId: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const problems = await canvas.findByRole('list', { name: 'Nicht ausgestellt' });
    await expect(
      within(problems).getByText(
        'Die Ausbildung hat bereits eine Schlussrechnung; stornieren Sie diese zuerst.',
      ),
    ).toBeInTheDocument();
    await expect(within(problems).getByText('Fehlgeschlagen')).toBeInTheDocument();
    await expect(
      within(problems).getByText(
        'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.getByText('3 ausgestellt')).toBeInTheDocument();
    const results = canvas.getByRole('table', { name: 'Ausgestellte Rechnungen' });
    await expect(within(results).getByText('2543,00 €')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Alle PDFs als ZIP herunterladen' }));
    await waitFor(() => expect(full.zips).toEqual([6]));
  },
};

/** A result's PDF opens in the download dialog. */
export const OpensResultPdf: Story = {
  args: { runId: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'PDF von RE-2026-00030' }));
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Rechnung RE-2026-00030' }),
    );
    await dialog.findByTitle('Vorschau von RE-2026-00030.pdf');
    await waitFor(() => expect(full.pdfs).toEqual([{ id: 330, removeLetterhead: false }]));
    await expect(dialog.getByRole('button', { name: 'Herunterladen' })).toBeEnabled();
  },
};

/** The server stopped in the middle: the students still to bill are named. */
export const Interrupted: Story = {
  args: { runId: 5 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Lauf wurde unterbrochen. 2 Schüler sind noch nicht abgerechnet:');
    const remaining = canvas.getByRole('list', { name: 'Noch nicht abgerechnet' });
    await expect(within(remaining).getByText('Sophie Richter')).toBeInTheDocument();
    await expect(within(remaining).getByText('Ben Schäfer')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Fortschritt' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.runsEmpty, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch kein Abrechnungslauf.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.runsLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.runsError, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Abrechnungsläufe konnten nicht geladen werden.');
  },
};

/** A run id from an old link that the school does not have. */
export const RunNotFound: Story = {
  args: { runId: 99 },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Abrechnungslauf konnte nicht geladen werden.');
  },
};

export const InEnglish: Story = {
  args: { runId: 5 },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('The run was interrupted. 2 students are not billed yet:');
    await expect(canvas.getByRole('button', { name: 'Download all PDFs as ZIP' })).toBeEnabled();
  },
};

/** Without the write permissions the runs can be followed, not started. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  args: { runId: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Ausgestellte Rechnungen' });
    await expect(canvas.queryByRole('button', { name: 'Neue Abrechnung' })).toBeNull();
    await expect(
      canvas.getByRole('button', { name: 'Alle PDFs als ZIP herunterladen' }),
    ).toBeEnabled();
  },
};

/** Just started from the wizard: waiting for a worker. */
export const Queued: Story = {
  args: { runId: 8 },
  parameters: { msw: { handlers: queued.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Der Lauf wartet auf den Start/);
    await expect(canvas.getAllByText('Wartet').length).toBeGreaterThan(0);
    await expect(canvas.getByText('Noch keine Rechnung ausgestellt.')).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: 'Alle PDFs als ZIP herunterladen' }),
    ).toBeDisabled();
  },
};

/** The server has no PDF for the run: its text as a toast (download rules, spec 001 §8). */
export const ZipRefused: Story = {
  args: { runId: 6 },
  parameters: { msw: { handlers: zipRefused.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Alle PDFs als ZIP herunterladen' }),
    );
    await pageBody().findByText('Die ausgewählten Schüler haben kein Dokument.');
    await expect(zipRefused.zips).toEqual([6]);
  },
};

/** The students an interrupted run left are billed by a new run, which the screen then shows. */
export const BillsRemaining: Story = {
  args: { runId: 5 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: '2 verbleibende Schüler abrechnen' }),
    );
    await waitFor(() => expect(args.onRunChange).toHaveBeenCalledWith(8));
    await expect(full.startedRuns).toEqual([[213, 214]]);
    await pageBody().findByText('Abrechnungslauf 8 gestartet.');
  },
};
