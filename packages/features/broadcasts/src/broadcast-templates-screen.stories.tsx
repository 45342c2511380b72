import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BroadcastTemplatesScreen } from './broadcast-templates-screen';
import { broadcastHandlers, templateHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Broadcasts/BroadcastTemplatesScreen',
  component: BroadcastTemplatesScreen,
  parameters: { msw: { handlers: templateHandlers } },
} satisfies Meta<typeof BroadcastTemplatesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Betriebsferien');
    await canvas.findByText('Fahrstunden bei Unwetter');
    await userEvent.type(canvas.getByRole('searchbox', { name: /Suche/ }), 'Wetter');
    await waitFor(() => expect(canvas.queryByText('Betriebsferien')).toBeNull());
    await canvas.findByText('Wetterwarnung');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.templatesEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Vorlagen angelegt.');
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.templatesDown] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Vorlagen konnten nicht geladen werden.');
  },
};

/** A new template: the fields are required (German messages), then it saves. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Vorlage' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.');
    await dialog.findByText('Bitte geben Sie einen Betreff ein.');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Prüfungserfolg');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Glückwunsch');
    await dialog.findByText('Bitte geben Sie einen Text ein.');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Text' }), 'Herzlichen Glückwunsch!');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Betriebsferien');
    await chooseMenuItem(
      () => canvas.getByRole('button', { name: 'Aktionen für „Betriebsferien“' }),
      'Bearbeiten',
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Vorlage bearbeiten' }));
    const subject = dialog.getByRole('textbox', { name: /^Betreff/ });
    await expect(subject).toHaveValue('Unsere Fahrschule macht Ferien');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Betriebsferien im Sommer');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Wetterwarnung');
    await chooseMenuItem(
      () => canvas.getByRole('button', { name: 'Aktionen für „Wetterwarnung“' }),
      'Löschen',
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Vorlage löschen?' }),
    );
    await confirm.findByText(/behalten ihren Text/);
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Betriebsferien');
    await canvas.findByText('Sie können Vorlagen ansehen, aber nicht ändern.');
    await expect(canvas.queryByRole('button', { name: 'Neue Vorlage' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.templatesLoading] } },
};
