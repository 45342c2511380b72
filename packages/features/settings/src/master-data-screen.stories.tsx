import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MasterDataScreen } from './master-data-screen';
import { resetSavedSettings, savedSettings, settingsHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Settings/MasterDataScreen',
  component: MasterDataScreen,
  beforeEach: () => resetSavedSettings(),
  parameters: {
    msw: { handlers: [settingsHandlers.masterData, settingsHandlers.saveMasterDataOk] },
  },
} satisfies Meta<typeof MasterDataScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A money field's text with the locale's non-breaking space as a plain one. */
const moneyValue = (input: HTMLElement) => (input as HTMLInputElement).value.replace(/\s/g, ' ');

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Fahrschule Sonnenschein')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('DE89370400440532013000')).toBeInTheDocument();
    await expect(
      canvas.getByRole('switch', { name: /Prüfungsorganisationsgebühren/ }),
    ).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /^Vorabankündigung/ })).toHaveValue('7');
    await expect(
      moneyValue(canvas.getByRole('textbox', { name: /^Grenze für niedriges Guthaben/ })),
    ).toBe('-50,00 €');
    await expect(
      canvas.getByText(/Gilt nur, solange „Eingeschränkte Planung bei niedrigem Guthaben“/),
    ).toBeInTheDocument();
  },
};

/** Pre-notification 1–14 days; the low balance limit in euros, sent in cents, may be negative. */
export const SepaAndLowBalance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const days = await canvas.findByRole('textbox', { name: /^Vorabankündigung/ });
    await expect(days).toHaveValue('7');
    await userEvent.clear(days);
    await userEvent.type(days, '15');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Bitte geben Sie 1 bis 14 Tage ein.');
    await expect(savedSettings.masterData).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '10');
    const limit = canvas.getByRole('textbox', { name: /^Grenze für niedriges Guthaben/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '-25,50');
    await userEvent.click(canvas.getByRole('switch', { name: /Eingeschränkte Planung/ }));
    await canvas.findByText(/zurzeit ausgeschaltet/);
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await within(document.body).findByText('Gespeichert.');
    await expect(savedSettings.masterData).toEqual([
      expect.objectContaining({
        preNotificationDays: 10,
        lowBalanceThreshold: -2550,
        switches: expect.objectContaining({ restrictedPlanningOnLowBalance: false }),
      }),
    ]);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [settingsHandlers.masterDataEmpty] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('Fahrschule Sonnenschein');
    // Never set: 14 days' pre-notification, a limit of 0 €.
    await expect(canvas.getByRole('textbox', { name: /^Vorabankündigung/ })).toHaveValue('14');
    await expect(
      moneyValue(canvas.getByRole('textbox', { name: /^Grenze für niedriges Guthaben/ })),
    ).toBe('0,00 €');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    // E-mail and federal state are required.
    await expect(await canvas.findAllByText('Pflichtfeld')).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [settingsHandlers.masterDataLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [settingsHandlers.masterDataError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'], msw: { handlers: [settingsHandlers.masterData] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie können diese Daten nur ansehen.');
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
    await expect(await canvas.findByDisplayValue('DE89370400440532013000')).toHaveAttribute(
      'readonly',
    );
  },
};

export const InvalidBankData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const iban = await canvas.findByDisplayValue('DE89370400440532013000');
    await userEvent.clear(iban);
    await userEvent.type(iban, 'DE89 3704 0044 0532 0130 01');
    const bic = canvas.getByDisplayValue('COBADEFFXXX');
    await userEvent.clear(bic);
    await userEvent.type(bic, 'COBADE');
    const creditor = canvas.getByDisplayValue('DE98ZZZ09999999999');
    await userEvent.clear(creditor);
    await userEvent.type(creditor, 'DE97ZZZ09999999999');
    const vat = canvas.getByDisplayValue('DE123456789');
    await userEvent.clear(vat);
    await userEvent.type(vat, 'DE1234');
    const website = canvas.getByDisplayValue('https://fahrschule-sonnenschein.de');
    await userEvent.clear(website);
    await userEvent.type(website, 'fahrschule.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Bitte geben Sie eine gültige IBAN ein.');
    await canvas.findByText(/gültige BIC mit 8 oder 11 Zeichen/);
    await canvas.findByText(/gültige Gläubiger-ID/);
    await canvas.findByText(/USt-IdNr. besteht aus DE und 9 Ziffern/);
    await canvas.findByText('Bitte geben Sie eine gültige Adresse (https://…) ein.');
  },
};

export const Saves: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const iban = await canvas.findByDisplayValue('DE89370400440532013000');
    await userEvent.clear(iban);
    await userEvent.type(iban, 'at61 1904 3002 3457 3201');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await within(document.body).findByText('Gespeichert.');
    await waitFor(() =>
      expect(canvas.getByDisplayValue('AT611904300234573201')).toBeInTheDocument(),
    );
  },
};

export const ServerRefusesIban: Story = {
  parameters: {
    msw: { handlers: [settingsHandlers.masterData, settingsHandlers.saveMasterDataIbanRefused] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('DE89370400440532013000');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Bitte geben Sie eine gültige IBAN ein.');
  },
};
