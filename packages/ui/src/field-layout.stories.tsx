import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './checkbox';
import { FieldColumns, FieldSet, FieldSpacer, FieldSpan } from './field-layout';
import { Form } from './form';
import { Select } from './select';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/FieldLayout',
  component: FieldSet,
  args: { legend: 'Stammdaten', children: null },
} satisfies Meta<typeof FieldSet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every layout: two columns with a spacer and a wide field, wide–narrow, one column. */
export const Catalog: Story = {
  render: () => (
    <Form className="max-w-2xl">
      <FieldSet legend="Person" layout="halves">
        <Select
          label="Anrede"
          items={[
            { id: 'MR', label: 'Herr' },
            { id: 'MS', label: 'Frau' },
          ]}
        />
        <FieldSpacer />
        <TextField label="Vorname" isRequired />
        <TextField label="Nachname" isRequired />
        <FieldSpan>
          <CheckboxGroup label="Führerscheinklassen">
            <Checkbox value="B">B</Checkbox>
            <Checkbox value="BE">BE</Checkbox>
          </CheckboxGroup>
        </FieldSpan>
      </FieldSet>
      <FieldSet legend="Anschrift" description="Für Rechnungen und Briefe." layout="wide-narrow">
        <TextField label="Straße" />
        <TextField label="Hausnummer" />
      </FieldSet>
      <FieldSet legend="Notiz">
        <TextField label="Nachricht" isMultiline />
      </FieldSet>
      <FieldColumns>
        <TextField label="IBAN" />
        <TextField label="BIC" />
      </FieldColumns>
    </Form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A fieldset names its group by the legend, so each field is read with its caption.
    const person = canvas.getByRole('group', { name: 'Person' });
    await expect(within(person).getByRole('textbox', { name: /Vorname/ })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Anschrift' })).toHaveClass(
      'sm:grid-cols-[3fr_1fr]',
    );
    await expect(canvas.getByText('Für Rechnungen und Briefe.')).toBeInTheDocument();
  },
};
