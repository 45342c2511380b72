import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fullHandlers, lookupHandlers, todoHandlers } from './mocks/handlers';
import { TodosScreen } from './todos-screen';

const meta = {
  title: 'Features/Todos/TodosScreen',
  component: TodosScreen,
  args: { onOpenStudent: fn() },
  parameters: { msw: { handlers: fullHandlers } },
} satisfies Meta<typeof TodosScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sehtest von Lena Neumann nachfordern');
    await canvas.findByText('Dringend', { selector: 'span' });
    await canvas.findAllByText('Olaf Office', { selector: 'td' });
    await canvas.findByText('25.11.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Fahrschüler öffnen' }));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(42);
  },
};

/** A new to-do: the title is required (German message), then it saves. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Aufgabe' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Titel ein.');
    await userEvent.type(dialog.getByLabelText(/^Titel/), 'Anruf');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
  },
};

/** The server refuses a field: its German message appears at the field. */
export const CreateRefused: Story = {
  parameters: {
    msw: { handlers: [todoHandlers.createRefused, ...fullHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Aufgabe' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText(/^Titel/), 'Anruf');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Der gewählte Eintrag existiert nicht.');
  },
};

/** Attachments: the size limit is shown, files can be removed. */
export const Attachments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: '1 Anhang von „Sehtest von Lena Neumann nachfordern“',
      }),
    );
    const dialog = within(await body().findByRole('dialog'));
    await dialog.findByText('Antrag.pdf');
    await dialog.findByText(/je Datei höchstens 20 MB/);
    await userEvent.click(dialog.getByRole('button', { name: 'Antrag.pdf löschen' }));
    await body().findByText('Gelöscht.');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [todoHandlers.pageEmpty, ...lookupHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Aufgaben angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [todoHandlers.pageLoading, ...lookupHandlers] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [todoHandlers.pageDown, ...lookupHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Aufgaben konnten nicht geladen werden.');
  },
};

/** MODULE_TASK without _WRITE: no new button, no row actions, statuses as text. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_TASK'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sehtest von Lena Neumann nachfordern');
    await canvas.findByText('Sie können Aufgaben ansehen, aber nicht ändern.');
    await expect(canvas.queryByRole('button', { name: 'Neue Aufgabe' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};
