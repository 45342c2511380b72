import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FormEvent } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Form } from './form';
import { Select } from './select';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/Form',
  component: Form,
  args: {
    onSubmit: fn((event: FormEvent) => event.preventDefault()),
    className: 'max-w-md',
  },
  render: (args) => (
    <Form {...args}>
      <TextField name="firstName" label="Vorname" isRequired />
      <TextField name="email" label="E-Mail" type="email" isRequired />
      <Select
        name="branch"
        label="Filiale"
        items={[
          { id: 'mitte', label: 'Berlin-Mitte' },
          { id: 'pankow', label: 'Berlin-Pankow' },
        ]}
      />
      <Checkbox name="learningApp">Lern-App-Anmeldung erlaubt</Checkbox>
      <div className="flex justify-end gap-2">
        <Button type="reset" variant="secondary">
          Zurücksetzen
        </Button>
        <Button type="submit">Speichern</Button>
      </div>
    </Form>
  ),
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Field errors from the server (a 422 answer's `fieldErrors`) shown on their fields. */
export const Catalog: Story = {
  args: {
    validationErrors: {
      email: 'Die E-Mail-Adresse wird bereits verwendet.',
      firstName: 'Der Vorname darf nicht leer sein.',
    },
  },
};

export const ShowsServerErrors: Story = {
  args: { validationErrors: { email: 'Die E-Mail-Adresse wird bereits verwendet.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'E-Mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();
  },
};

export const Submits: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Vorname' }), 'Anna');
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-Mail' }), 'anna@example.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};
