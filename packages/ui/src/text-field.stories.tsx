import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Vorname', onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every state: plain, with description, required, invalid, disabled, read-only, multi-line, counter. */
export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-3xl grid-cols-2 gap-6">
      <TextField {...args} label="Vorname" placeholder="z. B. Anna" />
      <TextField
        {...args}
        label="E-Mail"
        type="email"
        description="Für Rechnungen und Benachrichtigungen."
      />
      <TextField {...args} label="Nachname" isRequired />
      <TextField
        {...args}
        label="Postleitzahl"
        defaultValue="123"
        isInvalid
        errorMessage="Bitte eine fünfstellige Postleitzahl eingeben."
      />
      <TextField {...args} label="Kundennummer" defaultValue="K-10023" isDisabled />
      <TextField {...args} label="Erstellt von" defaultValue="Verwaltung" isReadOnly />
      <TextField {...args} label="Notiz" isMultiline description="Nur intern sichtbar." />
      <CountedField />
      <TextField
        {...args}
        label="Kurzbeschreibung (unkontrolliert)"
        defaultValue="Klasse B"
        maxLength={20}
        showRemaining
      />
    </div>
  ),
};

function CountedField() {
  const [value, setValue] = useState('Probestunde');
  return (
    <TextField
      label="Titel der Schaltfläche"
      value={value}
      onChange={setValue}
      maxLength={40}
      showRemaining
    />
  );
}

export const TypingCallsOnChange: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Vorname' });
    await userEvent.type(input, 'Anna');
    await expect(input).toHaveValue('Anna');
    await expect(args.onChange).toHaveBeenLastCalledWith('Anna');
  },
};

export const RequiredShowsNativeError: Story = {
  args: { isRequired: true, errorMessage: 'Bitte den Vornamen angeben.' },
  render: (args) => (
    <form
      onSubmit={(event) => event.preventDefault()}
      className="flex max-w-sm flex-col items-start gap-3"
    >
      <TextField {...args} />
      <button type="submit" className="rounded border px-3 py-1 text-sm">
        Absenden
      </button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Absenden' }));
    await expect(await canvas.findByText('Bitte den Vornamen angeben.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Vorname' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const RemainingCharacters: Story = {
  render: () => <CountedField />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Noch 29 Zeichen')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox'), '!');
    await expect(await canvas.findByText('Noch 28 Zeichen')).toBeVisible();
  },
};
