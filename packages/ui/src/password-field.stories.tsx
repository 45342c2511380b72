import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Passwort', onChange: fn() },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-3xl grid-cols-2 gap-6">
      <PasswordField {...args} />
      <PasswordField {...args} label="Neues Passwort" showRules autoComplete="new-password" />
      <PasswordField
        {...args}
        label="Neues Passwort"
        showRules
        defaultValue="Fahrschule1!"
        autoComplete="new-password"
      />
      <PasswordField
        {...args}
        label="Passwort"
        isRequired
        isInvalid
        errorMessage="E-Mail oder Passwort ist falsch."
      />
      <PasswordField {...args} label="Passwort" isDisabled defaultValue="geheim" />
    </div>
  ),
};

export const TicksRulesWhileTyping: Story = {
  args: { label: 'Neues Passwort', showRules: true, autoComplete: 'new-password' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Neues Passwort');
    const rules = canvas.getByRole('list', { name: 'Anforderungen an das Passwort' });
    const rule = (id: string) => rules.querySelector(`[data-rule="${id}"]`);

    for (const id of ['minLength', 'upperCase', 'lowerCase', 'digit', 'special']) {
      await expect(rule(id)).not.toHaveAttribute('data-met');
    }
    await step('lower-case letters', async () => {
      await userEvent.type(input, 'fahr');
      await expect(rule('lowerCase')).toHaveAttribute('data-met', 'true');
      await expect(rule('upperCase')).not.toHaveAttribute('data-met');
    });
    await step('upper-case, digit and special character', async () => {
      await userEvent.type(input, 'S1!');
      await expect(rule('upperCase')).toHaveAttribute('data-met', 'true');
      await expect(rule('digit')).toHaveAttribute('data-met', 'true');
      await expect(rule('special')).toHaveAttribute('data-met', 'true');
      await expect(rule('minLength')).not.toHaveAttribute('data-met');
      await expect(within(rules).getByText('Mindestens 8 Zeichen').parentElement).toHaveTextContent(
        'nicht erfüllt',
      );
    });
    await step('eight characters', async () => {
      await userEvent.type(input, 'chule');
      await expect(rule('minLength')).toHaveAttribute('data-met', 'true');
      await expect(rules.querySelectorAll('[data-met]')).toHaveLength(5);
    });
  },
};

export const TogglesVisibility: Story = {
  args: { defaultValue: 'Fahrschule1!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Passwort');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Eingabe anzeigen' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Eingabe verbergen' }));
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('Fahrschule1!');
  },
};
