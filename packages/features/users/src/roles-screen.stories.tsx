import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { usersHandlers } from './mocks/handlers';
import { RolesScreen } from './roles-screen';

const meta = {
  title: 'Features/Users/RolesScreen',
  component: RolesScreen,
  parameters: { msw: { handlers: [usersHandlers.roles] } },
} satisfies Meta<typeof RolesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OwnerLocked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Eine Inhaber-Rolle hat immer alle Berechtigungen/);
    const write = canvas.getByRole('checkbox', { name: 'Unternehmen: schreiben' });
    await expect(write).toBeChecked();
    await expect(write).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Rolle löschen' })).toBeNull();
  },
};

export const EditsPermissions: Story = {
  parameters: {
    msw: {
      handlers: [usersHandlers.roles, usersHandlers.updateRoleOk, usersHandlers.rolePermissionsOk],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Fahrlehrer/ }));
    await expect(await canvas.findByLabelText(/^Name/)).toHaveValue('Fahrlehrer');
    // Write implies read: allowing write ticks read and locks it.
    const read = canvas.getByRole('checkbox', { name: 'Theorie: lesen' });
    await expect(read).not.toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Theorie: schreiben' }));
    await expect(read).toBeChecked();
    await expect(read).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await within(document.body).findByText('Gespeichert.', {});
  },
};

export const NewRoleNameTaken: Story = {
  parameters: { msw: { handlers: [usersHandlers.roles, usersHandlers.roleNameInUse] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Rolle' }));
    await userEvent.type(await canvas.findByLabelText(/^Name/), 'Büro');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Dieser Name wird bereits verwendet.');
  },
};

export const MissingName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Rolle' }));
    await waitFor(() => expect(canvas.getByLabelText(/^Name/)).toHaveValue(''));
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText('Pflichtfeld');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [usersHandlers.rolesEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Rollen angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [usersHandlers.rolesLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [usersHandlers.rolesError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie können diese Daten nur ansehen.');
    await expect(canvas.queryByRole('button', { name: 'Neue Rolle' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};
