import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select, SelectItem } from './select';

const branches = [
  { id: 'mitte', label: 'Berlin-Mitte' },
  { id: 'pankow', label: 'Berlin-Pankow' },
  { id: 'potsdam', label: 'Potsdam', description: 'Nur Klasse B' },
  { id: 'spandau', label: 'Spandau', isDisabled: true },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Filiale', items: branches, onSelectionChange: fn() },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-3xl grid-cols-2 gap-6">
      <Select {...args} />
      <Select {...args} defaultSelectedKey="pankow" description="Die Filiale des Schülers." />
      <Select {...args} isRequired label="Filiale (Pflicht)" />
      <Select {...args} defaultSelectedKey="mitte" isClearable label="Filiale (löschbar)" />
      <Select
        {...args}
        isInvalid
        errorMessage="Bitte eine Filiale auswählen."
        label="Filiale (ungültig)"
      />
      <Select {...args} isDisabled defaultSelectedKey="potsdam" label="Filiale (deaktiviert)" />
      <Select label="Getriebe">
        <SelectItem id="manual">Schaltgetriebe</SelectItem>
        <SelectItem id="automatic">Automatik</SelectItem>
      </Select>
    </div>
  ),
};

export const SelectsAndCloses: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Filiale/ }));
    const listbox = await within(document.body).findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: /Potsdam/ }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith('potsdam');
    await expect(within(document.body).queryByRole('listbox')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Filiale/ })).toHaveTextContent('Potsdam');
  },
};

export const Clears: Story = {
  args: { isClearable: true, defaultSelectedKey: 'mitte' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Auswahl löschen' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith(null);
    await expect(canvas.getByRole('button', { name: /Filiale/ })).toHaveTextContent(
      'Bitte auswählen',
    );
  },
};
