import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ConfigurationScreen } from './configuration-screen';
import {
  recordEmailConfigSaves,
  resetSavedSettings,
  savedSettings,
  settingsHandlers,
} from './mocks/handlers';

const meta = {
  title: 'Features/Settings/ConfigurationScreen',
  component: ConfigurationScreen,
  beforeEach: () => resetSavedSettings(),
  parameters: { msw: { handlers: [settingsHandlers.financial, settingsHandlers.saveFinancialOk] } },
} satisfies Meta<typeof ConfigurationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('https://fahrschule-sonnenschein.de/agb');
    // The footnote fields count the remaining characters.
    await expect(canvas.getAllByText(/\d+/).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [settingsHandlers.financialEmpty, settingsHandlers.saveFinancialOk] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = await canvas.findByRole('textbox', { name: 'AGB (Adresse)' });
    await expect(terms).toHaveValue('');
    await userEvent.type(terms, 'agb.html');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Bitte geben Sie eine gültige Adresse (https://…) ein.');
    await userEvent.clear(terms);
    await userEvent.type(terms, 'https://fahrschule.de/agb');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [settingsHandlers.financialLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [settingsHandlers.financialError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'], msw: { handlers: [settingsHandlers.financial] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('https://fahrschule-sonnenschein.de/agb');
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};

export const AccountsSwitchFrame: Story = {
  args: { initialTab: 'accounts' },
  parameters: { msw: { handlers: [settingsHandlers.accounts, settingsHandlers.saveAccountsOk] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('8400');
    await userEvent.click(canvas.getByRole('button', { name: /Kontenrahmen/ }));
    await userEvent.click(await body().findByRole('option', { name: 'SKR04' }));
    // Defaults were in use: the SKR04 defaults apply without asking.
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Erlöse 19 % USt/ })).toHaveValue('4400'),
    );
    await expect(canvas.getByRole('textbox', { name: /^Kasse/ })).toHaveValue('1600');
    await expect(canvas.getByRole('textbox', { name: /^Bank/ })).toHaveValue('1800');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
    await expect(savedSettings.accounts.at(-1)).toMatchObject({
      chartOfAccounts: 'SKR04',
      revenue19Account: '4400',
      bankAccount: '1800',
      consultantNumber: 29098,
      clientNumber: 10542,
    });
  },
};

/** The DATEV numbers, the collective debtor, the fiscal year and the portal: checked before saving. */
export const AccountsDatevFields: Story = {
  args: { initialTab: 'accounts' },
  parameters: { msw: { handlers: [settingsHandlers.accounts, settingsHandlers.saveAccountsOk] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const consultant = await canvas.findByRole('textbox', { name: /^Beraternummer/ });
    await expect(consultant).toHaveValue('29098');
    const client = canvas.getByRole('textbox', { name: /^Mandantennummer/ });
    await expect(client).toHaveValue('10542');
    const debtor = canvas.getByRole('textbox', { name: /^Sammeldebitor/ });
    const portal = canvas.getByRole('textbox', { name: /^Adresse des Buchhaltungsportals/ });
    await expect(portal).toHaveValue('https://duo.datev.de');
    const bank = canvas.getByRole('textbox', { name: /^Bank/ });

    await userEvent.clear(consultant);
    await userEvent.type(consultant, '1000');
    await userEvent.clear(client);
    await userEvent.type(client, '0');
    await userEvent.clear(debtor);
    await userEvent.type(debtor, '70000');
    await userEvent.clear(bank);
    await userEvent.type(bank, '120');
    await userEvent.clear(portal);
    await userEvent.type(portal, 'duo.datev.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Die Beraternummer liegt zwischen 1001 und 9999999.');
    await expect(
      canvas.getByText('Die Mandantennummer liegt zwischen 1 und 99999.'),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText('Der Sammeldebitor besteht aus 5 Ziffern zwischen 10000 und 69999.'),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Das Konto besteht aus 4 Ziffern.')).toBeInTheDocument();
    await expect(
      canvas.getByText('Bitte geben Sie eine gültige Adresse (https://…) ein.'),
    ).toBeInTheDocument();
    await expect(savedSettings.accounts).toHaveLength(0);

    await userEvent.clear(consultant);
    await userEvent.type(consultant, '1234567');
    await userEvent.clear(client);
    await userEvent.type(client, '99999');
    await userEvent.clear(debtor);
    await userEvent.type(debtor, '69999');
    await userEvent.clear(bank);
    await userEvent.type(bank, '1210');
    await userEvent.clear(portal);
    await userEvent.type(portal, 'https://duo.datev.de/mandant');
    await userEvent.click(canvas.getByRole('button', { name: /Beginn des Wirtschaftsjahres/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Juli' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
    await expect(savedSettings.accounts).toEqual([
      expect.objectContaining({
        bankAccount: '1210',
        debtorAccount: '69999',
        consultantNumber: 1234567,
        clientNumber: 99999,
        fiscalYearStartMonth: 7,
        bookkeepingPortalUrl: 'https://duo.datev.de/mandant',
      }),
    ]);
  },
};

/** A school that never saved: no DATEV numbers yet; saving leaves them out instead of sending 0. */
export const AccountsNeverSaved: Story = {
  args: { initialTab: 'accounts' },
  parameters: {
    msw: { handlers: [settingsHandlers.accountsNeverSaved, settingsHandlers.saveAccountsOk] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Beraternummer/ })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: /^Sammeldebitor/ })).toHaveValue('10000');
    await expect(
      canvas.getByRole('button', { name: /Beginn des Wirtschaftsjahres/ }),
    ).toHaveTextContent('Januar');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
    const [saved] = savedSettings.accounts;
    await expect(saved).toMatchObject({ debtorAccount: '10000', fiscalYearStartMonth: 1 });
    await expect(saved).not.toHaveProperty('consultantNumber');
    await expect(saved).not.toHaveProperty('clientNumber');
    await expect(saved).not.toHaveProperty('bookkeepingPortalUrl');
  },
};

export const AccountsAsksBeforeReplacing: Story = {
  args: { initialTab: 'accounts' },
  parameters: { msw: { handlers: [settingsHandlers.accountsCustom] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('8401');
    await userEvent.click(canvas.getByRole('button', { name: /Kontenrahmen/ }));
    await userEvent.click(await body().findByRole('option', { name: 'SKR04' }));
    const dialog = within(
      await body().findByRole('alertdialog', { name: 'Standardkonten übernehmen?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Eigene Konten behalten' }));
    await expect(canvas.getByRole('textbox', { name: /Erlöse 19 % USt/ })).toHaveValue('8401');
  },
};

export const DocumentsMissing: Story = {
  args: { initialTab: 'documents' },
  parameters: { msw: { handlers: [settingsHandlers.availabilityNone] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Fehlt noch: Briefpapier, Unterschrift, Logo/);
  },
};

export const DocumentsWithLogo: Story = {
  args: { initialTab: 'documents' },
  parameters: { msw: { handlers: [settingsHandlers.availabilityLogo, settingsHandlers.logoFile] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: 'Vorschau: Logo' });
    await canvas.findByText(/Fehlt noch: Briefpapier, Unterschrift\./);
  },
};

export const DocumentsUploadRefused: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    msw: { handlers: [settingsHandlers.availabilityNone, settingsHandlers.uploadLogoRefused] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const formElement = await canvas.findByRole('form', { name: 'Logo: Hochladen' });
    const form = within(formElement);
    const input = formElement.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Hochladen' }));
    await form.findByText('Dieses Dateiformat ist nicht erlaubt.');
  },
};

export const DocumentsReadOnly: Story = {
  args: { initialTab: 'documents' },
  parameters: {
    permissions: ['MODULE_COMPANY'],
    msw: { handlers: [settingsHandlers.availabilityLogo, settingsHandlers.logoFile] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: 'Vorschau: Logo' });
    await expect(canvas.queryByRole('button', { name: 'Hochladen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Entfernen' })).toBeNull();
  },
};

export const MailAccountsCheck: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: [settingsHandlers.emailConfigs, settingsHandlers.checkMixed] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('buero@fahrschule-sonnenschein.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Verbindung prüfen' }));
    const dialog = within(
      await body().findByRole('dialog', {
        name: 'Verbindung prüfen: buero@fahrschule-sonnenschein.de',
      }),
    );
    await expect(dialog.getByDisplayValue('smtp.ionos.de')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Jetzt prüfen' }));
    await dialog.findByText('Verbindung und Anmeldung erfolgreich.', {});
    await dialog.findByText('Benutzername oder Passwort des Mailservers ist falsch.');
  },
};

export const MailAccountsEmpty: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: [settingsHandlers.emailConfigsEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Es sind noch keine E-Mail-Konten eingerichtet.');
  },
};

const mailTab = [
  settingsHandlers.emailConfigs,
  settingsHandlers.users,
  settingsHandlers.checkOk,
  settingsHandlers.deleteEmailConfigOk,
];
const createSaves = recordEmailConfigSaves();
const editSaves = recordEmailConfigSaves();

export const MailAccountCreate: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: [...mailTab, ...createSaves.handlers] } },
  play: async ({ canvasElement }) => {
    createSaves.bodies.length = 0;
    const canvas = within(canvasElement);
    await canvas.findByText('buero@fahrschule-sonnenschein.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Postfach hinzufügen' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Postfach hinzufügen' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'info@fs.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Absendername/ }), 'Info');
    await userEvent.type(dialog.getByRole('textbox', { name: /^SMTP-Server/ }), 'smtp.fs.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^IMAP-Server/ }), 'imap.fs.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Benutzername/ }), 'info@fs.de');
    await userEvent.type(dialog.getByLabelText(/^Passwort/), 'geheim');
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Olaf Office' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() =>
      expect(dialog.getAllByText('Verbindung und Anmeldung erfolgreich.')).toHaveLength(2),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
    await expect(createSaves.bodies[0]).toEqual({
      email: 'info@fs.de',
      senderName: 'Info',
      userIds: [2],
      smtpHost: 'smtp.fs.de',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: 'imap.fs.de',
      imapPort: 993,
      imapSecurity: 'TLS',
      username: 'info@fs.de',
      password: 'geheim',
    });
  },
};

export const MailAccountEditKeepsPassword: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: [...mailTab, ...editSaves.handlers] } },
  play: async ({ canvasElement }) => {
    editSaves.bodies.length = 0;
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () =>
        canvas.findByRole('button', {
          name: 'Aktionen für buero@fahrschule-sonnenschein.de',
        }),
      'Bearbeiten',
    );
    const dialog = within(
      await body().findByRole('dialog', {
        name: 'Postfach bearbeiten: buero@fahrschule-sonnenschein.de',
      }),
    );
    await expect(dialog.getByDisplayValue('smtp.ionos.de')).toBeInTheDocument();
    await dialog.findByText('Leer lassen, um das gespeicherte Passwort zu behalten.');
    await expect(await dialog.findByRole('checkbox', { name: 'Erika Mustermann' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
    await expect(editSaves.bodies[0]).not.toHaveProperty('password');
    await expect(editSaves.bodies[0]?.userIds).toEqual([1, 2]);
  },
};

export const MailAccountEmailInUse: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: [...mailTab, settingsHandlers.createEmailConfigEmailInUse] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Postfach hinzufügen' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Postfach hinzufügen' }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: /^E-Mail-Adresse/ }),
      'buero@fahrschule-sonnenschein.de',
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /^SMTP-Server/ }), 'smtp.fs.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^IMAP-Server/ }), 'imap.fs.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Benutzername/ }), 'buero');
    await userEvent.type(dialog.getByLabelText(/^Passwort/), 'geheim');
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Erika Mustermann' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Diese E-Mail-Adresse wird bereits verwendet.', {});
    await expect(dialog.getByRole('textbox', { name: /^E-Mail-Adresse/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const MailAccountInvalid: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: mailTab } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Postfach hinzufügen' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Postfach hinzufügen' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'buero@');
    const smtpPort = dialog.getByRole('textbox', { name: /^SMTP-Port/ });
    await userEvent.clear(smtpPort);
    await userEvent.type(smtpPort, '0');
    await userEvent.tab();
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await dialog.findByText('Der Port liegt zwischen 1 und 65535.');
    await dialog.findByText('Bitte wählen Sie mindestens einen Benutzer aus.');
    // SMTP and IMAP server, user name, password.
    await expect(dialog.getAllByText('Pflichtfeld')).toHaveLength(4);
  },
};

export const MailAccountDelete: Story = {
  args: { initialTab: 'mail' },
  parameters: { msw: { handlers: mailTab } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () =>
        canvas.findByRole('button', {
          name: 'Aktionen für buero@fahrschule-sonnenschein.de',
        }),
      'Löschen',
    );
    const dialog = within(await body().findByRole('alertdialog', { name: 'Postfach löschen?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await body().findByText('Gelöscht.', {});
  },
};

export const MailAccountsReadOnly: Story = {
  args: { initialTab: 'mail' },
  parameters: { permissions: ['MODULE_COMPANY'], msw: { handlers: mailTab } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('buero@fahrschule-sonnenschein.de');
    await expect(canvas.queryByRole('button', { name: 'Postfach hinzufügen' })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: 'Aktionen für buero@fahrschule-sonnenschein.de' }),
    ).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Verbindung prüfen' })).toBeNull();
  },
};

export const TestingOrganizations: Story = {
  args: { initialTab: 'testingOrganizations' },
  parameters: {
    msw: {
      handlers: [
        settingsHandlers.testingOrganizations,
        settingsHandlers.createTestingOrganizationOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TÜV SÜD Prüfstelle Berlin');
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Prüforganisation' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Neue Prüforganisation' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'DEKRA Spandau');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
  },
};

export const TestingOrganizationInvalid: Story = {
  args: { initialTab: 'testingOrganizations' },
  parameters: { msw: { handlers: [settingsHandlers.testingOrganizations] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Prüforganisation' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Neue Prüforganisation' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^PLZ/ }), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Pflichtfeld');
    await dialog.findByText('Die Postleitzahl besteht aus 5 Ziffern.');
  },
};

export const TestingOrganizationsEmpty: Story = {
  args: { initialTab: 'testingOrganizations' },
  parameters: { msw: { handlers: [settingsHandlers.testingOrganizationsEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Es sind keine Prüforganisationen angelegt.');
  },
};

export const StudentCategories: Story = {
  args: { initialTab: 'studentCategories' },
  parameters: { msw: { handlers: [settingsHandlers.studentCategories] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Intensivkurs');
    await expect(canvas.getByText('IK')).toBeInTheDocument();
  },
};

export const StudentCategoriesReadOnly: Story = {
  args: { initialTab: 'studentCategories' },
  parameters: {
    permissions: ['MODULE_COMPANY'],
    msw: { handlers: [settingsHandlers.studentCategories] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienkurs');
    await expect(canvas.queryByRole('button', { name: 'Neue Schülerkategorie' })).toBeNull();
  },
};
