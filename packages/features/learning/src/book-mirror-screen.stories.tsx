import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BookMirrorScreen } from './book-mirror-screen';
import { BOOK_MIRROR_CHANNEL } from './components/book-mirror-channel';
import { knowledgeHandlers, knowledgeStateHandlers } from './mocks/knowledge-handlers';

const meta = {
  title: 'Features/Learning/BookMirrorScreen',
  component: BookMirrorScreen,
  args: { onPageChange: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers: knowledgeHandlers } },
} satisfies Meta<typeof BookMirrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened alone: the first page of Basiswissen, large; turned with its buttons and the arrow keys. */
export const Alone: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', {
      name: 'Ständige Vorsicht und gegenseitige Rücksicht',
      level: 2,
    });
    await canvas.findByText(/Die Teilnahme am Straßenverkehr erfordert/);
    await expect(canvas.getByText(/^Spiegelbuch:/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
    await canvas.findByRole('heading', { name: 'Geschwindigkeit', level: 2 });
    await expect(args.onPageChange).toHaveBeenLastCalledWith({ bookId: 59, pageId: 5902 });
    await userEvent.keyboard('{ArrowRight}');
    await canvas.findByRole('heading', { name: 'Rechts vor links', level: 2 });
    await userEvent.keyboard('{ArrowLeft}');
    await canvas.findByRole('heading', { name: 'Geschwindigkeit', level: 2 });
  },
};

/** A link with book and page opens that page. */
export const PageFromUrl: Story = {
  args: { bookId: 60, pageId: 6002 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Beladen', level: 2 });
    await canvas.findByRole('heading', { name: 'Zusatzwissen Klasse B · Seite 2 von 2', level: 1 });
  },
};

/**
 * It follows the knowledge book of this browser: the page a book screen announces on the
 * channel appears here, even in another book.
 */
export const FollowsTheBook: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', {
      name: 'Ständige Vorsicht und gegenseitige Rücksicht',
      level: 2,
    });
    const channel = new BroadcastChannel(BOOK_MIRROR_CHANNEL);
    try {
      channel.postMessage({ type: 'page', page: { bookId: 60, pageId: 6001 } });
      await canvas.findByRole('heading', { name: 'Stützlast und Anhängelast', level: 2 });
      await expect(
        canvas.getByText('Folgt dem Wissensbuch, das in Fahrwerk geöffnet ist.'),
      ).toBeVisible();
      await expect(args.onPageChange).toHaveBeenLastCalledWith({ bookId: 60, pageId: 6001 });
      // Anything else on the channel is ignored (messages arrive in order, so once the next
      // page shows, the two before it were seen and dropped).
      channel.postMessage({ type: 'page', page: { bookId: 12, pageId: 1 } });
      channel.postMessage('nonsense');
      channel.postMessage({ type: 'page', page: { bookId: 60, pageId: 6002 } });
      await canvas.findByRole('heading', { name: 'Beladen', level: 2 });
      await expect(args.onPageChange).toHaveBeenCalledTimes(2);
    } finally {
      channel.close();
    }
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [knowledgeStateHandlers.bookDownWhile(() => true)] } },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText('Das Buch konnte nicht geladen werden.'),
      ).toBeVisible(),
    );
  },
};
