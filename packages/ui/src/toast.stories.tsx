import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { TOAST_DURATION_MS, toast, toastQueue } from './toast';

/** The preview renders one `ToastRegion`; these stories write to the shared queue. */
function ToastDemo() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button onPress={() => toast.success('Gespeichert.')}>Erfolg</Button>
      <Button
        variant="destructive"
        onPress={() => toast.error('Die E-Mail-Adresse wird bereits verwendet.')}
      >
        Fehler
      </Button>
      <Button
        variant="secondary"
        onPress={() => toast.info('Die Anleitung wurde per E-Mail verschickt.')}
      >
        Hinweis
      </Button>
      <Button
        variant="quiet"
        onPress={() => toast.success('Der Schüler wurde archiviert.', { title: 'Archiviert' })}
      >
        Mit Titel
      </Button>
    </div>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** One toast of each type at once. */
export const Catalog: Story = {
  play: async () => {
    toast.success('Gespeichert.');
    toast.error('Die E-Mail-Adresse wird bereits verwendet.');
    toast.info('Die Anleitung wurde per E-Mail verschickt.');
    toast.success('Der Schüler wurde archiviert.', { title: 'Archiviert' });
    const region = await within(document.body).findByRole('region', { name: 'Benachrichtigungen' });
    await waitFor(() => expect(within(region).getAllByRole('alertdialog')).toHaveLength(4));
  },
};

export const ShowsAndCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Erfolg' }));
    const item = await within(document.body).findByRole('alertdialog', { name: 'Gespeichert.' });
    await expect(item).toHaveAttribute('data-type', 'success');
    await userEvent.click(within(item).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(item).not.toBeInTheDocument());
  },
};

export const LastsSixSeconds: Story = {
  play: async ({ canvasElement }) => {
    await expect(TOAST_DURATION_MS).toBe(6000);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Fehler' }));
    await within(document.body).findByRole('alertdialog');
    await expect(toastQueue.visibleToasts[0]?.timeout).toBe(6000);
  },
};
