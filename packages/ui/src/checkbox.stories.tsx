import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { children: 'Lern-App-Anmeldung erlaubt', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      <Checkbox {...args}>Nicht ausgewählt</Checkbox>
      <Checkbox {...args} defaultSelected>
        Ausgewählt
      </Checkbox>
      <Checkbox {...args} isIndeterminate>
        Teilweise ausgewählt
      </Checkbox>
      <Checkbox {...args} description="Der Schüler kann sich in der Lern-App anmelden.">
        Mit Beschreibung
      </Checkbox>
      <Checkbox {...args} isInvalid>
        Ungültig
      </Checkbox>
      <Checkbox {...args} isDisabled>
        Deaktiviert
      </Checkbox>
      <Checkbox {...args} isDisabled defaultSelected>
        Deaktiviert und ausgewählt
      </Checkbox>
      <CheckboxGroup
        label="Führerscheinklassen"
        description="Mehrere Klassen möglich."
        defaultValue={['B']}
      >
        <Checkbox value="A">A</Checkbox>
        <Checkbox value="B">B</Checkbox>
        <Checkbox value="BE">BE</Checkbox>
      </CheckboxGroup>
    </div>
  ),
};

export const Toggles: Story = {
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', {
      name: 'Lern-App-Anmeldung erlaubt',
    });
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};
