import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MandateSetupResultScreen } from './mandate-setup-result-screen';

const meta = {
  title: 'Features/Payments/MandateSetupResultScreen',
  component: MandateSetupResultScreen,
  args: { kind: 'success' },
  parameters: {
    layout: 'fullscreen',
    // Public pages: no sign-in, no permission, no request.
    permissions: [],
    msw: { handlers: [] },
  },
} satisfies Meta<typeof MandateSetupResultScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `/set-up-mandate/success`. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Vielen Dank!' });
    await expect(canvas.getByText(/Ihr SEPA-Lastschriftmandat wurde erteilt/)).toBeInTheDocument();
  },
};

/** `/set-up-mandate/failure`: what to do instead. */
export const Failure: Story = {
  args: { kind: 'failure' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Das Mandat konnte nicht erteilt werden' });
    await expect(
      canvas.getByText(/ungültig, abgelaufen oder wurde bereits verwendet/),
    ).toBeInTheDocument();
  },
};

/** On a phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Vielen Dank!' });
  },
};
