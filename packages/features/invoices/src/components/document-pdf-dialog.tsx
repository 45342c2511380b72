import { downloadErrorMessage, isApiError } from '@fahrwerk/api';
import { useToast } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import {
  documentFileName,
  type PaymentDocument,
  usePaymentDocumentPdf,
} from '../api/invoice-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';
import { DocumentDownloadDialog } from './document-download-dialog';

export type DocumentPdfDialogProps = {
  /** The document whose PDF to show; `null` closes the dialog. */
  document: Pick<PaymentDocument, 'id' | 'number'> | null;
  onClose: () => void;
};

/**
 * An issued document's PDF in the download dialog, with "ohne Briefkopf". A type that may not
 * lose its letterhead is refused by the server (422): its German text shows as a toast and the
 * dialog goes back to the PDF with letterhead.
 */
export function DocumentPdfDialog({ document, onClose }: DocumentPdfDialogProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const [removeLetterhead, setRemoveLetterhead] = useState(false);
  const pdf = usePaymentDocumentPdf(document?.id ?? null, removeLetterhead);
  const refused = pdf.isError && isApiError(pdf.error) && pdf.error.status === 422;

  useEffect(() => {
    if (!pdf.isError) return;
    const text = downloadErrorMessage(pdf.error, t);
    if (refused && removeLetterhead) {
      if (text) toast.error(text);
      setRemoveLetterhead(false);
    }
  }, [pdf.isError, pdf.error, refused, removeLetterhead, t, toast]);

  const documentId = document?.id;
  // A newly opened document starts with the letterhead.
  useEffect(() => {
    if (documentId !== undefined) setRemoveLetterhead(false);
  }, [documentId]);

  const showError = pdf.isError && !(refused && removeLetterhead);
  return (
    <DocumentDownloadDialog
      isOpen={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        document?.number
          ? t('download.titleNumber', { number: document.number })
          : t('download.title')
      }
      fileName={document ? documentFileName(document) : 'dokument.pdf'}
      pdf={pdf.data}
      isLoading={pdf.isFetching}
      error={showError ? (downloadErrorMessage(pdf.error, t) ?? t('download.errorTitle')) : null}
      onRetry={() => void pdf.refetch()}
      removeLetterhead={removeLetterhead}
      onRemoveLetterheadChange={setRemoveLetterhead}
    />
  );
}
