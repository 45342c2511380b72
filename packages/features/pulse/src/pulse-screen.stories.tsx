import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pulseHandlers } from './mocks/handlers';
import { PulseScreen } from './pulse-screen';

const meta = {
  title: 'Features/Pulse/PulseScreen',
  component: PulseScreen,
  args: { onOpen: fn(), initialDate: '2026-11-26' },
  parameters: { msw: { handlers: [pulseHandlers.byDay] } },
} satisfies Meta<typeof PulseScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A busy day, newest first, in Berlin time; an entry opens what it is about. */
export const Day: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('7 Ereignisse');
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('16:42');
    await expect(items[0]).toHaveTextContent('Lastschrift fehlgeschlagen');
    await expect(items[0]).toHaveTextContent('zurückgebucht');
    await expect(items[0]).toHaveTextContent('84,00 €');
    await expect(items[2]).toHaveTextContent('bestanden');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Öffnen: Fahrstunde abgesagt Lena Schmidt' }),
    );
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'LESSON_CANCELLED', studentId: 3 }),
    );
  },
};

/** The filter narrows to one area; the previous day is empty. */
export const FilterAndDays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('7 Ereignisse');
    await userEvent.click(canvas.getByRole('button', { name: /Anzeigen/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Geld' }));
    await canvas.findByText('2 Ereignisse');
    await userEvent.click(canvas.getByRole('button', { name: 'Vorheriger Tag' }));
    await canvas.findByText('An diesem Tag ist nichts passiert.');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [pulseHandlers.empty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('An diesem Tag ist nichts passiert.');
  },
};

export const ServerDown: Story = {
  parameters: { msw: { handlers: [pulseHandlers.down] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Puls konnte nicht geladen werden.');
  },
};
