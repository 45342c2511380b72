import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DateField } from './date-field';

const meta = {
  title: 'Forms/DateField',
  component: DateField,
  args: { label: 'Geburtsdatum', onChange: fn() },
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-2xl grid-cols-2 gap-6">
      <DateField {...args} />
      <DateField
        {...args}
        label="Anmeldedatum"
        defaultValue="2025-03-14"
        description="Tag der Anmeldung."
      />
      <DateField {...args} label="Prüfungstermin" isRequired />
      <DateField
        {...args}
        label="Führerschein seit"
        defaultValue="2031-01-01"
        maxValue="2030-12-31"
        errorMessage="Das Datum liegt in der Zukunft."
      />
      <DateField {...args} label="Archiviert am" defaultValue="2024-11-02" isDisabled />
    </div>
  ),
};

export const TypesAGermanDate: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const day = canvas.getByRole('spinbutton', { name: /Tag/ });
    await userEvent.click(day);
    await userEvent.keyboard('14032025');
    await expect(args.onChange).toHaveBeenLastCalledWith('2025-03-14');
    // DD.MM.YYYY: day first.
    const group = canvas.getByRole('group', { name: 'Geburtsdatum' });
    await expect(group).toHaveTextContent('14.03.2025');
  },
};

export const PicksFromTheCalendar: Story = {
  args: { defaultValue: '2025-03-14' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Kalender öffnen/ }));
    const dialog = await within(document.body).findByRole('dialog');
    const grid = within(dialog).getByRole('grid');
    // Weeks start on Monday.
    await expect(grid.querySelector('thead th')).toHaveTextContent('Mo');
    await userEvent.click(within(grid).getByRole('button', { name: /20\. März 2025/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('2025-03-20');
  },
};
