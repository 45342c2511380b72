import { useEffect, useRef } from 'react';
import type { KnowledgeBookId } from '../api/knowledge-queries';

/**
 * How the mirror book follows a knowledge book in the same browser: the book screen posts the
 * page it shows on a BroadcastChannel; a mirror window opening asks once ("hello") and the
 * open book answers. Same origin only, nothing leaves the browser; where BroadcastChannel is
 * missing the mirror simply shows the page of its URL.
 */
export const BOOK_MIRROR_CHANNEL = 'fahrwerk-book-mirror';

export type MirroredPage = { bookId: KnowledgeBookId; pageId: number };

type Message = { type: 'page'; page: MirroredPage } | { type: 'hello' };

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BOOK_MIRROR_CHANNEL);
}

/** Tells every mirror window which page is shown now. */
export function publishMirroredPage(page: MirroredPage): void {
  const c = channel();
  if (!c) return;
  c.postMessage({ type: 'page', page } satisfies Message);
  c.close();
}

const isBookId = (value: unknown): value is KnowledgeBookId =>
  value === 59 || value === 60 || value === 61;

/** Answers a mirror window that has just opened with the page shown now. */
export function useMirrorRequests(page: MirroredPage | null): void {
  const latest = useRef(page);
  latest.current = page;
  useEffect(() => {
    const c = channel();
    if (!c) return;
    c.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.type === 'hello' && latest.current) {
        c.postMessage({ type: 'page', page: latest.current } satisfies Message);
      }
    };
    return () => c.close();
  }, []);
}

/** In the mirror window: every page a book screen of this browser shows, from now on. */
export function useMirroredPages(onPage: (page: MirroredPage) => void): void {
  const handler = useRef(onPage);
  handler.current = onPage;
  useEffect(() => {
    const c = channel();
    if (!c) return;
    c.onmessage = (event: MessageEvent<Message>) => {
      const data = event.data;
      if (
        data?.type === 'page' &&
        isBookId(data.page?.bookId) &&
        Number.isInteger(data.page.pageId)
      ) {
        handler.current(data.page);
      }
    };
    c.postMessage({ type: 'hello' } satisfies Message);
    return () => c.close();
  }, []);
}
