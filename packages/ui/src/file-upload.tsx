import { FileIcon, Upload, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  DropZone,
  type FileDropItem,
  FileTrigger,
  Button as RACButton,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn, focusRing } from './utils';

export type FileRejectionReason = 'tooLarge' | 'wrongType';

export type FileUploadProps = {
  label?: ReactNode;
  description?: ReactNode;
  /** Files bigger than this are refused with "Die Datei überschreitet die zulässige Größe von X MB." */
  maxSizeBytes: number;
  /** The recommended size or format, shown as "Empfohlen: …", e.g. "1200 × 400 px, PNG". */
  recommendation?: string;
  /** MIME types or extensions, e.g. `['application/pdf', 'image/*']`. */
  acceptedFileTypes?: string[];
  /** @default false */
  allowsMultiple?: boolean;
  /** The selected files (controlled). */
  value?: File[];
  defaultValue?: File[];
  /** Called with every valid selection; refused files never reach it. */
  onChange?: (files: File[]) => void;
  onReject?: (file: File, reason: FileRejectionReason) => void;
  /** An error from outside, e.g. the server's. */
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
};

const MB = 1024 * 1024;

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function typeMatches(file: File, accepted: string[] | undefined): boolean {
  if (!accepted?.length) return true;
  const name = file.name.toLowerCase();
  return accepted.some((type) => {
    const t = type.trim().toLowerCase();
    if (t.startsWith('.')) return name.endsWith(t);
    if (t.endsWith('/*')) return file.type.toLowerCase().startsWith(t.slice(0, -1));
    return file.type.toLowerCase() === t;
  });
}

/**
 * A drop zone and a button to choose files. Refuses files over `maxSizeBytes` (and of other
 * types) with a message and keeps the files already chosen.
 */
export function FileUpload({
  label,
  description,
  maxSizeBytes,
  recommendation,
  acceptedFileTypes,
  allowsMultiple = false,
  value,
  defaultValue = [],
  onChange,
  onReject,
  errorMessage,
  isDisabled,
  isRequired,
  className,
}: FileUploadProps) {
  const { t, i18n } = useTranslation('ui');
  const [innerFiles, setInnerFiles] = useState<File[]>(defaultValue);
  const [rejection, setRejection] = useState<string | null>(null);
  const files = value ?? innerFiles;
  const descriptionId = useId();
  const errorId = useId();
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    maxSizeBytes / MB,
  );

  const update = (next: File[]) => {
    setInnerFiles(next);
    onChange?.(next);
  };

  const accept = (incoming: File[]) => {
    const valid: File[] = [];
    let message: string | null = null;
    for (const file of incoming) {
      if (!typeMatches(file, acceptedFileTypes)) {
        message ??= t('fileUpload.wrongType');
        onReject?.(file, 'wrongType');
      } else if (file.size > maxSizeBytes) {
        message ??= t('fileUpload.tooLarge', { size });
        onReject?.(file, 'tooLarge');
      } else {
        valid.push(file);
      }
    }
    setRejection(message);
    if (valid.length === 0) return;
    if (allowsMultiple) {
      const known = new Set(files.map(fileKey));
      update([...files, ...valid.filter((file) => !known.has(fileKey(file)))]);
    } else {
      update(valid.slice(0, 1));
    }
  };

  const shownError = rejection ?? errorMessage;
  return (
    <fieldset
      aria-describedby={`${descriptionId}${shownError ? ` ${errorId}` : ''}`}
      className={cn('flex min-w-0 flex-col gap-1.5', className)}
    >
      {label && (
        <legend className="mb-1.5 text-sm font-medium text-neutral-800">
          {label}
          {isRequired && (
            <span className="ms-0.5 text-danger-600" aria-hidden="true">
              *
            </span>
          )}
        </legend>
      )}
      <DropZone
        isDisabled={isDisabled}
        getDropOperation={() => (isDisabled ? 'cancel' : 'copy')}
        onDrop={async (event) => {
          const items = event.items.filter((item): item is FileDropItem => item.kind === 'file');
          accept(await Promise.all(items.map((item) => item.getFile())));
        }}
        className={({ isDropTarget, isFocusVisible }) =>
          cn(
            'flex flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed px-6 py-6 text-center text-sm transition-colors',
            isDropTarget ? 'border-brand-500 bg-brand-50' : 'border-neutral-300 bg-white',
            shownError && 'border-danger-600',
            isDisabled && 'opacity-50',
            focusRing({ isFocusVisible }),
          )
        }
      >
        <Upload className="size-6 text-neutral-500" aria-hidden="true" />
        <Text slot="label" className="text-neutral-700">
          {allowsMultiple ? t('fileUpload.dropHereMultiple') : t('fileUpload.dropHere')}
        </Text>
        <FileTrigger
          acceptedFileTypes={acceptedFileTypes}
          allowsMultiple={allowsMultiple}
          onSelect={(list) => {
            if (list) accept([...list]);
          }}
        >
          <Button variant="secondary" size="sm" isDisabled={isDisabled}>
            {allowsMultiple ? t('fileUpload.chooseMultiple') : t('fileUpload.choose')}
          </Button>
        </FileTrigger>
      </DropZone>
      <div id={descriptionId} className="flex flex-col text-sm text-neutral-600">
        {description && <span>{description}</span>}
        <span>{t('fileUpload.maxSize', { size })}</span>
        {recommendation && <span>{t('fileUpload.recommended', { text: recommendation })}</span>}
      </div>
      <div id={errorId} role="alert" className="text-sm text-danger-700 empty:hidden">
        {shownError}
      </div>
      {files.length > 0 && (
        <ul aria-label={t('fileUpload.selected')} className="flex flex-col gap-1">
          {files.map((file) => (
            <li
              key={fileKey(file)}
              className="flex items-center gap-2 rounded-[var(--radius-control)] border border-neutral-200 bg-neutral-50 px-3 py-1.5 text-sm"
            >
              <FileIcon className="size-4 shrink-0 text-neutral-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-neutral-600 tabular-nums">
                {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
                  file.size / 1024,
                )}{' '}
                KB
              </span>
              <RACButton
                aria-label={t('fileUpload.remove', { name: file.name })}
                isDisabled={isDisabled}
                onPress={() => {
                  setRejection(null);
                  update(files.filter((other) => other !== file));
                }}
                className={({ isFocusVisible, isHovered }) =>
                  cn(
                    'flex size-6 items-center justify-center rounded text-neutral-600',
                    isHovered && 'bg-neutral-200 text-neutral-900',
                    focusRing({ isFocusVisible }),
                  )
                }
              >
                <X className="size-3.5" aria-hidden="true" />
              </RACButton>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
