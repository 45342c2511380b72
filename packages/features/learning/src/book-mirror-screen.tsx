import { Button, EmptyState, ErrorState, Select, Spinner } from '@fahrwerk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type KnowledgeBookId, pagesInOrder, useKnowledgeBook } from './api/knowledge-queries';
import { type MirroredPage, useMirroredPages } from './components/book-mirror-channel';
import { KnowledgePageText } from './components/knowledge-page-text';
import { useLearningTranslation } from './use-learning-translation';

const BOOKS: KnowledgeBookId[] = [59, 60, 61];

export type BookMirrorScreenProps = {
  /** The book to show first (the host's `?book=`); Basiswissen when absent. */
  bookId?: KnowledgeBookId;
  /** The page to show first (the host's `?page=`); the book's first page when absent or unknown. */
  pageId?: number;
  /** The page changed (followed or chosen here), e.g. to keep it in the URL. */
  onPageChange?: (page: MirroredPage) => void;
};

/**
 * `/book-mirror`, the mirror book (our decision; the spec names only the route): one page of a
 * knowledge book, large and without the back office around it, for the projector or the
 * second screen in the classroom. It follows the knowledge book the instructor has open in
 * this browser ("Auf Beamer zeigen" there opens it): every page turned there appears here.
 * On its own it can be turned with its own buttons and the arrow keys, and shown full screen.
 */
export function BookMirrorScreen({ bookId = 59, pageId, onPageChange }: BookMirrorScreenProps) {
  const { t } = useLearningTranslation();
  const [shown, setShown] = useState<{ bookId: KnowledgeBookId; pageId?: number }>({
    bookId,
    ...(pageId === undefined ? {} : { pageId }),
  });
  const [following, setFollowing] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const show = useCallback(
    (page: MirroredPage) => {
      setShown(page);
      onPageChange?.(page);
    },
    [onPageChange],
  );
  useMirroredPages((page) => {
    setFollowing(true);
    show(page);
  });

  const book = useKnowledgeBook(shown.bookId);
  const pages = book.data ? pagesInOrder(book.data) : [];
  const index = Math.max(
    0,
    pages.findIndex((page) => page.id === shown.pageId),
  );
  const current = pages[index];
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = pages[index + 1];

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, [role="listbox"]')) {
        return;
      }
      if (event.key === 'ArrowRight' && next) show({ bookId: shown.bookId, pageId: next.id });
      if (event.key === 'ArrowLeft' && previous) {
        show({ bookId: shown.bookId, pageId: previous.id });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, shown.bookId, show]);

  let body: React.ReactNode;
  if (book.isPending) {
    body = (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner size="lg" label={t('book.loading')} />
      </div>
    );
  } else if (book.isError) {
    body = (
      <ErrorState
        message={t('book.loadError')}
        onRetry={() => void book.refetch()}
        isRetrying={book.isFetching}
      />
    );
  } else if (!current) {
    body = <EmptyState title={t('book.empty')} description={t('book.emptyText')} />;
  } else {
    body = (
      <article aria-labelledby="mirror-page-title" className="flex flex-col gap-6">
        <header className="flex flex-col gap-1 border-b border-neutral-200 pb-4">
          <h1 className="text-lg font-normal text-neutral-600">
            {book.data.title} · {t('book.position', { current: index + 1, total: pages.length })}
          </h1>
          <h2 id="mirror-page-title" className="text-4xl font-semibold text-neutral-900">
            {current.title}
          </h2>
        </header>
        <KnowledgePageText key={current.id} pageId={current.id} size="projector" />
      </article>
    );
  }

  return (
    <div ref={root} className="min-h-screen bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-8 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3 text-sm">
          <p className="text-neutral-700" role="status">
            {following ? t('mirror.following') : t('mirror.waiting')}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <Select
              label={t('mirror.book')}
              items={BOOKS.map((id) => ({ id, label: t(`book.title.${id}`) }))}
              selectedKey={shown.bookId}
              onSelectionChange={(key) => show({ bookId: key as KnowledgeBookId, pageId: 0 })}
            />
            <Button
              variant="secondary"
              isDisabled={!previous}
              onPress={() => previous && show({ bookId: shown.bookId, pageId: previous.id })}
            >
              {t('book.previous')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={!next}
              onPress={() => next && show({ bookId: shown.bookId, pageId: next.id })}
            >
              {t('book.next')}
            </Button>
            {typeof document !== 'undefined' && document.fullscreenEnabled && (
              <Button variant="secondary" onPress={() => void root.current?.requestFullscreen()}>
                {t('mirror.fullscreen')}
              </Button>
            )}
          </div>
        </div>
        {body}
      </div>
    </div>
  );
}
