import { MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  FileUpload,
  formatDateTime,
  Select,
  SelectItem,
} from '@fahrwerk/ui';
import { useState } from 'react';
import type { CostBearerDocument, DocumentType } from '../api/cost-bearer-queries';
import { errorText, useCostBearersTranslation } from '../use-cost-bearers-translation';

/** What the server accepts (the contract's CostBearerDocumentUpload). */
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** The document types a cost bearer's file holds, the likely ones first. */
export const COST_BEARER_DOCUMENT_TYPES = [
  'EDUCATION_VOUCHER',
  'LETTER',
  'CERTIFICATE',
  'APPLICATION_FORM',
  'INVOICE',
  'PAYMENT_REQUEST',
  'TRAINING_CONTRACT',
  'EXAM_PROTOCOL',
  'ID_CARD',
  'EYE_TEST',
  'FIRST_AID',
  'PASSPORT_PHOTO',
  'OTHER',
] as const satisfies readonly DocumentType[];

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

export type DocumentUploadFormProps = {
  onUpload: (file: File, type: DocumentType) => Promise<unknown>;
  isPending?: boolean;
  /** Texts differ between the office and the public page. */
  fileLabel: string;
  typeLabel: string;
  submitLabel: string;
};

/** One file and its type; refuses other formats and files over 20 MB before uploading. */
export function DocumentUploadForm({
  onUpload,
  isPending,
  fileLabel,
  typeLabel,
  submitLabel,
}: DocumentUploadFormProps) {
  const { t } = useCostBearersTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [type, setType] = useState<DocumentType>('OTHER');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const [file] = files;
        if (!file) {
          setProblem(t('documents.chooseFile'));
          return;
        }
        setProblem(null);
        try {
          await onUpload(file, type);
          setFiles([]);
          setType('OTHER');
        } catch (error) {
          setProblem(errorText(error, t, 'messages.operation_error'));
        }
      }}
    >
      <FileUpload
        label={fileLabel}
        maxSizeBytes={MAX_UPLOAD_BYTES}
        acceptedFileTypes={ACCEPTED_DOCUMENT_TYPES}
        value={files}
        onChange={(selected) => {
          setFiles(selected);
          setProblem(null);
        }}
        // FileUpload itself names a refused type or size; nothing is uploaded then.
        onReject={() => setFiles([])}
        errorMessage={problem ?? undefined}
        isRequired
      />
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={typeLabel}
          selectedKey={type}
          onSelectionChange={(key) => setType(key as DocumentType)}
          className="min-w-60"
        >
          {COST_BEARER_DOCUMENT_TYPES.map((documentType) => (
            <SelectItem key={documentType} id={documentType}>
              {t(`documents.types.${documentType}`)}
            </SelectItem>
          ))}
        </Select>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export type CostBearerDocumentsProps = {
  documents: CostBearerDocument[];
  canWrite: boolean;
  onUpload: (file: File, type: DocumentType) => Promise<unknown>;
  isUploading?: boolean;
  onDownload: (document: CostBearerDocument, removeLetterhead: boolean) => void;
  onDelete: (document: CostBearerDocument) => Promise<unknown>;
  /** The QR-code upload link; null until asked for. */
  uploadLink: string | null;
  onShowUploadLink: () => void;
  isLoadingUploadLink?: boolean;
  onCopyUploadLink: (url: string) => void;
};

/** A cost bearer's documents: upload, list, download (optionally without letterhead), delete, QR link. */
export function CostBearerDocuments({
  documents,
  canWrite,
  onUpload,
  isUploading,
  onDownload,
  onDelete,
  uploadLink,
  onShowUploadLink,
  isLoadingUploadLink,
  onCopyUploadLink,
}: CostBearerDocumentsProps) {
  const { t } = useCostBearersTranslation();
  const [deleting, setDeleting] = useState<CostBearerDocument | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {canWrite ? (
        <section aria-labelledby="cost-bearer-upload-title" className="flex flex-col gap-2">
          <h3 id="cost-bearer-upload-title" className="text-sm font-semibold text-neutral-900">
            {t('documents.upload')}
          </h3>
          <DocumentUploadForm
            onUpload={onUpload}
            isPending={isUploading}
            fileLabel={t('documents.file')}
            typeLabel={t('documents.type')}
            submitLabel={t('documents.uploadSubmit')}
          />
        </section>
      ) : null}

      {documents.length === 0 ? (
        <EmptyState title={t('documents.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('documents.tableLabel')}>
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th className="px-3 py-2 text-start font-medium">{t('documents.fileName')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('documents.type')}</th>
                <th className="px-3 py-2 text-end font-medium">{t('documents.size')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('documents.uploadedAt')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('documents.source')}</th>
                <th className="px-3 py-2">
                  <span className="sr-only">{t('list.status')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr key={document.id} className="border-b border-neutral-100">
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="text-start text-brand-700 underline-offset-2 hover:underline"
                      onClick={() => onDownload(document, false)}
                    >
                      {document.fileName}
                    </button>
                  </td>
                  <td className="px-3 py-2">{t(`documents.types.${document.type}`)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">
                    {formatFileSize(document.size)}
                  </td>
                  <td className="px-3 py-2">{formatDateTime(document.uploadedAt)}</td>
                  <td className="px-3 py-2">
                    {document.fromQrCode ? (
                      <Badge tone="brand">{t('documents.fromQrCode')}</Badge>
                    ) : document.generated ? (
                      <Badge tone="neutral">{t('documents.generated')}</Badge>
                    ) : (
                      t('documents.fromOffice')
                    )}
                  </td>
                  <td className="px-3 py-2 text-end">
                    <ActionMenu
                      label={t('documents.actions', { name: document.fileName })}
                      items={[
                        { id: 'download', label: t('documents.download') },
                        {
                          id: 'withoutLetterhead',
                          label: t('documents.downloadWithoutLetterhead'),
                        },
                        ...(canWrite
                          ? [{ id: 'delete', label: t('documents.delete'), isDanger: true }]
                          : []),
                      ]}
                      onAction={(action) => {
                        if (action === 'delete') setDeleting(document);
                        else onDownload(document, action === 'withoutLetterhead');
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section
        aria-labelledby="cost-bearer-qr-title"
        className="flex flex-col gap-2 rounded-md border border-neutral-200 p-4"
      >
        <h3 id="cost-bearer-qr-title" className="text-sm font-semibold text-neutral-900">
          {t('documents.qrTitle')}
        </h3>
        <p className="text-sm text-neutral-600">{t('documents.qrDescription')}</p>
        {uploadLink ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-medium text-neutral-800">{t('documents.qrUrl')}</span>
              <input
                readOnly
                value={uploadLink}
                onFocus={(event) => event.currentTarget.select()}
                className="h-9 w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 font-mono text-xs text-neutral-900"
              />
            </label>
            <Button variant="secondary" onPress={() => onCopyUploadLink(uploadLink)}>
              {t('documents.qrCopy')}
            </Button>
          </div>
        ) : (
          <div>
            <Button variant="secondary" onPress={onShowUploadLink} isPending={isLoadingUploadLink}>
              {t('documents.qrShow')}
            </Button>
          </div>
        )}
      </section>

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.delete')}
        variant="destructive"
        onConfirm={() => (deleting ? onDelete(deleting) : undefined)}
      >
        {t('documents.deleteText', { name: deleting?.fileName ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
