import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Broadcast } from '../api/broadcast-queries';
import { demoBroadcasts } from '../mocks/handlers';
import { DeliveryProgress } from './delivery-progress';

const [, prepared, running, failures, stopped] = demoBroadcasts as [
  Broadcast,
  Broadcast,
  Broadcast,
  Broadcast,
  Broadcast,
];

const meta = {
  title: 'Features/Broadcasts/DeliveryProgress',
  component: DeliveryProgress,
  args: { broadcast: running, delivery: running.delivery as NonNullable<Broadcast['delivery']> },
} satisfies Meta<typeof DeliveryProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the first day, going out, done with failures, stopped with the rest unsent. */
export const Catalog: Story = {
  render: () => (
    <div className="flex flex-col gap-8">
      {[prepared, running, failures, stopped].map((broadcast) => (
        <DeliveryProgress
          key={broadcast.id}
          broadcast={broadcast}
          delivery={broadcast.delivery as NonNullable<Broadcast['delivery']>}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die E-Mails gehen ab 01.12.2026 hinaus.');
    await canvas.findByText(
      'Die E-Mails werden verschickt; die Zahlen aktualisieren sich von selbst.',
    );
    await expect(canvas.getAllByText('Der Versand ist abgeschlossen.')).toHaveLength(2);
    await canvas.findByText(/3 E-Mails konnten nicht zugestellt werden/);
    const bars = canvas.getAllByRole('progressbar');
    await expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
      '2',
      '80',
      '60',
      '30',
    ]);
  },
};
