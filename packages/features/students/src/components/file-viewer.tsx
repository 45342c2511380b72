import { saveBlob } from '@fahrwerk/api';
import { Button, Dialog, Modal } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import type { DownloadedFile } from '../api/student-queries';
import { useStudentsTranslation } from '../use-students-translation';

export type FileViewerProps = {
  /** The file to show; null closes the viewer. */
  file: DownloadedFile | null;
  onClose: () => void;
};

/** Shows a PDF or an image in a modal (blob URL) with a download button. */
export function FileViewer({ file, onClose }: FileViewerProps) {
  const { t } = useStudentsTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file.blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);

  return (
    <Modal isOpen={file !== null} onOpenChange={(open) => !open && onClose()} size="lg">
      <Dialog
        title={file?.fileName ?? t('documents.viewerTitle')}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={() => file && saveBlob(file.blob, file.fileName)}>
              {t('documents.download')}
            </Button>
            <Button onPress={close}>{t('common.close')}</Button>
          </>
        )}
      >
        {file && url && file.kind === 'image' && (
          <img src={url} alt={file.fileName} className="mx-auto max-h-[70vh] object-contain" />
        )}
        {file && url && file.kind === 'pdf' && (
          <iframe src={url} title={file.fileName} className="h-[70vh] w-full rounded border" />
        )}
      </Dialog>
    </Modal>
  );
}

/** Opens PDFs and images in the viewer, saves everything else under its name. */
export function showOrSave(file: DownloadedFile, show: (file: DownloadedFile) => void) {
  if (file.kind === 'pdf' || file.kind === 'image') show(file);
  else saveBlob(file.blob, file.fileName);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
