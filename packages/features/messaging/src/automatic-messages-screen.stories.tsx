import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AutomaticMessagesScreen } from './automatic-messages-screen';
import {
  automaticMessages,
  automaticMessagesScreenHandlers,
  messagingHandlers,
} from './mocks/handlers';
import { chooseOption } from './testing/choose-option';

const meta = {
  title: 'Features/Messaging/AutomaticMessagesScreen',
  component: AutomaticMessagesScreen,
  parameters: { msw: { handlers: automaticMessagesScreenHandlers } },
  // Each story starts from the demo rules (only the birthday message switched on).
  beforeEach: () => automaticMessages.reset(),
} satisfies Meta<typeof AutomaticMessagesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const switchOf = (canvasElement: HTMLElement, event: string) =>
  within(canvasElement).findByRole('switch', {
    name: `${event}: automatische Nachricht senden`,
  });

const rowOf = async (canvasElement: HTMLElement, event: string) => {
  const row = (await switchOf(canvasElement, event)).closest('tr');
  if (!row) throw new Error(`No row for ${event}.`);
  return within(row);
};

/** One row per event; the birthday message is on, with its template, count and start. */
export const Rules: Story = {
  play: async ({ canvasElement }) => {
    const birthday = await switchOf(canvasElement, 'Geburtstag');
    await expect(birthday).toBeChecked();
    for (const event of [
      'Anmeldung eingegangen',
      'Fahrstunde gebucht',
      'Fahrstunde abgesagt',
      'Prüfung gebucht',
      'Rechnung gestellt',
      'Lastschrift fehlgeschlagen',
    ]) {
      await expect(await switchOf(canvasElement, event)).not.toBeChecked();
    }
    const row = await rowOf(canvasElement, 'Geburtstag');
    await expect(row.getByText('12 gesendet')).toBeVisible();
    await expect(row.getByText(/^aktiv seit \d/)).toBeVisible();
    await waitFor(() =>
      expect(row.getByRole('button', { name: /Vorlage: Geburtstag/ })).toHaveTextContent(
        'Geburtstag',
      ),
    );
    await expect(row.getByRole('button', { name: /Versand: Geburtstag/ })).toHaveTextContent(
      'App und E-Mail',
    );
    const registration = await rowOf(canvasElement, 'Anmeldung eingegangen');
    await expect(
      registration.getByText('Geht per E-Mail an die Adresse der Anmeldung.'),
    ).toBeVisible();
  },
};

/** A template chosen, then switched on: the rule is on from now, by app and e-mail. */
export const SwitchOn: Story = {
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Fahrstunde gebucht');
    await chooseOption(
      () => row.getByRole('button', { name: /Vorlage: Fahrstunde gebucht/ }),
      'Fahrstunde gebucht',
    );
    await chooseOption(
      () => row.getByRole('button', { name: /Versand: Fahrstunde gebucht/ }),
      'App und E-Mail',
    );
    await waitFor(() =>
      expect(row.getByRole('button', { name: /Versand: Fahrstunde gebucht/ })).toHaveTextContent(
        'App und E-Mail',
      ),
    );
    await userEvent.click(await switchOf(canvasElement, 'Fahrstunde gebucht'));
    await row.findByText(/^aktiv seit \d/);
    await expect(await switchOf(canvasElement, 'Fahrstunde gebucht')).toBeChecked();
  },
};

/** Switched on without a template: the server refuses, the switch goes back, the row says why. */
export const SwitchOnWithoutTemplateRefused: Story = {
  play: async ({ canvasElement }) => {
    const toggle = await switchOf(canvasElement, 'Prüfung gebucht');
    await userEvent.click(toggle);
    const row = await rowOf(canvasElement, 'Prüfung gebucht');
    await row.findByText('Zum Einschalten wählen Sie bitte eine Vorlage.');
    await waitFor(() => expect(toggle).not.toBeChecked());
    await expect(row.getByText('ausgeschaltet')).toBeVisible();
  },
};

/** Switching off keeps the template and the count. */
export const SwitchOff: Story = {
  play: async ({ canvasElement }) => {
    const toggle = await switchOf(canvasElement, 'Geburtstag');
    await userEvent.click(toggle);
    const row = await rowOf(canvasElement, 'Geburtstag');
    await row.findByText('ausgeschaltet');
    await expect(toggle).not.toBeChecked();
    await expect(row.getByText('12 gesendet')).toBeVisible();
  },
};

/** The log below: a failed e-mail with the reason; the status filter narrows it. */
export const LogWithFailure: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = within(await canvas.findByRole('table', { name: 'Versandprotokoll' }));
    await log.findByText('Paul Wagner');
    await expect(log.getByText('Fehlgeschlagen')).toBeVisible();
    await expect(log.getByText('550 5.1.1 Postfach nicht vorhanden')).toBeVisible();
    await expect(log.getByText('Übersprungen')).toBeVisible();
    await expect(log.getByText('Mia Schulz')).toBeVisible();
    await chooseOption(
      () => canvas.getByRole('button', { name: /Alle.*Status/ }),
      'Fehlgeschlagen',
    );
    await waitFor(() => expect(log.queryByText('Mia Schulz')).toBeNull());
    await expect(log.getByText('Paul Wagner')).toBeVisible();
  },
};

export const EmptyLog: Story = {
  parameters: {
    msw: { handlers: [messagingHandlers.logEmpty, ...automaticMessagesScreenHandlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch nichts automatisch gesendet.');
  },
};

/** Without templates, the screen says to create one first. */
export const NoTemplates: Story = {
  parameters: {
    msw: { handlers: [messagingHandlers.templatesEmpty, ...automaticMessagesScreenHandlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Legen Sie zuerst eine Nachrichtenvorlage an, um automatische Nachrichten einzuschalten.',
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        messagingHandlers.rulesLoading,
        messagingHandlers.templatesLoading,
        messagingHandlers.log,
      ],
    },
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [messagingHandlers.rulesDown, messagingHandlers.templates, messagingHandlers.log],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Die automatischen Nachrichten konnten nicht geladen werden.',
    );
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await switchOf(canvasElement, 'Geburtstag')).toBeDisabled();
    await canvas.findByText('Sie können die automatischen Nachrichten ansehen, aber nicht ändern.');
    await expect(pageBody().queryByRole('alert')).toBeNull();
  },
};

/** The same screen in English. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('switch', { name: 'Birthday: send automatic message' }),
    ).toBeChecked();
    await canvas.findByText('12 sent');
    await canvas.findByText('Sending log');
    await within(await canvas.findByRole('table', { name: 'Sending log' })).findByText('Failed');
  },
};
