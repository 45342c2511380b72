import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeField } from './time-field';

const meta = {
  title: 'Forms/TimeField',
  component: TimeField,
  args: { label: 'Beginn', onChange: fn() },
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-6">
      <TimeField {...args} />
      <TimeField {...args} label="Ende" defaultValue="17:45" description="24-Stunden-Format." />
      <TimeField {...args} label="Pause" isRequired />
      <TimeField {...args} label="Ungültig" isInvalid errorMessage="Bitte eine Uhrzeit angeben." />
      <TimeField {...args} label="Deaktiviert" defaultValue="08:00" isDisabled />
    </div>
  ),
};

export const TypesATime: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('spinbutton', { name: /Stunde/ }));
    await userEvent.keyboard('0930');
    await expect(args.onChange).toHaveBeenLastCalledWith('09:30');
    await expect(canvas.getByRole('group', { name: 'Beginn' })).toHaveTextContent('09:30');
  },
};
