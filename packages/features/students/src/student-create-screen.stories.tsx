import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pickerHandlers, studentHandlers } from './mocks/handlers';
import { StudentCreateScreen } from './student-create-screen';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/StudentCreateScreen',
  component: StudentCreateScreen,
  args: { onCreated: fn(), onCancel: fn() },
  parameters: {
    msw: { handlers: [...pickerHandlers, studentHandlers.create, studentHandlers.emailFree] },
  },
} satisfies Meta<typeof StudentCreateScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillName(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByRole('textbox', { name: /^Vorname/ }, LOAD), 'Paul');
  await userEvent.type(canvas.getByRole('textbox', { name: /^Nachname/ }), 'Fischer');
}

async function pickBranch(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: /Filiale/ }));
  await userEvent.click(
    await within(document.body).findByRole('option', { name: 'Potsdam' }, LOAD),
  );
}

export const Empty: Story = {};

export const Creates: Story = {
  play: async ({ canvasElement, args }) => {
    await fillName(canvasElement);
    await pickBranch(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledWith(150));
  },
};

export const MissingInput: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anlegen' }, LOAD));
    await waitFor(() =>
      expect(canvas.getAllByText('Pflichtfeld').length).toBeGreaterThanOrEqual(3),
    );
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

export const InvalidInput: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillName(canvasElement);
    await pickBranch(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^PLZ/ }), '123');
    await userEvent.type(canvas.getByRole('textbox', { name: /^IBAN/ }), 'DE00123456789012345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen' }));
    await canvas.findByText('Bitte geben Sie eine fünfstellige Postleitzahl ein.', undefined, LOAD);
    await canvas.findByText('Bitte geben Sie eine gültige IBAN ein.', undefined, LOAD);
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

export const EmailInUseOnBlur: Story = {
  parameters: {
    msw: { handlers: [...pickerHandlers, studentHandlers.create, studentHandlers.emailInUse] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /^E-Mail$/ }, LOAD),
      'lena.schneider@example.de',
    );
    await userEvent.tab();
    await canvas.findByText('Diese E-Mail-Adresse wird bereits verwendet.', undefined, LOAD);
  },
};

export const ServerFieldError: Story = {
  parameters: {
    msw: {
      handlers: [...pickerHandlers, studentHandlers.createEmailInUse, studentHandlers.emailFree],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillName(canvasElement);
    await pickBranch(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen' }));
    await canvas.findByText('Diese E-Mail-Adresse wird bereits verwendet.', undefined, LOAD);
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie können diesen Schüler nur ansehen.', undefined, LOAD);
    await expect(canvas.queryByRole('button', { name: 'Anlegen' })).not.toBeInTheDocument();
  },
};
