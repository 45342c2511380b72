import { type components, useApi } from '@fahrwerk/api';
import { apiKey, type FahrwerkMeta } from '@fahrwerk/core';
import { useQuery } from '@tanstack/react-query';

export type KnowledgeBook = components['schemas']['KnowledgeBook'];
export type KnowledgeBookChapter = components['schemas']['KnowledgeBookChapter'];
export type KnowledgeBookPageRef = components['schemas']['KnowledgeBookPageRef'];

/** The three knowledge books (theory category ids). */
export type KnowledgeBookId = 59 | 60 | 61;

/** The screen shows a failed read itself (error state with retry): no global toast. */
const inline: FahrwerkMeta = { silentError: true };

/** A knowledge book: its title and table of contents (chapters with their pages). */
export function useKnowledgeBook(bookId: KnowledgeBookId) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/wiki-drive-buzz/books/{bookId}',
      { params: { path: { bookId } } },
      { meta: inline, staleTime: 5 * 60_000 },
    ),
  );
}

/**
 * One page of a knowledge book as an HTML fragment. The server answers `text/html` (sanitised
 * by the server), so the client reads it as text, not JSON.
 */
export function useKnowledgePageHtml(pageId: number | null) {
  const { fetch } = useApi();
  const init = { params: { path: { pageId: pageId ?? 0 } } };
  return useQuery({
    queryKey: apiKey('get', '/wiki-drive-buzz/pages/{pageId}/html', init),
    queryFn: async ({ signal }) => {
      const { data } = await fetch.GET('/wiki-drive-buzz/pages/{pageId}/html', {
        ...init,
        parseAs: 'text',
        signal,
      });
      return typeof data === 'string' ? data : '';
    },
    enabled: pageId !== null,
    meta: inline,
    staleTime: 5 * 60_000,
  });
}

/** The book's pages in reading order, across chapters. */
export function pagesInOrder(book: KnowledgeBook): KnowledgeBookPageRef[] {
  return book.chapters.flatMap((chapter) => chapter.pages);
}
