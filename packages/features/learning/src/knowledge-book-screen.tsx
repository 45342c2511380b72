import { isApiError } from '@fahrwerk/api';
import { Button, EmptyState, ErrorState, PageHeader, Section, Spinner } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import {
  type KnowledgeBook,
  type KnowledgeBookId,
  pagesInOrder,
  useKnowledgeBook,
} from './api/knowledge-queries';
import { publishMirroredPage, useMirrorRequests } from './components/book-mirror-channel';
import { KnowledgePageText } from './components/knowledge-page-text';
import { useLearningTranslation } from './use-learning-translation';

export type KnowledgeBookScreenProps = {
  /** The book: 59 Basiswissen, 60 Zusatzwissen Klasse B, 61 Zusatzwissen Klasse A. */
  bookId: KnowledgeBookId;
  /** The page to open (the host's `?page=`); the book's first page when absent or unknown. */
  pageId?: number;
  /** A page was opened, e.g. to keep it in the URL. */
  onOpenPage?: (pageId: number) => void;
  /**
   * Shows "Auf Beamer zeigen": the host opens its mirror-book window (the back office's
   * `/book-mirror`), which then follows the page opened here in this browser.
   */
  onOpenMirror?: (bookId: KnowledgeBookId, pageId: number) => void;
};

/**
 * A knowledge book: its table of contents (chapters with their pages) beside the open page,
 * which shows the server's HTML in a readable container, with previous and next page across
 * chapters. Open to any signed-in user (the spec lists no permission).
 */
export function KnowledgeBookScreen({
  bookId,
  pageId,
  onOpenPage,
  onOpenMirror,
}: KnowledgeBookScreenProps) {
  const { t } = useLearningTranslation();
  const book = useKnowledgeBook(bookId);
  const fallbackTitle = t(`book.title.${bookId}`);
  const description = t(`book.description.${bookId}`);

  if (book.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={fallbackTitle} description={description} />
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner size="lg" label={t('book.loading')} />
        </div>
      </div>
    );
  }
  if (book.isError) {
    const error: unknown = book.error;
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={fallbackTitle} description={description} />
        {isApiError(error) && error.status === 404 ? (
          <EmptyState title={t('book.notFound')} />
        ) : (
          <ErrorState
            message={t('book.loadError')}
            onRetry={() => void book.refetch()}
            isRetrying={book.isFetching}
          />
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={book.data.title} description={description} />
      {pagesInOrder(book.data).length === 0 ? (
        <EmptyState title={t('book.empty')} description={t('book.emptyText')} />
      ) : (
        <BookContent
          bookId={bookId}
          book={book.data}
          pageId={pageId}
          onOpenPage={onOpenPage}
          onOpenMirror={onOpenMirror}
        />
      )}
    </div>
  );
}

function BookContent({
  bookId,
  book,
  pageId,
  onOpenPage,
  onOpenMirror,
}: {
  bookId: KnowledgeBookId;
  book: KnowledgeBook;
  pageId?: number;
  onOpenPage?: (pageId: number) => void;
  onOpenMirror?: KnowledgeBookScreenProps['onOpenMirror'];
}) {
  const { t } = useLearningTranslation();
  const [chosen, setChosen] = useState<number | undefined>(pageId);
  // The host's page wins when it changes (a link, back in the browser).
  useEffect(() => setChosen(pageId), [pageId]);

  const pages = pagesInOrder(book);
  const index = Math.max(
    0,
    pages.findIndex((page) => page.id === chosen),
  );
  const current = pages[index] ?? pages[0];
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = pages[index + 1];

  const open = (id: number) => {
    setChosen(id);
    onOpenPage?.(id);
  };

  // A mirror window in this browser follows the page shown here, and asks for it when it opens.
  const currentId = current?.id;
  useEffect(() => {
    if (currentId !== undefined) publishMirroredPage({ bookId, pageId: currentId });
  }, [bookId, currentId]);
  useMirrorRequests(currentId === undefined ? null : { bookId, pageId: currentId });

  if (!current) return null;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <nav aria-label={t('book.contents')}>
        <Section title={t('book.contents')}>
          <ol className="flex flex-col gap-4">
            {book.chapters.map((chapter, chapterIndex) => (
              // Chapters have no id of their own; their order is the book's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={chapterIndex} className="flex flex-col gap-1">
                <h3 className="text-sm font-semibold text-neutral-900">{chapter.title}</h3>
                <ol className="flex flex-col">
                  {chapter.pages.map((page) => {
                    const isCurrent = page.id === current.id;
                    return (
                      <li key={page.id}>
                        <button
                          type="button"
                          aria-current={isCurrent ? 'page' : undefined}
                          onClick={() => open(page.id)}
                          className={
                            isCurrent
                              ? 'w-full rounded-md bg-brand-50 px-2 py-1 text-left text-sm font-medium text-brand-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600'
                              : 'w-full rounded-md px-2 py-1 text-left text-sm text-neutral-700 outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-brand-600'
                          }
                        >
                          {page.title}
                        </button>
                      </li>
                    );
                  })}
                </ol>
              </li>
            ))}
          </ol>
        </Section>
      </nav>
      <Section
        title={current.title}
        description={t('book.position', { current: index + 1, total: pages.length })}
        actions={
          onOpenMirror ? (
            <Button variant="secondary" onPress={() => onOpenMirror(bookId, current.id)}>
              {t('mirror.open')}
            </Button>
          ) : undefined
        }
      >
        <KnowledgePageText key={current.id} pageId={current.id} />
        <nav
          aria-label={t('book.pageNavigation')}
          className="flex flex-wrap justify-between gap-2 border-t border-neutral-200 pt-4"
        >
          <Button
            variant="secondary"
            isDisabled={!previous}
            aria-label={previous ? t('book.previousNamed', { title: previous.title }) : undefined}
            onPress={() => previous && open(previous.id)}
          >
            {t('book.previous')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={!next}
            aria-label={next ? t('book.nextNamed', { title: next.title }) : undefined}
            onPress={() => next && open(next.id)}
          >
            {t('book.next')}
          </Button>
        </nav>
      </Section>
    </div>
  );
}
