import { type CapturedDownload, captureDownloads, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { emptyPayrollOverviewFixture, mockAccounting } from './mocks/handlers';
import { PersoFixScreen } from './perso-fix-screen';

const full = mockAccounting();
const filtered = mockAccounting();
const otherMonth = mockAccounting();
const empty = mockAccounting({ overview: emptyPayrollOverviewFixture });
const loading = mockAccounting({ overview: 'loading' });
const failingOnce = mockAccounting({ overviewFailures: 1 });
const notAsked = mockAccounting();
const refused = mockAccounting({ overview: 'forbidden' });
const future = mockAccounting({ overviewRefusal: 'errors.payroll_month_future' });
const csv = mockAccounting();
const xlsx = mockAccounting();
const downloadFails = mockAccounting({ payrollFailure: 'server' });

let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Accounting/PersoFixScreen',
  component: PersoFixScreen,
  args: { today: '2026-11-26' },
  beforeEach: () => {
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof PersoFixScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const TABLE = 'Lohnzahlen Oktober 2026 je Fahrlehrer';

/** The cells of a row (its header first), as text. */
const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim());

/**
 * Last month (October) for everyone: one row per instructor with the minutes of the columns
 * used that month, the hours with a decimal comma and the kilometres; the sum at the foot. A
 * row opens into the instructor's days.
 */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Lohnübergabe');
    const table = await canvas.findByRole('table', { name: TABLE });
    await expect(canvas.getByRole('button', { name: /Monat$/ })).toHaveTextContent('Oktober 2026');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    await expect(headers).toEqual([
      'Fahrlehrer',
      'Übungsfahrt (Min.)',
      'Überlandfahrt (Min.)',
      'Autobahnfahrt (Min.)',
      'Nachtfahrt (Min.)',
      'Theorie (Min.)',
      'Prüfung (Min.)',
      'Sonstiges (Min.)',
      'Summe (Min.)',
      'Stunden',
      'Gefahrene km',
    ]);
    await expect(
      canvas.getByText(
        'Spalten ohne Minuten in diesem Monat sind ausgeblendet; die Dateien enthalten alle Spalten.',
      ),
    ).toBeVisible();
    const becker = within(table).getByRole('row', { name: /Becker, Jonas/ });
    await expect(cells(becker)[0]).toMatch(/Becker, Jonas.*\(3 Tage\)/);
    await expect(cells(becker).slice(1)).toEqual([
      '180',
      '90',
      '0',
      '135',
      '90',
      '60',
      '0',
      '555',
      '9,25 h',
      '238',
    ]);
    const wagner = within(table).getByRole('row', { name: /Wagner, Tobias/ });
    await expect(cells(wagner).slice(-3)).toEqual(['0', '0,00 h', '0']);
    await expect(within(wagner).queryByRole('button')).toBeNull();
    const sum = within(table).getByRole('row', { name: /^Summe/ });
    await expect(cells(sum)).toEqual([
      'Summe',
      '450',
      '90',
      '180',
      '135',
      '90',
      '60',
      '30',
      '1035',
      '17,25 h',
      '633',
    ]);

    // Jonas Becker's days.
    await expect(within(table).queryByRole('rowheader', { name: '05.10.2026' })).toBeNull();
    const open = within(table).getByRole('button', { name: /Becker, Jonas/ });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const day = within(table).getByRole('row', { name: /^05\.10\.2026/ });
    await expect(cells(day)).toEqual([
      '05.10.2026',
      '135',
      '90',
      '0',
      '0',
      '0',
      '0',
      '0',
      '225',
      '3,75 h',
      '142',
    ]);
    await expect(within(table).getByRole('rowheader', { name: '14.10.2026' })).toBeVisible();
    await expect(within(table).queryByRole('rowheader', { name: '07.10.2026' })).toBeNull();

    // All days, then none.
    await userEvent.click(canvas.getByRole('button', { name: 'Alle Tage anzeigen' }));
    await expect(within(table).getByRole('rowheader', { name: '07.10.2026' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Alle Tage ausblenden' }));
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: '05.10.2026' })).toBeNull(),
    );
    await expect(full.calls.overview).toEqual([{ month: '2026-10' }]);
  },
};

/** Some instructors: only they are asked for and shown (one who has left is offered too). */
export const FilteredByInstructor: Story = {
  parameters: { msw: { handlers: filtered.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const instructors = await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await expect(within(instructors).getAllByRole('checkbox')).toHaveLength(4);
    await expect(within(instructors).getByText('Schulz, Petra (ausgeschieden)')).toBeVisible();
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.click(within(instructors).getByRole('checkbox', { name: 'Kaya, Aylin' }));
    await waitFor(() =>
      expect(filtered.calls.overview.at(-1)).toEqual({ month: '2026-10', instructorIds: [22] }),
    );
    const table = await canvas.findByRole('table', { name: TABLE });
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /Becker, Jonas/ })).toBeNull(),
    );
    await expect(within(table).getByRole('row', { name: /Kaya, Aylin/ })).toBeVisible();
    const sum = within(table).getByRole('row', { name: /^Summe/ });
    await expect(cells(sum).slice(-3)).toEqual(['480', '8,00 h', '395']);
  },
};

/** Another month: asked for and named in the figures' heading. */
export const AnotherMonth: Story = {
  parameters: { msw: { handlers: otherMonth.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.click(canvas.getByRole('button', { name: /Monat$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'September 2026' }));
    await canvas.findByRole('heading', { name: 'Lohnzahlen September 2026' });
    await canvas.findByRole('table', { name: 'Lohnzahlen September 2026 je Fahrlehrer' });
    await expect(otherMonth.calls.overview.at(-1)).toEqual({ month: '2026-09' });
  },
};

/** The month choice ends with the current month: no month in the future. */
export const NoFutureMonths: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.click(canvas.getByRole('button', { name: /Monat$/ }));
    const options = await pageBody().findAllByRole('option');
    await expect(options[0]).toHaveTextContent('November 2026');
    await expect(options).toHaveLength(24);
    await expect(pageBody().queryByRole('option', { name: 'Dezember 2026' })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

/** The server's clock is behind the month (422): its German reason, no retry. */
export const MonthInFuture: Story = {
  parameters: { msw: { handlers: future.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Dieser Monat lässt sich nicht auswerten');
    await expect(alert).toHaveTextContent('Der Monat liegt in der Zukunft.');
    await expect(within(alert).queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Nobody has payroll-relevant appointments that month. */
export const Empty: Story = {
  parameters: { msw: { handlers: empty.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Keine lohnrelevanten Termine');
    await expect(canvas.getByText(/^Im Oktober 2026 haben die gewählten Fahrlehrer/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    // The files can still be made (a month of zeros for the payroll office).
    await expect(canvas.getByRole('button', { name: 'CSV herunterladen' })).toBeEnabled();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: loading.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Lohnzahlen werden geladen …');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The figures fail once (500); "Erneut versuchen" loads them. */
export const LoadErrorAndRetry: Story = {
  parameters: { msw: { handlers: failingOnce.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Die Lohnzahlen konnten nicht geladen werden.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await canvas.findByRole('table', { name: TABLE });
    await expect(failingOnce.calls.overview).toHaveLength(2);
  },
};

/** Without the accounting permission nothing is asked for. */
export const WithoutAccountingPermission: Story = {
  parameters: { permissions: ['MODULE_REPORTS'], msw: { handlers: notAsked.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Keine Berechtigung');
    await expect(
      canvas.getByText('Die Lohnübergabe sehen Sie nur mit der Berechtigung für die Buchhaltung.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'CSV herunterladen' })).toBeNull();
    await expect(notAsked.calls.overview).toHaveLength(0);
  },
};

/** The server refuses the figures (403). */
export const ServerRefuses: Story = {
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Keine Berechtigung');
  },
};

/** CSV of the month and instructors shown: saved under the server's name. */
export const DownloadsCsv: Story = {
  parameters: { msw: { handlers: csv.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const instructors = await canvas.findByRole('group', { name: /^Fahrlehrer/ });
    await userEvent.click(within(instructors).getByRole('checkbox', { name: 'Kaya, Aylin' }));
    await userEvent.click(
      within(instructors).getByRole('checkbox', { name: 'Schulz, Petra (ausgeschieden)' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'CSV herunterladen' }));
    await pageBody().findByText('Die Datei Lohnexport_2026-10.csv wurde heruntergeladen.');
    await expect(csv.calls.payroll).toEqual([
      { month: '2026-10', instructorIds: [22, 24], format: 'CSV' },
    ]);
    await expect(downloads.map((file) => file.fileName)).toEqual(['Lohnexport_2026-10.csv']);
  },
};

/** XLSX of another month for everyone. */
export const DownloadsXlsx: Story = {
  parameters: { msw: { handlers: xlsx.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.click(canvas.getByRole('button', { name: /Monat$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'August 2026' }));
    await userEvent.click(canvas.getByRole('button', { name: 'XLSX herunterladen' }));
    await pageBody().findByText('Die Datei Lohnexport_2026-08.xlsx wurde heruntergeladen.');
    await expect(xlsx.calls.payroll).toEqual([{ month: '2026-08', format: 'XLSX' }]);
    await expect(downloads.map((file) => file.fileName)).toEqual(['Lohnexport_2026-08.xlsx']);
  },
};

/** The file fails on the server: said in a toast, nothing saved. */
export const DownloadFails: Story = {
  parameters: { msw: { handlers: downloadFails.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.click(canvas.getByRole('button', { name: 'CSV herunterladen' }));
    await pageBody().findByText(
      'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    await expect(downloads).toHaveLength(0);
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Payroll hand-over');
    const table = await canvas.findByRole('table', {
      name: 'Payroll figures October 2026 per instructor',
    });
    await expect(within(table).getByRole('row', { name: /Becker, Jonas/ })).toHaveTextContent(
      '9,25 h',
    );
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  },
};
