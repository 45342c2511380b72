import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BROADCAST_STATES } from '../broadcast-rules';
import { BroadcastStateBadge } from './broadcast-state-badge';

const meta = {
  title: 'Features/Broadcasts/BroadcastStateBadge',
  component: BroadcastStateBadge,
  args: { broadcast: { state: 'CREATED', archived: false } },
} satisfies Meta<typeof BroadcastStateBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state, active and archived. */
export const Catalog: Story = {
  render: () => (
    <div className="flex flex-col gap-2">
      {BROADCAST_STATES.map((state) => (
        <div key={state} className="flex gap-6">
          <BroadcastStateBadge broadcast={{ state, archived: false }} />
          <BroadcastStateBadge broadcast={{ state, archived: true }} />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['Erstellt', 'Vorbereitet', 'Veröffentlicht', 'Abgelaufen', 'Beendet']) {
      await expect(await canvas.findAllByText(text)).toHaveLength(2);
    }
    await expect(canvas.getAllByText('Archiviert')).toHaveLength(5);
  },
};
