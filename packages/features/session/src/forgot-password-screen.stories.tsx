import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { sessionHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Session/ForgotPasswordScreen',
  component: ForgotPasswordScreen,
  parameters: { msw: { handlers: [sessionHandlers.requestChangeOk] } },
} satisfies Meta<typeof ForgotPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function request(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/E-Mail-Adresse/), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Link senden' }));
}

export const Empty: Story = {};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    await request(canvasElement, 'buero@fahrschule-demo.de');
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Wir haben Ihnen eine Anleitung per E-Mail gesendet.',
    );
  },
};

export const UnknownAddress: Story = {
  parameters: { msw: { handlers: [sessionHandlers.requestChangeNoUser] } },
  play: async ({ canvasElement }) => {
    await request(canvasElement, 'niemand@example.de');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Es gibt keinen Benutzer mit dieser E-Mail-Adresse.',
    );
  },
};

export const TooManyLinks: Story = {
  parameters: { msw: { handlers: [sessionHandlers.requestChangeTooMany] } },
  play: async ({ canvasElement }) => {
    await request(canvasElement, 'buero@fahrschule-demo.de');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Es wurden gerade mehrere Links angefordert.',
    );
  },
};
