import { saveBlob } from '@fahrwerk/api';
import { Button, Dialog, ErrorState, Modal, Spinner, Switch } from '@fahrwerk/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useInvoicesTranslation } from '../use-invoices-translation';

export type DocumentDownloadDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The heading, e.g. "Rechnung RE-2026-00042" or "Vorschau der Schlussrechnung". */
  title: ReactNode;
  /** The PDF to show; `null`/`undefined` while none is there (loading or failed). */
  pdf: Blob | null | undefined;
  /** The name the download button saves the PDF under, e.g. `RE-2026-00042.pdf`. */
  fileName: string;
  /** The PDF is being fetched (first time or again after the letterhead switch changed). */
  isLoading?: boolean;
  /** A translated failure text; shown instead of the preview. */
  error?: string | null;
  /** Shows "Erneut versuchen" next to the failure. */
  onRetry?: () => void;
  /**
   * The "ohne Briefkopf" switch's state. The switch shows only with
   * `onRemoveLetterheadChange`; the host fetches the PDF again with `removeLetterhead`.
   * @default false
   */
  removeLetterhead?: boolean;
  onRemoveLetterheadChange?: (removeLetterhead: boolean) => void;
  /** Further buttons in the footer before "Herunterladen", e.g. "Rechnung ausstellen". */
  actions?: ReactNode;
  /** Replaces saving the blob under `fileName` (e.g. to count downloads); @default saveBlob */
  onDownload?: (pdf: Blob) => void;
};

/**
 * A PDF in a modal: the preview (a blob URL in an iframe), a download button and, where the
 * document type allows it, the "ohne Briefkopf" switch. Presentational: the host fetches the
 * PDF (previews, issued documents) and passes it in with its loading and error state.
 */
export function DocumentDownloadDialog({
  isOpen,
  onOpenChange,
  title,
  pdf,
  fileName,
  isLoading = false,
  error = null,
  onRetry,
  removeLetterhead = false,
  onRemoveLetterheadChange,
  actions,
  onDownload,
}: DocumentDownloadDialogProps) {
  const { t } = useInvoicesTranslation();
  const url = useObjectUrl(isOpen ? pdf : null);
  const canDownload = Boolean(pdf) && !isLoading && !error;

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog
        title={title}
        footer={({ close }) => (
          <>
            {actions}
            <Button
              variant="secondary"
              isDisabled={!canDownload}
              onPress={() => {
                if (!pdf) return;
                if (onDownload) onDownload(pdf);
                else saveBlob(pdf, fileName);
              }}
            >
              {t('download.download')}
            </Button>
            <Button variant="quiet" onPress={close}>
              {t('download.close')}
            </Button>
          </>
        )}
      >
        <div className="flex flex-col gap-3">
          {onRemoveLetterheadChange && (
            <Switch
              isSelected={removeLetterhead}
              onChange={onRemoveLetterheadChange}
              isDisabled={isLoading}
            >
              {t('download.removeLetterhead')}
            </Switch>
          )}
          {error ? (
            <ErrorState title={t('download.errorTitle')} message={error} onRetry={onRetry} />
          ) : isLoading || !url ? (
            <div className="flex h-[60vh] items-center justify-center text-brand-600">
              <Spinner size="lg" label={t('download.loading')} />
            </div>
          ) : (
            <iframe
              src={url}
              title={t('download.previewOf', { fileName })}
              className="h-[60vh] w-full rounded border border-neutral-200"
            />
          )}
        </div>
      </Dialog>
    </Modal>
  );
}

/** A blob URL for the blob while it is shown; revoked when it changes or the dialog closes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
