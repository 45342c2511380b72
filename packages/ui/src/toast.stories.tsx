import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { FahrwerkScope } from './scope';
import {
  createToasts,
  TOAST_DURATION_MS,
  ToastProvider,
  ToastRegion,
  type Toasts,
  useToast,
} from './toast';

/** Writes to the queue of the nearest `ToastProvider`. */
function ToastDemo() {
  const toast = useToast();
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

type Loaded = { toasts: Toasts };

/**
 * Each story gets a queue of its own (`context.loaded.toasts`), so the play functions can add
 * toasts and inspect the queue; the region inside shows it (the preview's region stays empty).
 */
const withOwnToasts: Decorator = (Story, { loaded }) => (
  <ToastProvider toasts={(loaded as Loaded).toasts}>
    <Story />
    <ToastRegion />
  </ToastProvider>
);

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  loaders: [async () => ({ toasts: createToasts() })],
  decorators: [withOwnToasts],
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** One toast of each type at once. */
export const Catalog: Story = {
  play: async ({ loaded }) => {
    const { toasts } = loaded as Loaded;
    toasts.success('Gespeichert.');
    toasts.error('Die E-Mail-Adresse wird bereits verwendet.');
    toasts.info('Die Anleitung wurde per E-Mail verschickt.');
    toasts.success('Der Schüler wurde archiviert.', { title: 'Archiviert' });
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
  play: async ({ canvasElement, loaded }) => {
    await expect(TOAST_DURATION_MS).toBe(6000);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Fehler' }));
    await within(document.body).findByRole('alertdialog');
    await expect((loaded as Loaded).toasts.queue.visibleToasts[0]?.timeout).toBe(6000);
  },
};

/** One embed: a provider of its own (a queue of its own), its region inside its scope. */
function Embed({ name }: { name: string }) {
  return (
    <FahrwerkScope data-testid={`embed-${name}`} className="rounded border p-3">
      <ToastProvider>
        <EmbedButton name={name} />
        <ToastRegion />
      </ToastProvider>
    </FahrwerkScope>
  );
}

function EmbedButton({ name }: { name: string }) {
  const toast = useToast();
  return (
    <Button onPress={() => toast.success(`Gespeichert in ${name}.`)}>Speichern in {name}</Button>
  );
}

/**
 * Two embeds on one page (each a `FahrwerkScope` with its own provider): a toast fired in A
 * shows in A's region only, once, and one fired in B in B's only.
 */
export const TwoProvidersKeepTheirToastsApart: Story = {
  render: () => (
    <div className="flex gap-3">
      <Embed name="A" />
      <Embed name="B" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const a = canvas.getByTestId('embed-A');
    const b = canvas.getByTestId('embed-B');

    await userEvent.click(canvas.getByRole('button', { name: 'Speichern in A' }));
    const inA = await within(a).findByRole('alertdialog', { name: 'Gespeichert in A.' });
    await expect(within(document.body).getAllByText('Gespeichert in A.')).toHaveLength(1);
    await expect(within(b).queryByRole('alertdialog')).toBeNull();
    await expect(within(b).queryByRole('region')).toBeNull();
    await userEvent.click(within(inA).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(inA).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Speichern in B' }));
    await within(b).findByRole('alertdialog', { name: 'Gespeichert in B.' });
    await expect(within(document.body).getAllByText('Gespeichert in B.')).toHaveLength(1);
    await expect(within(a).queryByRole('alertdialog')).toBeNull();
  },
};
