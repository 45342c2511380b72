import { FormAlert } from '@fahrwerk/core';
import { Badge, Button, ConfirmDialog, FileUpload, Section } from '@fahrwerk/ui';
import { useEffect, useMemo, useState } from 'react';
import type { BasicDocumentKind, BasicDocumentsAvailability } from '../api/settings-queries';
import { useSettingsTranslation } from '../use-settings-translation';

/** The contract allows 5 MB per basic document. */
export const BASIC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const DOCUMENT_TYPES: Record<BasicDocumentKind, string[]> = {
  letterhead: ['application/pdf', 'image/png', 'image/jpeg'],
  signature: ['image/png', 'image/jpeg'],
  logo: ['image/png', 'image/jpeg'],
};

const KINDS: BasicDocumentKind[] = ['letterhead', 'signature', 'logo'];

export type BasicDocumentsPanelProps = {
  availability: BasicDocumentsAvailability;
  /** The current files (for previews), by kind; absent while loading or when missing. */
  files: Partial<Record<BasicDocumentKind, Blob>>;
  isReadOnly?: boolean;
  onUpload: (kind: BasicDocumentKind, file: File) => Promise<unknown>;
  onRemove: (kind: BasicDocumentKind) => Promise<unknown>;
  /** Translated message of a failed upload, by kind. */
  uploadErrors?: Partial<Record<BasicDocumentKind, string>>;
};

/** Letterhead, signature and logo: state, preview, upload (replaces) and remove. */
export function BasicDocumentsPanel({
  availability,
  files,
  isReadOnly = false,
  onUpload,
  onRemove,
  uploadErrors = {},
}: BasicDocumentsPanelProps) {
  const { t } = useSettingsTranslation();
  const missing = KINDS.filter((kind) => !availability[kind]).map((kind) => t(`documents.${kind}`));
  return (
    <Section title={t('documents.title')} description={t('documents.description')}>
      <div className="flex flex-col gap-6">
        {missing.length > 0 && (
          <FormAlert>{t('documents.missing', { names: missing.join(', ') })}</FormAlert>
        )}
        {KINDS.map((kind) => (
          <DocumentRow
            key={kind}
            kind={kind}
            available={availability[kind]}
            file={files[kind]}
            isReadOnly={isReadOnly}
            onUpload={(file) => onUpload(kind, file)}
            onRemove={() => onRemove(kind)}
            uploadError={uploadErrors[kind]}
          />
        ))}
      </div>
    </Section>
  );
}

function useObjectUrl(blob: Blob | undefined) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function DocumentRow({
  kind,
  available,
  file,
  isReadOnly,
  onUpload,
  onRemove,
  uploadError,
}: {
  kind: BasicDocumentKind;
  available: boolean;
  file: Blob | undefined;
  isReadOnly: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  uploadError: string | undefined;
}) {
  const { t } = useSettingsTranslation();
  const [selected, setSelected] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState(false);
  const url = useObjectUrl(file);
  const name = t(`documents.${kind}`);
  const isImage = file?.type.startsWith('image/');

  return (
    <div className="flex flex-col gap-3 border-b border-neutral-200 pb-6 last:border-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-base font-semibold text-neutral-900">{name}</h3>
        <Badge tone={available ? 'success' : 'warning'}>
          {available ? t('documents.uploaded') : t('documents.notUploaded')}
        </Badge>
      </div>
      {available && url && (
        <div className="flex flex-wrap items-center gap-4">
          {isImage ? (
            <img
              src={url}
              alt={t('documents.preview', { name })}
              className="max-h-24 max-w-60 rounded border border-neutral-200 bg-white object-contain p-1"
            />
          ) : null}
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-brand-700 underline"
          >
            {t('documents.open')}
          </a>
          {!isReadOnly && (
            <Button variant="secondary" size="sm" onPress={() => setRemoving(true)}>
              {t('documents.remove')}
            </Button>
          )}
        </div>
      )}
      {!isReadOnly && (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label={`${name}: ${t('documents.upload')}`}
          onSubmit={async (event) => {
            event.preventDefault();
            const [chosen] = selected;
            if (!chosen) return;
            setUploading(true);
            try {
              await onUpload(chosen);
              setSelected([]);
            } catch {
              // The message arrives as uploadError.
            } finally {
              setUploading(false);
            }
          }}
        >
          <FileUpload
            label={t('documents.choose')}
            description={t(`documents.${kind}Hint`)}
            maxSizeBytes={BASIC_DOCUMENT_MAX_BYTES}
            acceptedFileTypes={DOCUMENT_TYPES[kind]}
            value={selected}
            onChange={setSelected}
            errorMessage={uploadError}
          />
          <Button type="submit" isDisabled={selected.length === 0} isPending={uploading}>
            {t('documents.upload')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        isOpen={removing}
        onOpenChange={setRemoving}
        title={t('documents.removeTitle', { name })}
        confirmLabel={t('documents.remove')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        onConfirm={async () => {
          await onRemove();
          setRemoving(false);
        }}
      >
        {t('documents.removeText', { name })}
      </ConfirmDialog>
    </div>
  );
}
