import { isApiError, MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button, FileUpload, Select, SelectItem } from '@fahrwerk/ui';
import { useState } from 'react';
import { type DocumentType, useQrCodeUpload } from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
/** What a student sends from home; contracts, invoices and the like come from the school. */
const STUDENT_TYPES: DocumentType[] = [
  'EYE_TEST',
  'FIRST_AID',
  'PASSPORT_PHOTO',
  'ID_CARD',
  'APPLICATION_FORM',
  'EDUCATION_VOUCHER',
  'OTHER',
];

export type QrUploadScreenProps = {
  /** `schoolToken` and `studentToken` from the QR code's URL query; null when missing. */
  schoolToken: string | null;
  studentToken: string | null;
};

/**
 * `/theory/upload-qrcode-document`: the public page a student reaches by scanning the QR code.
 * No sign-in; the files land in the school's documents in processing.
 */
export function QrUploadScreen({ schoolToken, studentToken }: QrUploadScreenProps) {
  const { t } = useStudentsTranslation();
  const upload = useQrCodeUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [type, setType] = useState<DocumentType>('OTHER');
  const [sent, setSent] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [invalidCode, setInvalidCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const validLink = Boolean(
    schoolToken && studentToken && TOKEN.test(schoolToken) && TOKEN.test(studentToken),
  );

  const send = async () => {
    if (!schoolToken || !studentToken) return;
    if (files.length === 0) {
      setErrors([t('qr.chooseFile')]);
      return;
    }
    setBusy(true);
    setErrors([]);
    const failed: File[] = [];
    const messages: string[] = [];
    let count = 0;
    // One call per file: the page shows exactly which file did not arrive.
    for (const file of files) {
      try {
        await upload.mutateAsync({ schoolToken, studentToken, file, type });
        count += 1;
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          setInvalidCode(true);
          break;
        }
        failed.push(file);
        const key = isApiError(error)
          ? (error.fieldErrors[0]?.error ?? error.globalErrors[0] ?? error.body.error_message)
          : 'errors.network';
        messages.push(t('qr.failed', { fileName: file.name, reason: t(key) }));
      }
    }
    setBusy(false);
    setFiles(failed);
    setErrors(messages);
    if (count > 0) setSent(count);
  };

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">{t('qr.title')}</h1>
      {!validLink || invalidCode ? (
        <FormAlert>{invalidCode ? t('qr.notFound') : t('qr.invalidLink')}</FormAlert>
      ) : (
        <>
          <p className="text-sm text-neutral-700">{t('qr.intro')}</p>
          {sent !== null && (
            <p
              role="status"
              className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-800"
            >
              {t('qr.sent', { count: sent })}
            </p>
          )}
          {errors.length > 0 && (
            <FormAlert>
              {errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </FormAlert>
          )}
          <Select
            label={t('qr.type')}
            selectedKey={type}
            onSelectionChange={(key) => setType(String(key) as DocumentType)}
          >
            {STUDENT_TYPES.map((value) => (
              <SelectItem key={value} id={value}>
                {t(`enum.documentType.${value}`)}
              </SelectItem>
            ))}
          </Select>
          <FileUpload
            label={t('qr.files')}
            description={t('documents.fileHint')}
            maxSizeBytes={MAX_UPLOAD_BYTES}
            acceptedFileTypes={['application/pdf', 'image/jpeg', 'image/png']}
            allowsMultiple
            value={files}
            onChange={(next) => {
              setFiles(next);
              setSent(null);
            }}
          />
          <Button size="lg" onPress={send} isPending={busy}>
            {t('qr.send')}
          </Button>
        </>
      )}
    </main>
  );
}
