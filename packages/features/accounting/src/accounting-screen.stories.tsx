import { type CapturedDownload, captureDownloads, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountingScreen } from './accounting-screen';
import { accountsConfigFixture, accountsNeverSavedFixture, mockAccounting } from './mocks/handlers';

const full = mockAccounting();
const downloading = mockAccounting();
const presets = mockAccounting({ config: { ...accountsConfigFixture, fiscalYearStartMonth: 7 } });
const retried = mockAccounting({ datevFailures: 1 });
const configMissing = mockAccounting({ datevRefusal: 'errors.datev_config_missing' });
const spansServer = mockAccounting({ datevRefusal: 'errors.datev_period_spans_fiscal_years' });
const spansClient = mockAccounting({
  config: { ...accountsConfigFixture, fiscalYearStartMonth: 2 },
});
const nothing = mockAccounting();
const neverSaved = mockAccounting({ config: accountsNeverSavedFixture });
const loading = mockAccounting({ config: 'loading' });
const frameError = mockAccounting({ config: 'error' });
const noCompany = mockAccounting();

let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Accounting/AccountingScreen',
  component: AccountingScreen,
  args: { onEditAccounts: fn(), today: '2026-11-26' },
  beforeEach: () => {
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof AccountingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The frame in use beside the form, which opens on last month. */
export const Data: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await expect(canvas.getByText('SKR03')).toBeInTheDocument();
    await expect(canvas.getByText('29098')).toBeInTheDocument();
    await expect(canvas.getByText('10542')).toBeInTheDocument();
    await expect(canvas.getByText('beginnt im Januar')).toBeInTheDocument();
    await expect(canvas.getByText('8400')).toBeInTheDocument();
    await expect(
      canvas.getByRole('switch', { name: /Rechnungen und Stornorechnungen/ }),
    ).toBeChecked();
    await expect(canvas.getByRole('switch', { name: /^Zahlungen/ })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: /erneut ausgeben/ })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Kontenrahmen bearbeiten' }));
    await waitFor(() => expect(args.onEditAccounts).toHaveBeenCalledTimes(1));
  },
};

/**
 * The batch is saved under the server's file name; the request carries an Idempotency-Key,
 * and a second export (a new intention) gets a new one.
 */
export const Downloads: Story = {
  parameters: { msw: { handlers: downloading.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Heruntergeladen: EXTF_Buchungsstapel_20261001_20261031.csv');
    await pageBody().findByText(
      'Die Datei EXTF_Buchungsstapel_20261001_20261031.csv wurde heruntergeladen.',
    );
    await expect(downloads.map((file) => file.fileName)).toEqual([
      'EXTF_Buchungsstapel_20261001_20261031.csv',
    ]);
    await expect(await downloads[0]?.blob?.text()).toMatch(/^"EXTF";700;21;"Buchungsstapel"/);
    const [first] = downloading.calls.datev;
    await expect(first?.body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      documents: true,
      payments: true,
      includeExported: false,
    });
    await expect(first?.idempotencyKey).toMatch(KEY);

    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await waitFor(() => expect(downloading.calls.datev).toHaveLength(2));
    await waitFor(() => expect(downloads).toHaveLength(2));
    await expect(downloading.calls.datev[1]?.idempotencyKey).toMatch(KEY);
    await expect(downloading.calls.datev[1]?.idempotencyKey).not.toBe(first?.idempotencyKey);
  },
};

/** Presets (the fiscal year here starts in July) and the switches go into the request. */
export const PresetsAndSwitches: Story = {
  parameters: { msw: { handlers: presets.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('beginnt im Juli');
    await userEvent.click(canvas.getByRole('button', { name: 'Letztes Quartal' }));
    await canvas.findByText('Zeitraum: 01.07.2026 – 30.09.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Wirtschaftsjahr bisher' }));
    await canvas.findByText('Zeitraum: 01.07.2026 – 26.11.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Letzter Monat' }));
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Wirtschaftsjahr bisher' }));
    await canvas.findByText('Zeitraum: 01.07.2026 – 26.11.2026');
    await userEvent.click(canvas.getByRole('switch', { name: /^Zahlungen/ }));
    await userEvent.click(canvas.getByRole('switch', { name: /erneut ausgeben/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Heruntergeladen: EXTF_Buchungsstapel_20260701_20261126.csv');
    await expect(presets.calls.datev.map((call) => call.body)).toEqual([
      {
        from: '2026-07-01',
        to: '2026-11-26',
        documents: true,
        payments: false,
        includeExported: true,
      },
    ]);
  },
};

/** A failed download says so in the form; trying again sends the same key (no double export). */
export const FailedDownloadRetried: Story = {
  parameters: { msw: { handlers: retried.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    await expect(downloads).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Heruntergeladen: EXTF_Buchungsstapel_20261001_20261031.csv');
    await expect(canvas.queryByRole('alert')).toBeNull();
    const [first, second] = retried.calls.datev;
    await expect(first?.idempotencyKey).toMatch(KEY);
    await expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  },
};

/** The server lacks the DATEV numbers (e.g. removed meanwhile): its German text in the form. */
export const ServerConfigMissing: Story = {
  parameters: { msw: { handlers: configMissing.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Für den DATEV-Export fehlt die Kontenzuordnung.',
    );
    await expect(downloads).toHaveLength(0);
  },
};

/** The server refuses a period over two fiscal years. */
export const ServerPeriodSpansFiscalYears: Story = {
  parameters: { msw: { handlers: spansServer.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Der Exportzeitraum darf nur ein Wirtschaftsjahr umfassen.',
    );
  },
};

/** With the fiscal year from February, January to March spans two: said before sending. */
export const PeriodSpansFiscalYears: Story = {
  args: { today: '2026-04-15' },
  parameters: { msw: { handlers: spansClient.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('beginnt im Februar');
    await userEvent.click(canvas.getByRole('button', { name: 'Letztes Quartal' }));
    await canvas.findByText('Zeitraum: 01.01.2026 – 31.03.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Der Exportzeitraum darf nur ein Wirtschaftsjahr umfassen.');
    await expect(spansClient.calls.datev).toHaveLength(0);
  },
};

/** Neither invoices nor payments: nothing to export. */
export const NothingChosen: Story = {
  parameters: { msw: { handlers: nothing.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Zeitraum: 01.10.2026 – 31.10.2026');
    await userEvent.click(canvas.getByRole('switch', { name: /Rechnungen und Stornorechnungen/ }));
    await userEvent.click(canvas.getByRole('switch', { name: /^Zahlungen/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Bitte wählen Sie Rechnungen, Zahlungen oder beides.');
    await expect(nothing.calls.datev).toHaveLength(0);
  },
};

/** No consultant and client number yet: a clear hint with the way to the settings. */
export const NumbersMissing: Story = {
  parameters: { msw: { handlers: neverSaved.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const note = await canvas.findByRole('note', {
      name: 'Beraternummer oder Mandantennummer fehlt',
    });
    await expect(note).toHaveTextContent(/Sie erhalten sie von Ihrer Steuerberatung/);
    await expect(canvas.getAllByText('fehlt')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' })).toBeDisabled();
    await userEvent.click(within(note).getByRole('button', { name: 'Kontenrahmen bearbeiten' }));
    await waitFor(() => expect(args.onEditAccounts).toHaveBeenCalledTimes(1));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: loading.handlers } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

/** The frame could not be read: retry there; the export still works, without the fiscal preset. */
export const FrameLoadError: Story = {
  parameters: { msw: { handlers: frameError.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Kontenrahmen konnte nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: 'Wirtschaftsjahr bisher' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Heruntergeladen: EXTF_Buchungsstapel_20261001_20261031.csv');
  },
};

/** Without the company permission the frame is not shown (and not asked for). */
export const WithoutCompanyPermission: Story = {
  parameters: { permissions: ['MODULE_ACCOUNTING'], msw: { handlers: noCompany.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Den Kontenrahmen sehen Sie nur mit der Berechtigung/);
    await userEvent.click(canvas.getByRole('button', { name: 'DATEV-Export herunterladen' }));
    await canvas.findByText('Heruntergeladen: EXTF_Buchungsstapel_20261001_20261031.csv');
    await expect(noCompany.calls.config).toBe(0);
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Period: 01.10.2026 – 31.10.2026');
    await expect(canvas.getByRole('button', { name: 'Download DATEV export' })).toBeEnabled();
    await expect(canvas.getByText('starts in January')).toBeInTheDocument();
  },
};
