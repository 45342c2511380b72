import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginScreen } from './login-screen';
import { demoSignIn, sessionHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Session/LoginScreen',
  component: LoginScreen,
  args: { onSignedIn: fn() },
  parameters: { msw: { handlers: [sessionHandlers.signInOk] } },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/E-Mail-Adresse/), email);
  await userEvent.type(canvas.getByLabelText(/^Passwort/, { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
}

export const Empty: Story = {};

export const SignsIn: Story = {
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'inhaber@fahrschule-demo.de', 'Demo#Inhaber1');
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith(demoSignIn));
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/generate-token', async ({ response }) => {
          await delay('infinite');
          return response(200).json(demoSignIn);
        }),
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'inhaber@fahrschule-demo.de', 'Demo#Inhaber1');
    const button = within(canvasElement).getByRole('button', { name: /Anmelden/ });
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'));
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

export const WrongPassword: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInWrongPassword] } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'inhaber@fahrschule-demo.de', 'Falsch#123');
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('E-Mail-Adresse oder Passwort ist falsch.');
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

export const TooManyAttempts: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInTooManyAttempts] } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'inhaber@fahrschule-demo.de', 'Demo#Inhaber1');
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Zu viele fehlgeschlagene Anmeldeversuche.');
    await expect(alert).toHaveTextContent('für einige Minuten gesperrt');
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInServerDown] } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'inhaber@fahrschule-demo.de', 'Demo#Inhaber1');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Auf dem Server ist ein Fehler aufgetreten.',
    );
  },
};

export const MissingInput: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anmelden' }));
    await canvas.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.');
    await canvas.findByText('Bitte geben Sie Ihr Passwort ein.');
    await userEvent.type(canvas.getByLabelText(/E-Mail-Adresse/), 'kein-at-zeichen');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await canvas.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};
