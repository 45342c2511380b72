import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BOOK_MIRROR_CHANNEL } from './components/book-mirror-channel';
import { KnowledgeBookScreen } from './knowledge-book-screen';
import { knowledgeHandlers, knowledgeStateHandlers } from './mocks/knowledge-handlers';

const meta = {
  title: 'Features/Learning/KnowledgeBookScreen',
  component: KnowledgeBookScreen,
  args: { bookId: 59, onOpenPage: fn() },
  parameters: { msw: { handlers: knowledgeHandlers } },
} satisfies Meta<typeof KnowledgeBookScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Basiswissen: the contents with both chapters, the first page open and marked, its text with
 * heading, list and quote; "Nächste Seite" goes on, the contents open a page of the next chapter.
 */
export const BaseKnowledge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Basiswissen', level: 1 });
    const contents = within(await canvas.findByRole('navigation', { name: 'Inhalt' }));
    await expect(contents.getByRole('heading', { name: 'Grundregeln' })).toBeVisible();
    await expect(contents.getByRole('heading', { name: 'Vorfahrt' })).toBeVisible();
    await expect(
      contents.getByRole('button', { name: 'Ständige Vorsicht und gegenseitige Rücksicht' }),
    ).toHaveAttribute('aria-current', 'page');
    await canvas.findByText(/Die Teilnahme am Straßenverkehr erfordert/);
    await canvas.findByText('Seite 1 von 4');
    await canvas.findByRole('heading', { name: 'Was das im Alltag heißt', level: 4 });
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();

    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite: Geschwindigkeit' }));
    await expect(args.onOpenPage).toHaveBeenLastCalledWith(5902);
    const table = await canvas.findByRole('table');
    await within(table).findByRole('cell', { name: '50 km/h' });
    await expect(contents.getByRole('button', { name: 'Geschwindigkeit' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Across chapters: the next page of the last page of "Grundregeln" is "Rechts vor links".
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite: Rechts vor links' }));
    await canvas.findByText(/hat Vorfahrt, wer von rechts kommt/);
    await expect(args.onOpenPage).toHaveBeenLastCalledWith(5903);
    await userEvent.click(canvas.getByRole('button', { name: 'Vorherige Seite: Geschwindigkeit' }));
    await canvas.findByRole('table');

    await userEvent.click(contents.getByRole('button', { name: 'Abstand' }));
    await canvas.findByText(/der halbe Tachowert in Metern/);
    await expect(args.onOpenPage).toHaveBeenLastCalledWith(5904);
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  },
};

/** A link with `?page=`: that page opens. */
export const PageFromUrl: Story = {
  args: { bookId: 60, pageId: 6002 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zusatzwissen Klasse B', level: 1 });
    await canvas.findByText(/Schwere Ladung gehört nach unten/);
    await expect(canvas.getByRole('button', { name: 'Beladen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    await expect(args.onOpenPage).not.toHaveBeenCalled();
  },
};

/** A book without pages says so. */
export const EmptyBook: Story = {
  args: { bookId: 61 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zusatzwissen Klasse A', level: 1 });
    await canvas.findByText('Dieses Buch hat noch keine Seiten.');
    await expect(canvas.queryByRole('navigation', { name: 'Inhalt' })).toBeNull();
  },
};

/** While the book loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [knowledgeStateHandlers.bookLoading, ...knowledgeHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Basiswissen', level: 1 });
    await canvas.findByText('Das Buch wird geladen …');
  },
};

let bookFailing = true;
/** The book fails to load; "Erneut versuchen" after the server is back shows it. */
export const BookError: Story = {
  beforeEach: () => {
    bookFailing = true;
  },
  parameters: {
    msw: {
      handlers: [knowledgeStateHandlers.bookDownWhile(() => bookFailing), ...knowledgeHandlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Das Buch konnte nicht geladen werden.');
    bookFailing = false;
    await userEvent.click(canvas.getByRole('button', { name: /erneut/i }));
    await canvas.findByRole('navigation', { name: 'Inhalt' });
    await canvas.findByText(/Die Teilnahme am Straßenverkehr erfordert/);
  },
};

let pageFailing = true;
/** A page fails to load: the contents stay, the page offers a retry. */
export const PageError: Story = {
  beforeEach: () => {
    pageFailing = true;
  },
  parameters: {
    msw: {
      handlers: [knowledgeStateHandlers.pageDownWhile(() => pageFailing), ...knowledgeHandlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Seite konnte nicht geladen werden.');
    await expect(canvas.getByRole('navigation', { name: 'Inhalt' })).toBeVisible();
    pageFailing = false;
    await userEvent.click(canvas.getByRole('button', { name: /erneut/i }));
    await waitFor(() =>
      expect(canvas.queryByText('Die Seite konnte nicht geladen werden.')).toBeNull(),
    );
    await canvas.findByText(/Die Teilnahme am Straßenverkehr erfordert/);
  },
};

/** English texts around the German book. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('navigation', { name: 'Contents' });
    await canvas.findByText('Page 1 of 4');
    await canvas.findByRole('button', { name: 'Next page: Geschwindigkeit' });
  },
};

/** "Auf Beamer zeigen" asks the host to open the mirror book; every page turned is announced. */
export const ShowOnProjector: Story = {
  args: { onOpenMirror: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const channel = new BroadcastChannel(BOOK_MIRROR_CHANNEL);
    const announced: unknown[] = [];
    channel.onmessage = (event) => announced.push(event.data);
    try {
      await userEvent.click(await canvas.findByRole('button', { name: 'Auf Beamer zeigen' }));
      await expect(args.onOpenMirror).toHaveBeenCalledWith(59, 5901);
      await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite: Geschwindigkeit' }));
      await waitFor(() =>
        expect(announced).toContainEqual({ type: 'page', page: { bookId: 59, pageId: 5902 } }),
      );
      // A mirror window that opens asks, and is told the page shown now.
      announced.length = 0;
      channel.postMessage({ type: 'hello' });
      await waitFor(() =>
        expect(announced).toContainEqual({ type: 'page', page: { bookId: 59, pageId: 5902 } }),
      );
    } finally {
      channel.close();
    }
  },
};
