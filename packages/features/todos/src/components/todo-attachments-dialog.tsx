import { isApiError, MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button, Dialog, FileUpload, formatDateTime, Modal, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Todo,
  useDeleteAttachment,
  useDownloadAttachment,
  useUploadAttachment,
} from '../api/todo-queries';
import { useTodosTranslation } from '../use-todos-translation';

/** The contract's limit of attachments per to-do. */
export const MAX_ATTACHMENTS = 20;

export type TodoAttachmentsDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  todo: Todo;
  canWrite: boolean;
};

const kilobytes = (size: number) =>
  size >= 1024 * 1024
    ? `${(size / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(size / 1024)).toLocaleString('de-DE')} KB`;

/** The attachments of a to-do: download, upload (any type, 20 MB each, 20 in all), delete. */
export function TodoAttachmentsDialog({
  isOpen,
  onOpenChange,
  todo,
  canWrite,
}: TodoAttachmentsDialogProps) {
  const toast = useToast();
  const { t } = useTodosTranslation();
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const download = useDownloadAttachment();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const full = todo.attachments.length >= MAX_ATTACHMENTS;

  const send = async () => {
    setProblem(null);
    for (const file of files) {
      try {
        await upload.mutateAsync({ todoId: todo.id, file });
      } catch (error) {
        setProblem(
          isApiError(error)
            ? (error.fieldErrors[0]?.error ?? error.globalErrors[0] ?? error.body.error_message)
            : 'errors.unknown',
        );
        return;
      }
    }
    toast.success(t('attachments.uploaded', { count: files.length }));
    setFiles([]);
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t('attachments.title', { title: todo.title })}>
        {({ close }) => (
          <div className="flex flex-col gap-4">
            {todo.attachments.length === 0 ? (
              <p className="text-sm text-neutral-700">{t('attachments.none')}</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={t('attachments.list')}>
                {todo.attachments.map((file) => (
                  <li
                    key={file.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-neutral-200 p-2 text-sm"
                  >
                    <span className="font-medium text-neutral-900">{file.fileName}</span>
                    <span className="text-neutral-600">
                      {kilobytes(file.size)}
                      {file.uploadedAt ? ` · ${formatDateTime(file.uploadedAt)}` : ''}
                    </span>
                    <span className="ms-auto flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('attachments.downloadName', { name: file.fileName })}
                        onPress={() => download.mutate({ todoId: todo.id, file })}
                      >
                        {t('attachments.download')}
                      </Button>
                      {canWrite && (
                        <Button
                          size="sm"
                          variant="destructive"
                          aria-label={t('attachments.deleteName', { name: file.fileName })}
                          onPress={() =>
                            remove.mutate(
                              { todoId: todo.id, attachmentId: file.id },
                              { onSuccess: () => toast.success(t('messages.delete_success')) },
                            )
                          }
                        >
                          {t('attachments.delete')}
                        </Button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {canWrite &&
              (full ? (
                <p className="text-sm text-neutral-700">{t('attachments.full')}</p>
              ) : (
                <div className="flex flex-col gap-3">
                  {problem && (
                    <FormAlert>
                      <p>{t(problem)}</p>
                    </FormAlert>
                  )}
                  <FileUpload
                    label={t('attachments.add')}
                    description={t('attachments.addHint', {
                      left: MAX_ATTACHMENTS - todo.attachments.length,
                    })}
                    maxSizeBytes={MAX_UPLOAD_BYTES}
                    allowsMultiple
                    value={files}
                    onChange={(selected) => {
                      const left = MAX_ATTACHMENTS - todo.attachments.length;
                      // More than fit are not dropped silently: the choice is refused with a message.
                      if (selected.length > left) {
                        setProblem('attachments.tooMany');
                        setFiles([]);
                      } else {
                        setProblem(null);
                        setFiles(selected);
                      }
                    }}
                  />
                  <div>
                    <Button
                      onPress={send}
                      isDisabled={files.length === 0}
                      isPending={upload.isPending}
                    >
                      {t('attachments.upload')}
                    </Button>
                  </div>
                </div>
              ))}
            <div className="flex justify-end">
              <Button variant="secondary" onPress={close}>
                {t('attachments.close')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
