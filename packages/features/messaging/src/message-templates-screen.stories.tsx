import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MessageTemplatesScreen } from './message-templates-screen';
import { messagingHandlers, templateScreenHandlers } from './mocks/handlers';
import { chooseOption } from './testing/choose-option';

const meta = {
  title: 'Features/Messaging/MessageTemplatesScreen',
  component: MessageTemplatesScreen,
  parameters: { msw: { handlers: templateScreenHandlers } },
} satisfies Meta<typeof MessageTemplatesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const actionsOf = (canvasElement: HTMLElement, name: string) => () =>
  within(canvasElement).findByRole('button', { name: `Aktionen für „${name}“` });

/** The templates by name; the search narrows them. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Unterlagen fehlen');
    await canvas.findByText('Alles Gute zum Geburtstag!');
    await userEvent.type(canvas.getByRole('searchbox', { name: /Suche/ }), 'Unterlagen');
    await waitFor(() => expect(canvas.queryByText('Alles Gute zum Geburtstag!')).toBeNull());
    await canvas.findByText('Bitte reiche deine Unterlagen ein');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [messagingHandlers.templatesEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Vorlagen angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [messagingHandlers.templatesLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [messagingHandlers.templatesDown] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Vorlagen konnten nicht geladen werden.');
  },
};

/**
 * A new template: the fields are required (German messages); "Platzhalter einfügen" puts
 * `{{ student.firstName }}` where the cursor was in the text, then it saves.
 */
export const CreateWithPlaceholder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Vorlage' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.');
    await dialog.findByText('Bitte geben Sie einen Betreff ein.');
    await dialog.findByText('Bitte geben Sie einen Text ein.');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Prüfung bestanden');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Glückwunsch');
    const text = dialog.getByRole('textbox', { name: /^Text/ });
    // The cursor goes back before the "!", and the placeholder lands there.
    await userEvent.type(text, 'Hallo !{ArrowLeft}');
    await chooseOption(
      () => dialog.getByRole('button', { name: /Platzhalter einfügen/ }),
      /Vorname des Fahrschülers/,
    );
    await waitFor(() => expect(text).toHaveValue('Hallo {{ student.firstName }}!'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** The subject takes the placeholder when the cursor was last there. */
export const PlaceholderInSubject: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Vorlage' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    const subject = dialog.getByRole('textbox', { name: /^Betreff/ });
    await userEvent.type(subject, 'Glückwunsch, ');
    await chooseOption(
      () => dialog.getByRole('button', { name: /Platzhalter einfügen/ }),
      /Nachname des Fahrschülers/,
    );
    await waitFor(() => expect(subject).toHaveValue('Glückwunsch, {{ student.lastName }}'));
    await expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveValue('');
  },
};

/** The server refuses an unknown placeholder at the text; the dialog stays open. */
export const UnknownPlaceholderRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Vorlage' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Schuhgröße');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Frage');
    await userEvent.click(dialog.getByRole('textbox', { name: /^Text/ }));
    await userEvent.paste('Deine Größe: {{ student.shoeSize }}');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Unbekannter Platzhalter.');
    await expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Unterlagen fehlen');
    await chooseMenuItem(actionsOf(canvasElement, 'Unterlagen fehlen'), 'Bearbeiten');
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Vorlage bearbeiten' }));
    const text = dialog.getByRole('textbox', { name: /^Text/ });
    // Line breaks of the plain text stay.
    await expect(text).toHaveValue(
      'Hallo {{ student.firstName }},\nuns fehlen noch Sehtest und Passbild.',
    );
    const subject = dialog.getByRole('textbox', { name: /^Betreff/ });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Unterlagen fehlen noch');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Unterlagen fehlen');
    await chooseMenuItem(actionsOf(canvasElement, 'Unterlagen fehlen'), 'Löschen');
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Vorlage löschen?' }),
    );
    await confirm.findByText(/behalten ihren Text/);
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
  },
};

/** A template an automatic message uses is not deleted: the confirmation says why. */
export const DeleteInUseRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Alles Gute zum Geburtstag!');
    await chooseMenuItem(actionsOf(canvasElement, 'Geburtstag'), 'Löschen');
    const dialog = await pageBody().findByRole('alertdialog', { name: 'Vorlage löschen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Eine automatische Nachricht verwendet diese Vorlage noch.',
    );
    await expect(dialog).toBeVisible();
    await expect(pageBody().queryByText('Gelöscht.')).toBeNull();
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Unterlagen fehlen');
    await canvas.findByText('Sie können Vorlagen ansehen, aber nicht ändern.');
    await expect(canvas.queryByRole('button', { name: 'Neue Vorlage' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};
