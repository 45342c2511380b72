import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MoneyField } from './money-field';

const meta = {
  title: 'Forms/MoneyField',
  component: MoneyField,
  args: { label: 'Preis', onChange: fn() },
} satisfies Meta<typeof MoneyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-2xl grid-cols-2 gap-6">
      <MoneyField {...args} />
      <MoneyField {...args} label="Grundbetrag" defaultValue={123450} description="Brutto." />
      <MoneyField {...args} label="Fahrstunde" isRequired defaultValue={6500} />
      <MoneyField {...args} label="Rabatt" isInvalid errorMessage="Der Rabatt ist zu hoch." />
      <MoneyField {...args} label="Saldo" defaultValue={-2550} minValue={-100000} isDisabled />
    </div>
  ),
};

export const FormatsTheProductsWay: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Preis' });
    await userEvent.type(input, '1234,5');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(123450);
    // Comma decimal, two decimals, no thousands separator, then a space and the euro sign.
    await expect((input as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('1234,50 €');
  },
};
