import { isApiError } from '@fahrwerk/api';
import { EmptyState, ErrorState, Spinner } from '@fahrwerk/ui';
import { useKnowledgePageHtml } from '../api/knowledge-queries';
import { useLearningTranslation } from '../use-learning-translation';

/** Typography for the page's HTML: headings, paragraphs, lists, tables with borders, quotes. */
const prose = [
  'max-w-prose text-base leading-relaxed text-neutral-800',
  '[&_p]:my-3 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-neutral-900',
  '[&_h4]:mt-4 [&_h4]:mb-1 [&_h4]:font-semibold [&_h4]:text-neutral-900',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_table]:my-4 [&_table]:border-collapse [&_th]:border [&_th]:border-neutral-300 [&_th]:bg-neutral-50',
  '[&_th]:px-3 [&_th]:py-1.5 [&_th]:text-left [&_td]:border [&_td]:border-neutral-300 [&_td]:px-3 [&_td]:py-1.5',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_a]:text-brand-700 [&_a]:underline [&_img]:my-3 [&_img]:max-w-full [&_strong]:font-semibold',
  '[&>:first-child]:mt-0',
].join(' ');

/** The projector's sizes on top: about twice the reading size, the full width. */
const projector = 'max-w-none text-2xl leading-relaxed [&_h3]:text-3xl [&_h4]:text-2xl';

/**
 * One page's text: the server's sanitised HTML in readable typography; `projector` sets it
 * large for the back of a classroom (the mirror book).
 */
export function KnowledgePageText({
  pageId,
  size = 'normal',
}: {
  pageId: number;
  size?: 'normal' | 'projector';
}) {
  const { t } = useLearningTranslation();
  const html = useKnowledgePageHtml(pageId);
  if (html.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner size="lg" label={t('book.pageLoading')} />
      </div>
    );
  }
  if (html.isError) {
    const error: unknown = html.error;
    if (isApiError(error) && error.status === 404) {
      return <EmptyState title={t('book.pageNotFound')} />;
    }
    return (
      <ErrorState
        message={t('book.pageLoadError')}
        onRetry={() => void html.refetch()}
        isRetrying={html.isFetching}
      />
    );
  }
  if (html.data.trim() === '') return <EmptyState title={t('book.pageEmpty')} />;
  return (
    <div
      className={size === 'projector' ? `${prose} ${projector}` : prose}
      // The server sanitises the page (only p, h3, h4, lists, tables, strong, em, blockquote,
      // br, a and img, without scripts or event attributes), so it is shown as it is.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above
      dangerouslySetInnerHTML={{ __html: html.data }}
    />
  );
}
