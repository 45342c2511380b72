import { type CapturedDownload, captureDownloads } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  EXPORT_FILE_NAME,
  exportJob,
  FIXTURE_TODAY,
  lookupHandlers,
  pdfHandlers,
  reportHandlers,
} from './mocks/handlers';
import { ReportsScreen } from './reports-screen';

const job = exportJob();
const failing = exportJob({ fail: true });
const pdfs = pdfHandlers();
let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Reports/Export',
  component: ReportsScreen,
  args: { area: 'finances', today: FIXTURE_TODAY, report: 'PAYMENTS_PER_DRIVING_SCHOOL' },
  beforeEach: () => {
    job.reset();
    failing.reset();
    pdfs.reset();
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: {
    msw: {
      handlers: {
        lookups: lookupHandlers,
        report: [reportHandlers('PAYMENTS_PER_DRIVING_SCHOOL').full],
        exports: job.handlers,
      },
    },
  },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * "CSV" starts a background export: its progress shows as a bar (queued, then running at
 * 40 %) while it is polled; once done the file is saved under the export's name.
 */
export const ExportProgress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Zahlungseingänge je Monat und Zahlungsart' });
    await userEvent.click(canvas.getByRole('button', { name: 'CSV' }));
    const bar = await canvas.findByRole('progressbar', { name: 'Fortschritt des Exports' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await expect(canvas.getByText('Der Export wird erstellt …')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'CSV' })).toBeDisabled();
    await expect(job.started).toEqual([
      {
        report: 'PAYMENTS_PER_DRIVING_SCHOOL',
        format: 'CSV',
        filter: { from: '2026-01-01', to: '2026-12-31' },
      },
    ]);

    job.finish();
    await canvas.findByText(`Export fertig: ${EXPORT_FILE_NAME} (42 Zeilen)`);
    await waitFor(() => expect(downloads.map((file) => file.fileName)).toEqual([EXPORT_FILE_NAME]));
    await expect(await downloads[0]?.blob?.text()).toContain('Überweisung;41;12345,50');
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Excel' })).toBeEnabled();
  },
};

/** An export that fails on the server says so in German; nothing is saved. */
export const ExportFailed: Story = {
  parameters: { msw: { handlers: { exports: failing.handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Zahlungseingänge je Monat und Zahlungsart' });
    await userEvent.click(canvas.getByRole('button', { name: 'Excel' }));
    const bar = await canvas.findByRole('progressbar', { name: 'Fortschritt des Exports' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await expect(failing.started[0]?.format).toBe('XLSX');
    failing.finish();
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Der Export ist fehlgeschlagen:');
    await expect(alert).toHaveTextContent('Auf dem Server ist ein Fehler aufgetreten.');
    await expect(downloads).toHaveLength(0);
  },
};

/** "Schulbericht (PDF)" asks for the school's report over the filter's period and saves it. */
export const SchoolReport: Story = {
  parameters: { msw: { handlers: { pdfs: pdfs.handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Zahlungseingänge je Monat und Zahlungsart' });
    await userEvent.click(canvas.getByRole('button', { name: 'Schulbericht (PDF)' }));
    await canvas.findByText('Der Schulbericht wurde heruntergeladen.');
    await expect(pdfs.calls.schoolReport).toEqual([
      { id: 7, from: '2026-01-01', to: '2026-12-31' },
    ]);
    await waitFor(() =>
      expect(downloads.map((file) => file.fileName)).toEqual([
        'schulbericht_2026-01-01_2026-12-31.pdf',
      ]),
    );
  },
};

/** A period longer than 366 days: the school report is refused before asking the server. */
export const SchoolReportTooLong: Story = {
  args: {
    filter: {
      preset: 'custom',
      from: '2025-01-01',
      to: '2026-06-30',
      branchId: null,
      instructorId: null,
      licenseClass: null,
    },
  },
  parameters: { msw: { handlers: { pdfs: pdfs.handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Zahlungseingänge je Monat und Zahlungsart' });
    await userEvent.click(canvas.getByRole('button', { name: 'Schulbericht (PDF)' }));
    await canvas.findByText(
      'Der Schulbericht umfasst höchstens 366 Tage. Bitte wählen Sie einen kürzeren Zeitraum.',
    );
    await expect(pdfs.calls.schoolReport).toHaveLength(0);
    await expect(downloads).toHaveLength(0);
  },
};
