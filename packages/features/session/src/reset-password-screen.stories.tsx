import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { sessionHandlers } from './mocks/handlers';
import { ResetPasswordScreen } from './reset-password-screen';

const meta = {
  title: 'Features/Session/ResetPasswordScreen',
  component: ResetPasswordScreen,
  args: { token: 'a-valid-token-from-the-mail-0123456789' },
  parameters: { msw: { handlers: [sessionHandlers.setPasswordOk] } },
} satisfies Meta<typeof ResetPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function setPasswords(canvasElement: HTMLElement, password: string, confirmation: string) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByLabelText(/^Neues Passwort/, { selector: 'input' }),
    password,
  );
  await userEvent.type(
    canvas.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }),
    confirmation,
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Passwort speichern' }));
}

export const Empty: Story = {};

export const MissingToken: Story = {
  args: { token: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Der Link ist unvollständig.',
    );
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    await setPasswords(canvasElement, 'Sicher#2026', 'Sicher#2026');
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Ihr Passwort wurde geändert.',
    );
  },
};

export const WeakPassword: Story = {
  play: async ({ canvasElement }) => {
    await setPasswords(canvasElement, 'kurz', 'kurz');
    await within(canvasElement).findByText('Das Passwort erfüllt noch nicht alle Regeln.');
  },
};

export const PasswordsDiffer: Story = {
  play: async ({ canvasElement }) => {
    await setPasswords(canvasElement, 'Sicher#2026', 'Sicher#2027');
    await within(canvasElement).findByText('Die Passwörter stimmen nicht überein.');
  },
};

export const ExpiredLink: Story = {
  parameters: { msw: { handlers: [sessionHandlers.setPasswordExpired] } },
  play: async ({ canvasElement }) => {
    await setPasswords(canvasElement, 'Sicher#2026', 'Sicher#2026');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Link: Der Link ist ungültig oder abgelaufen.',
    );
  },
};
