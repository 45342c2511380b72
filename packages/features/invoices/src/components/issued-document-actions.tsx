import { downloadErrorMessage, saveBlob } from '@fahrwerk/api';
import { Button, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import { type PaymentDocument, useDocumentFiles } from '../api/form-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';
import { DocumentPreview, type PreviewRequest } from './document-preview';

/**
 * The buttons of a document just issued: its PDF in the download dialog and, for a cost
 * bearer's XRechnung or ZUGFeRD, the e-invoice file.
 */
export function IssuedDocumentActions({ document }: { document: PaymentDocument }) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const files = useDocumentFiles();
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const [loading, setLoading] = useState(false);
  const hasEInvoice = document.costBearerId !== undefined && document.eInvoiceFormat !== 'PDF';
  const title = document.number
    ? `${t(`forms.types.${document.type}`)} ${document.number}`
    : t(`forms.types.${document.type}`);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() =>
          setPreview({
            key: ['payment-document-pdf', document.id, document.updatedAt],
            title,
            load: (removeLetterhead) => files.pdf(document, removeLetterhead),
            allowRemoveLetterhead: true,
          })
        }
      >
        {t('forms.showPdf')}
      </Button>
      {hasEInvoice && (
        <Button
          variant="secondary"
          isPending={loading}
          onPress={async () => {
            setLoading(true);
            try {
              const file = await files.eInvoice(document);
              saveBlob(file.blob, file.fileName);
            } catch (error) {
              const text = downloadErrorMessage(error, t);
              if (text) toast.error(text);
            } finally {
              setLoading(false);
            }
          }}
        >
          {t(`documentsPanel.eInvoice.${document.eInvoiceFormat}`)}
        </Button>
      )}
      <DocumentPreview request={preview} onClose={() => setPreview(null)} />
    </>
  );
}
