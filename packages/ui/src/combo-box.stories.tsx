import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox } from './combo-box';

const students = [
  { id: 1, label: 'Anna Becker' },
  { id: 2, label: 'Ben Schulz' },
  { id: 3, label: 'Clara Wagner' },
  { id: 4, label: 'David Müller' },
  { id: 5, label: 'Emma Schneider' },
  { id: 6, label: 'Finn Hoffmann' },
];

const meta = {
  title: 'Forms/ComboBox',
  component: ComboBox,
  args: {
    label: 'Schüler',
    items: students,
    placeholder: 'Name suchen',
    onSelectionChange: fn(),
    onInputChange: fn(),
  },
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-3xl grid-cols-2 gap-6">
      <ComboBox {...args} />
      <ComboBox {...args} defaultSelectedKey={3} description="Nur aktive Schüler." />
      <ComboBox {...args} isRequired label="Schüler (Pflicht)" />
      <ComboBox
        {...args}
        isInvalid
        errorMessage="Bitte einen Schüler auswählen."
        label="Schüler (ungültig)"
      />
      <ComboBox {...args} isDisabled defaultSelectedKey={1} label="Schüler (deaktiviert)" />
      <ComboBox {...args} isClearable={false} label="Schüler (ohne Löschen)" />
    </div>
  ),
};

export const SearchesSelectsAndClears: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Schüler' });

    await step('search', async () => {
      await userEvent.type(input, 'sch');
      const listbox = await within(document.body).findByRole('listbox');
      const options = within(listbox).getAllByRole('option');
      await expect(options.map((option) => option.textContent)).toEqual([
        'Ben Schulz',
        'Emma Schneider',
      ]);
    });

    await step('select closes the list', async () => {
      await userEvent.click(within(document.body).getByRole('option', { name: 'Emma Schneider' }));
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(5);
      await expect(input).toHaveValue('Emma Schneider');
      await waitFor(() =>
        expect(within(document.body).queryByRole('listbox')).not.toBeInTheDocument(),
      );
    });

    await step('clear', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Auswahl löschen' }));
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(null);
      await expect(input).toHaveValue('');
      await expect(
        canvas.queryByRole('button', { name: 'Auswahl löschen' }),
      ).not.toBeInTheDocument();
    });
  },
};

export const ShowsNoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Optionen anzeigen/ }));
    await expect(
      within(await within(document.body).findByRole('listbox')).getAllByRole('option'),
    ).toHaveLength(6);
    await userEvent.type(canvas.getByRole('combobox'), 'xyz');
    await expect(await within(document.body).findByText('Keine Treffer')).toBeVisible();
  },
};
