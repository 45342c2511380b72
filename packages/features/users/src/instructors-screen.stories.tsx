import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InstructorsScreen } from './instructors-screen';
import { usersHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Users/InstructorsScreen',
  component: InstructorsScreen,
  args: { onCreate: fn(), onOpenUser: fn() },
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [usersHandlers.usersFull, usersHandlers.branches] } },
} satisfies Meta<typeof InstructorsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const jonas = await canvas.findByRole('button', { name: /Weber, Jonas/ });
    // Roles in order (the first is the current one), branches by name.
    await expect(canvas.getAllByText('Büro').length).toBeGreaterThan(0);
    await canvas.findByText('Filiale Mitte');
    await expect(canvas.getByText('Filiale Mitte, Filiale Spandau')).toBeInTheDocument();
    await expect(canvas.getAllByText('Alle Filialen')).toHaveLength(1);
    await userEvent.click(jonas);
    await expect(args.onOpenUser).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Neuer Benutzer' }));
    await expect(args.onCreate).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [usersHandlers.usersEmpty, usersHandlers.branches] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Benutzer angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [usersHandlers.usersLoading, usersHandlers.branches] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [usersHandlers.usersError, usersHandlers.branches] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /Weber, Jonas/ });
    await expect(canvas.getByText('Sie können diese Daten nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Neuer Benutzer' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};

export const Archives: Story = {
  parameters: {
    msw: {
      handlers: [usersHandlers.usersFull, usersHandlers.branches, usersHandlers.archiveUserOk],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für Jonas Weber' }),
      'Archivieren',
    );
    const dialog = await body.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Jonas Weber kann sich danach nicht mehr anmelden.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
    await body.findByText('Archiviert.', {});
    // The confirmation closes (the toast region is an alertdialog of its own).
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};
