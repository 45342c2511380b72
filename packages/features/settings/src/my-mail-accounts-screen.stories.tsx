import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { settingsHandlers } from './mocks/handlers';
import { MyMailAccountsScreen } from './my-mail-accounts-screen';

const meta = {
  title: 'Features/Settings/MyMailAccountsScreen',
  component: MyMailAccountsScreen,
  args: { userId: 1 },
  parameters: { msw: { handlers: [settingsHandlers.myAccounts] } },
} satisfies Meta<typeof MyMailAccountsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('buero@fahrschule-sonnenschein.de');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [settingsHandlers.myAccountsEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Ihnen ist noch kein E-Mail-Konto zugeordnet/);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [settingsHandlers.myAccountsLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [settingsHandlers.myAccountsError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

/** No permission is needed: a user without any module sees their own accounts. */
export const WithoutPermissions: Story = {
  parameters: { permissions: [] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('buero@fahrschule-sonnenschein.de');
  },
};
