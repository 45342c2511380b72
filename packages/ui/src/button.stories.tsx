import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Speichern', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'destructive', 'quiet'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

const variants = ['primary', 'secondary', 'destructive', 'quiet'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

/** Every variant × size × state. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6">
      {variants.map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-3">
          <span className="w-24 text-sm text-neutral-600">{variant}</span>
          {sizes.map((size) => (
            <Button key={size} {...args} variant={variant} size={size}>
              {size === 'md' ? 'Speichern' : `Größe ${size}`}
            </Button>
          ))}
          <Button {...args} variant={variant} isDisabled>
            Deaktiviert
          </Button>
          <Button {...args} variant={variant} isPending>
            Speichern
          </Button>
          <Button {...args} variant={variant} size="icon" aria-label="Hinzufügen">
            <Plus className="size-4" aria-hidden="true" />
          </Button>
          <Button {...args} variant={variant}>
            <Trash2 className="size-4" aria-hidden="true" />
            Mit Symbol
          </Button>
        </div>
      ))}
    </div>
  ),
};

export const PressCallsOnPress: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const KeyboardFocusAndPress: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Speichern' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const PendingIgnoresPresses: Story = {
  args: { isPending: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(button).toHaveAttribute('data-pending', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
