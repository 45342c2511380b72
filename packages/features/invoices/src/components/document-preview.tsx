import { downloadErrorMessage } from '@fahrwerk/api';
import { useToast } from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { DocumentFile } from '../api/form-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';
import { DocumentDownloadDialog } from './document-download-dialog';

/** What to show: a title, how to fetch the PDF, whether "ohne Briefkopf" is offered. */
export type PreviewRequest = {
  /** Names the fetch (with the letterhead choice added): one key per document or body. */
  key: readonly unknown[];
  title: string;
  load: (removeLetterhead: boolean) => Promise<DocumentFile>;
  /** Offers the "ohne Briefkopf" switch (the server refuses it where the type does not allow it). */
  allowRemoveLetterhead?: boolean;
  /** Further buttons in the dialog's footer (e.g. "Ausstellen"). */
  actions?: ReactNode;
};

export type DocumentPreviewProps = {
  /** The preview to show; `null` closes the dialog. */
  request: PreviewRequest | null;
  onClose: () => void;
};

/**
 * A document's PDF or a preview in the download dialog: fetched when opened (again when the
 * letterhead switch changes), never cached (a draft changes between two looks). A failure
 * shows the download's message (spec 000 §8) in the dialog; the refused letterhead removal
 * also as the spec's toast.
 */
export function DocumentPreview({ request, onClose }: DocumentPreviewProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const [removeLetterhead, setRemoveLetterhead] = useState(false);
  const file = useQuery({
    queryKey: ['document-preview', ...(request?.key ?? []), removeLetterhead],
    queryFn: async () => {
      try {
        return await (request as PreviewRequest).load(removeLetterhead);
      } catch (error) {
        if (removeLetterhead) toast.error(downloadErrorMessage(error, t) ?? t('errors.unknown'));
        throw error;
      }
    },
    enabled: request !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { silentError: true },
  });
  return (
    <DocumentDownloadDialog
      isOpen={request !== null}
      onOpenChange={(open) => {
        if (open) return;
        setRemoveLetterhead(false);
        onClose();
      }}
      title={request?.title ?? ''}
      pdf={file.data?.blob}
      fileName={file.data?.fileName ?? 'dokument.pdf'}
      isLoading={file.isFetching}
      error={file.isError ? downloadErrorMessage(file.error, t) : null}
      onRetry={() => void file.refetch()}
      removeLetterhead={removeLetterhead}
      {...(request?.allowRemoveLetterhead ? { onRemoveLetterheadChange: setRemoveLetterhead } : {})}
      actions={request?.actions}
    />
  );
}
