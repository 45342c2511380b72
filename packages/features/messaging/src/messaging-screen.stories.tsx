import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MessagingScreen } from './messaging-screen';
import { messagingHandlers, messagingScreenHandlers, recordingSend } from './mocks/handlers';
import { chooseOption } from './testing/choose-option';
import { pickStudent } from './testing/pick-student';

const meta = {
  title: 'Features/Messaging/MessagingScreen',
  component: MessagingScreen,
  parameters: { msw: { handlers: messagingScreenHandlers } },
} satisfies Meta<typeof MessagingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Messages by hand and automatic ones; a subject opens the full text with its line breaks. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Gesendete Nachrichten' }));
    await table.findByText('Deine Fahrstunde am Freitag');
    await expect(table.getByText('Automatisch: Fahrstunde gebucht')).toBeVisible();
    await expect(table.getByText('Automatisch: Geburtstag')).toBeVisible();
    await expect(table.getByText('Ungelesen')).toBeVisible();
    await userEvent.click(
      table.getByRole('button', {
        name: 'Nachricht „Deine Fahrstunde am Freitag“ an Lena Neumann öffnen',
      }),
    );
    const dialog = await pageBody().findByRole('dialog', { name: 'Deine Fahrstunde am Freitag' });
    const text = await within(dialog).findByText(/beginnt um 14:00 Uhr/);
    await expect(text.textContent).toContain('Hallo Lena,\n\ndeine Fahrstunde');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(pageBody().queryByRole('dialog')).toBeNull());
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Deine Fahrstunde am Freitag');
    await userEvent.type(canvas.getByRole('searchbox', { name: /Suche/ }), 'Mia');
    await waitFor(() => expect(canvas.queryByText('Deine Fahrstunde am Freitag')).toBeNull());
    await canvas.findByText('Alles Gute zum Geburtstag!');
  },
};

/** The kind filter asks the server for automatic messages only. */
export const OnlyAutomatic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Deine Fahrstunde am Freitag');
    await chooseOption(() => canvas.getByRole('button', { name: /Alle.*Art/ }), 'Automatisch');
    await waitFor(() => expect(canvas.queryByText('Deine Fahrstunde am Freitag')).toBeNull());
    await canvas.findByText('Alles Gute zum Geburtstag!');
  },
};

export const Paging: Story = {
  parameters: { msw: { handlers: [messagingHandlers.pageMany, ...messagingScreenHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Hinweis 1');
    await canvas.findByText('1–25 von 30');
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
    await canvas.findByText('Hinweis 26');
    await expect(canvas.queryByText('Hinweis 1')).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [messagingHandlers.pageEmpty, ...messagingScreenHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Nachrichten gesendet.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [messagingHandlers.pageLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [messagingHandlers.pageDown] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Nachrichten konnten nicht geladen werden.');
  },
};

const recorder = recordingSend();

/**
 * "Nachricht senden": students are required; they are searched and added (and removed
 * again), a template fills subject and text, and the message goes to the chosen students.
 */
export const SendFromTemplate: Story = {
  parameters: { msw: { handlers: [recorder.handler, ...messagingScreenHandlers] } },
  beforeEach: () => {
    recorder.sent.length = 0;
  },
  play: async ({ canvasElement }) => {
    const { sent } = recorder;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Nachricht senden' }));
    const dialogElement = await pageBody().findByRole('dialog', { name: 'Nachricht senden' });
    const dialog = within(dialogElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await dialog.findByText('Bitte wählen Sie mindestens einen Fahrschüler.');
    await dialog.findByText('Bitte geben Sie einen Betreff ein.');

    await pickStudent(dialogElement, 'Jon', 'Jonas Becker');
    await pickStudent(dialogElement, 'Lena', 'Lena Neumann');
    const chosen = within(dialog.getByRole('list', { name: 'Ausgewählte Fahrschüler' }));
    await chosen.findByText('Jonas Becker');
    await chosen.findByText('Lena Neumann');
    await userEvent.click(chosen.getByRole('button', { name: 'Lena Neumann entfernen' }));
    await waitFor(() => expect(chosen.queryByText('Lena Neumann')).toBeNull());

    await chooseOption(
      () => dialog.getByRole('button', { name: /Ohne Vorlage.*Vorlage/ }),
      'Fahrstunde gebucht',
    );
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue('Fahrstunde gebucht'),
    );
    await expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveValue(
      'Hallo {{ student.firstName }},\ndeine Fahrstunde ist gebucht.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await pageBody().findByText('Die Nachricht wurde an 1 Fahrschüler gesendet.');
    await expect(sent).toEqual([
      {
        studentIds: [42],
        subject: 'Fahrstunde gebucht',
        text: 'Hallo {{ student.firstName }},\ndeine Fahrstunde ist gebucht.',
        messageTemplateId: 1,
      },
    ]);
  },
};

/** A message written by hand, with a placeholder inserted at the cursor. */
export const SendWithPlaceholder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Nachricht senden' }));
    const dialogElement = await pageBody().findByRole('dialog', { name: 'Nachricht senden' });
    const dialog = within(dialogElement);
    await pickStudent(dialogElement, 'Mia', 'Mia Schulz');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Sehtest');
    const text = dialog.getByRole<HTMLTextAreaElement>('textbox', { name: /^Text/ });
    await userEvent.type(text, 'Hallo ,{Enter}bitte bring den Sehtest mit.');
    // Back to the place after "Hallo ".
    await userEvent.click(text);
    text.setSelectionRange(6, 6);
    await chooseOption(
      () => dialog.getByRole('button', { name: /Platzhalter einfügen/ }),
      /Vorname des Fahrschülers/,
    );
    await waitFor(() =>
      expect(text).toHaveValue('Hallo {{ student.firstName }},\nbitte bring den Sehtest mit.'),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await pageBody().findByText('Die Nachricht wurde an 1 Fahrschüler gesendet.');
  },
};

/** The server refuses a student (archived meanwhile): the error shows at the students. */
export const SendRefused: Story = {
  parameters: {
    msw: { handlers: [messagingHandlers.sendRefused, ...messagingScreenHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Nachricht senden' }));
    const dialogElement = await pageBody().findByRole('dialog', { name: 'Nachricht senden' });
    const dialog = within(dialogElement);
    await pickStudent(dialogElement, 'Paul', 'Paul Wagner');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Hinweis');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Text/ }), 'Bitte melde dich.');
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await dialog.findByText('Der gewählte Eintrag existiert nicht.');
    await expect(dialog.getByRole('combobox', { name: /Fahrschüler suchen/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** In a student record: that student's messages, and the send dialog starts with them. */
export const OneStudent: Story = {
  args: { student: { id: 41, name: 'Lena Neumann' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Deine Fahrstunde am Freitag');
    await expect(canvas.queryByText('Fahrstunde gebucht')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Nachricht senden' }));
    const chosen = within(dialog.getByRole('list', { name: 'Ausgewählte Fahrschüler' }));
    await expect(chosen.getByText('Lena Neumann')).toBeVisible();
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Deine Fahrstunde am Freitag');
    await canvas.findByText('Sie können Nachrichten ansehen, aber keine senden.');
    await expect(canvas.queryByRole('button', { name: 'Nachricht senden' })).toBeNull();
  },
};
