import { type CapturedDownload, captureDownloads, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ExportScreen } from './export-screen';
import { mockAccounting } from './mocks/handlers';

const full = mockAccounting();
const csv = mockAccounting();
const xlsx = mockAccounting();
const future = mockAccounting({ payrollRefusal: 'errors.payroll_month_future' });
const serverFailure = mockAccounting({ payrollFailure: 'server' });
const networkFailure = mockAccounting({ payrollFailure: 'network' });
const instructorsLoading = mockAccounting({ instructors: 'loading' });
const instructorsError = mockAccounting({ instructors: 'error' });
const noInstructors = mockAccounting({ instructors: [] });

let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Accounting/ExportScreen',
  component: ExportScreen,
  args: { onOpenAccounting: fn(), today: '2026-11-26' },
  beforeEach: () => {
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof ExportScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const DOWNLOAD = 'Lohnexport herunterladen';

/** The DATEV tile leads to /accounting; the payroll export opens on last month, CSV, everyone. */
export const Data: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const instructors = await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await expect(within(instructors).getAllByRole('checkbox')).toHaveLength(4);
    await expect(within(instructors).getByText('Schulz, Petra (ausgeschieden)')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Monat$/ })).toHaveTextContent('Oktober 2026');
    await expect(canvas.getByRole('button', { name: /Format$/ })).toHaveTextContent(
      'CSV (Excel, Semikolon-getrennt)',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Zum DATEV-Export' }));
    await waitFor(() => expect(args.onOpenAccounting).toHaveBeenCalledTimes(1));
  },
};

/** The month choice ends with the current month: no month in the future. */
export const NoFutureMonths: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: /Monat$/ }));
    const options = await pageBody().findAllByRole('option');
    await expect(options[0]).toHaveTextContent('November 2026');
    await expect(options[1]).toHaveTextContent('Oktober 2026');
    await expect(options).toHaveLength(24);
    await expect(pageBody().queryByRole('option', { name: 'Dezember 2026' })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

/** Everyone as CSV: saved under the server's name; no instructor list is sent. */
export const DownloadsCsv: Story = {
  parameters: { msw: { handlers: csv.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: DOWNLOAD }));
    await canvas.findByText('Heruntergeladen: Lohnexport_2026-10.csv');
    await pageBody().findByText('Die Datei Lohnexport_2026-10.csv wurde heruntergeladen.');
    await expect(csv.calls.payroll).toEqual([{ month: '2026-10', format: 'CSV' }]);
    await expect(downloads.map((file) => file.fileName)).toEqual(['Lohnexport_2026-10.csv']);
  },
};

/** Another month, XLSX, two instructors (one who has left). */
export const DownloadsXlsxForInstructors: Story = {
  parameters: { msw: { handlers: xlsx.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const instructors = await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: /Monat$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'September 2026' }));
    await userEvent.click(canvas.getByRole('button', { name: /Format$/ }));
    await userEvent.click(
      await pageBody().findByRole('option', { name: 'Excel-Arbeitsmappe (XLSX)' }),
    );
    await userEvent.click(within(instructors).getByRole('checkbox', { name: 'Kaya, Aylin' }));
    await userEvent.click(
      within(instructors).getByRole('checkbox', { name: 'Schulz, Petra (ausgeschieden)' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: DOWNLOAD }));
    await canvas.findByText('Heruntergeladen: Lohnexport_2026-09.xlsx');
    await expect(xlsx.calls.payroll).toEqual([
      { month: '2026-09', format: 'XLSX', instructorIds: [22, 24] },
    ]);
    await expect(downloads.map((file) => file.fileName)).toEqual(['Lohnexport_2026-09.xlsx']);
  },
};

/** The server's clock is ahead of the month chosen (422): its German text in the form. */
export const MonthInFuture: Story = {
  parameters: { msw: { handlers: future.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: DOWNLOAD }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Der Monat liegt in der Zukunft.',
    );
    await expect(downloads).toHaveLength(0);
  },
};

/** The download failed on the server. */
export const FailedDownload: Story = {
  parameters: { msw: { handlers: serverFailure.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: DOWNLOAD }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    await expect(downloads).toHaveLength(0);
  },
};

/** No answer at all (offline). */
export const DownloadWithoutConnection: Story = {
  parameters: { msw: { handlers: networkFailure.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(canvas.getByRole('button', { name: DOWNLOAD }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    );
  },
};

export const InstructorsLoading: Story = {
  parameters: { msw: { handlers: instructorsLoading.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('status')).not.toHaveLength(0);
    await expect(canvas.getByRole('button', { name: DOWNLOAD })).toBeEnabled();
  },
};

export const InstructorsLoadError: Story = {
  parameters: { msw: { handlers: instructorsError.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Fahrlehrer konnten nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
  },
};

export const NoInstructors: Story = {
  parameters: { msw: { handlers: noInstructors.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The archived one still shows: a past month may hold their hours.
    await canvas.findByRole('checkbox', { name: 'Schulz, Petra (ausgeschieden)' });
  },
};

/** With the reports permission only: the screen shows, the exports say what is missing. */
export const WithoutAccountingPermission: Story = {
  parameters: { permissions: ['MODULE_REPORTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findAllByText(
        'Für diesen Export benötigen Sie die Berechtigung für die Buchhaltung.',
      ),
    ).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: DOWNLOAD })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Zum DATEV-Export' })).toBeNull();
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: /^Instructors/ });
    await expect(canvas.getByRole('button', { name: /Month$/ })).toHaveTextContent('October 2026');
    await expect(canvas.getByRole('button', { name: 'Download payroll export' })).toBeEnabled();
  },
};
