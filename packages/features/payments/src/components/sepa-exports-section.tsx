import { downloadErrorMessage } from '@fahrwerk/api';
import {
  Button,
  ErrorState,
  formatDate,
  formatDateTime,
  formatMoney,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useDownloadSepaExport, useSepaExports } from '../api/payment-workflow-queries';
import { usePaymentsTranslation } from '../use-payments-translation';

/** The SEPA files made so far, newest first, each to download again byte for byte. */
export function SepaExportsSection() {
  const toast = useToast();
  const { t } = usePaymentsTranslation();
  const files = useSepaExports();
  const download = useDownloadSepaExport();
  return (
    <Section title={t('sepaFiles.title')} description={t('sepaFiles.description')}>
      {files.isPending ? (
        <Spinner label={t('sepaFiles.loading')} />
      ) : files.isError ? (
        <ErrorState message={t('sepaFiles.loadError')} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('sepaFiles.empty')}</p>
      ) : (
        <table className="w-full text-sm" aria-label={t('sepaFiles.title')}>
          <thead>
            <tr className="text-left text-neutral-700">
              <th className="py-1 font-medium">{t('sepaFiles.collectionDate')}</th>
              <th className="py-1 font-medium">{t('sepaFiles.fileName')}</th>
              <th className="py-1 text-right font-medium">{t('sepaFiles.debits')}</th>
              <th className="py-1 text-right font-medium">{t('sepaFiles.total')}</th>
              <th className="py-1 font-medium">{t('sepaFiles.createdAt')}</th>
              <th className="py-1">
                <span className="sr-only">{t('sepaFiles.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.data.map((file) => (
              <tr key={file.id} className="border-t border-neutral-100">
                <td className="py-1">{formatDate(file.collectionDate)}</td>
                <td className="py-1">{file.fileName}</td>
                <td className="py-1 text-right">{file.debitCount}</td>
                <td className="py-1 text-right">{formatMoney(file.totalAmount)}</td>
                <td className="py-1">
                  {formatDateTime(file.createdAt)}
                  {file.createdBy ? ` · ${file.createdBy}` : ''}
                </td>
                <td className="py-1 text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('sepaFiles.downloadFile', { name: file.fileName })}
                    onPress={() =>
                      download.mutate(file, {
                        onError: (error) => {
                          const text = downloadErrorMessage(error, t);
                          if (text) toast.error(text);
                        },
                      })
                    }
                  >
                    {t('sepaFiles.download')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
