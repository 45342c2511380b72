import { isApiError, MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { Button, Dialog, FileUpload, formatMoney, Modal } from '@fahrwerk/ui';
import { useState } from 'react';
import { type BankReturnImport, useImportBankReturns } from '../api/payment-workflow-queries';
import { usePaymentsTranslation } from '../use-payments-translation';

export type BankReturnsDialogProps = {
  onClose: () => void;
};

/**
 * "Rücklastschriften importieren": the bank's camt.054 file of returned debits. The answer
 * says what changed: debits newly failed or charged back (their educations are red now),
 * debits already marked, and entries that match no debit of the school. One
 * `Idempotency-Key` per chosen file: retrying the same file is answered once.
 */
export function BankReturnsDialog({ onClose }: BankReturnsDialogProps) {
  const { t } = usePaymentsTranslation();
  const [file, setFile] = useState<{ file: File; key: string } | null>(null);
  const [result, setResult] = useState<BankReturnImport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportBankReturns();

  const importFile = async () => {
    if (!file) {
      setProblem(t('bankReturns.chooseFile'));
      return;
    }
    setProblem(null);
    try {
      setResult(await upload.mutateAsync({ file: file.file, idempotencyKey: file.key }));
    } catch (error) {
      setProblem(
        t(
          isApiError(error)
            ? (error.fieldErrors[0]?.error ??
                error.globalErrors[0] ??
                error.body.error_message ??
                'errors.unknown')
            : 'errors.unknown',
        ),
      );
    }
  };

  return (
    <Modal isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="lg">
      <Dialog
        title={t('bankReturns.title')}
        footer={({ close }) =>
          result ? (
            <Button onPress={close}>{t('bankReturns.done')}</Button>
          ) : (
            <>
              <Button variant="secondary" onPress={close}>
                {t('bankReturns.cancel')}
              </Button>
              <Button isPending={upload.isPending} onPress={() => void importFile()}>
                {t('bankReturns.submit')}
              </Button>
            </>
          )
        }
      >
        {result ? (
          <BankReturnResult result={result} />
        ) : (
          <FileUpload
            label={t('bankReturns.file')}
            description={t('bankReturns.fileHint')}
            maxSizeBytes={MAX_UPLOAD_BYTES}
            acceptedFileTypes={['.xml', 'application/xml', 'text/xml']}
            value={file ? [file.file] : []}
            onChange={(files) => {
              const [chosen] = files;
              setFile(chosen ? { file: chosen, key: crypto.randomUUID() } : null);
              setProblem(null);
            }}
            errorMessage={problem ?? undefined}
            isRequired
          />
        )}
      </Dialog>
    </Modal>
  );
}

function BankReturnResult({ result }: { result: BankReturnImport }) {
  const { t } = usePaymentsTranslation();
  return (
    <div className="flex flex-col gap-4 text-sm" role="status">
      <p className="font-medium text-neutral-900">
        {t('bankReturns.entries', { count: result.entryCount })}
      </p>
      <section aria-label={t('bankReturns.failedTitle', { count: result.failed.length })}>
        <h3 className="font-semibold text-danger-700">
          {t('bankReturns.failedTitle', { count: result.failed.length })}
        </h3>
        {result.failed.length > 0 ? (
          <ul className="mt-1 list-disc ps-5">
            {result.failed.map((payment) => (
              <li key={payment.id}>
                {t('bankReturns.failedEntry', {
                  reference: payment.reference || payment.endToEndId || String(payment.id),
                  amount: formatMoney(payment.amount),
                  reason: payment.failureReason ?? '–',
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <p>{t('bankReturns.unchanged', { count: result.unchanged.length })}</p>
      <section aria-label={t('bankReturns.unmatchedTitle', { count: result.unmatched.length })}>
        <h3 className="font-semibold text-neutral-900">
          {t('bankReturns.unmatchedTitle', { count: result.unmatched.length })}
        </h3>
        {result.unmatched.length > 0 ? (
          <ul className="mt-1 list-disc ps-5">
            {result.unmatched.map((entry) => (
              <li key={entry.endToEndId}>
                {t('bankReturns.unmatchedEntry', {
                  endToEndId: entry.endToEndId,
                  amount: formatMoney(entry.amount),
                  reason: entry.reasonCode ?? '–',
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
