import { isApiError } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button, Dialog, FileUpload, Modal } from '@fahrwerk/ui';
import { useState } from 'react';
import { PROTOCOL_FILE_TYPES, PROTOCOL_MAX_BYTES } from '../exam-status';
import { useExamsTranslation } from '../use-exams-translation';

export type ProtocolUploadDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The participant's name, in the title. */
  name: string;
  /** Sends the file; rejects with the server's error. */
  onUpload: (file: File) => Promise<unknown>;
  isPending: boolean;
};

/** The server's reason in German: a too large file, a wrong type, or what it said. */
function uploadProblem(error: unknown): string {
  if (!isApiError(error)) return 'upload.failed';
  if (error.status === 413 || error.body.error_message === 'errors.file_too_large') {
    return 'upload.tooLarge';
  }
  const field = error.fieldErrors[0]?.error;
  if (field === 'validation.file_type') return 'upload.wrongType';
  return field ?? error.globalErrors[0] ?? error.body.error_message ?? 'upload.failed';
}

/**
 * Upload a participant's exam protocol: PDF, PNG or JPEG of at most 10 MB, the limit shown
 * before a file is chosen; a bigger file is refused before upload, a refusal of the server is
 * shown in the dialog.
 */
export function ProtocolUploadDialog({
  isOpen,
  onOpenChange,
  name,
  onUpload,
  isPending,
}: ProtocolUploadDialogProps) {
  const { t } = useExamsTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [file] = files;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('upload.title', { name })}>
        {({ close }) => (
          <div className="flex flex-col gap-4">
            {problem && (
              <FormAlert>
                <p>{t(problem)}</p>
              </FormAlert>
            )}
            <FileUpload
              label={t('upload.label')}
              description={t('upload.description')}
              maxSizeBytes={PROTOCOL_MAX_BYTES}
              acceptedFileTypes={PROTOCOL_FILE_TYPES}
              value={files}
              onChange={(selected) => {
                setProblem(null);
                setFiles(selected);
              }}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={close}>
                {t('common.cancel')}
              </Button>
              <Button
                isDisabled={!file}
                isPending={isPending}
                onPress={async () => {
                  if (!file) return;
                  setProblem(null);
                  try {
                    await onUpload(file);
                    close();
                  } catch (error) {
                    setProblem(uploadProblem(error));
                  }
                }}
              >
                {t('upload.submit')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
