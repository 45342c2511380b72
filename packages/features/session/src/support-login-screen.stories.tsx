import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { demoSignIn, sessionHandlers } from './mocks/handlers';
import { SupportLoginScreen } from './support-login-screen';

const meta = {
  title: 'Features/Session/SupportLoginScreen',
  component: SupportLoginScreen,
  args: { token: 'one-time-support-token-0123456789', onSignedIn: fn() },
  parameters: { msw: { handlers: [sessionHandlers.supportOk] } },
} satisfies Meta<typeof SupportLoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignsIn: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith(demoSignIn));
  },
};

export const TokenAlreadyUsed: Story = {
  parameters: { msw: { handlers: [sessionHandlers.supportUsed] } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Die Support-Anmeldung ist fehlgeschlagen.',
    );
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};
