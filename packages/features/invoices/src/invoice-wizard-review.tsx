import { downloadErrorMessage } from '@fahrwerk/api';
import { Button, formatMoney } from '@fahrwerk/ui';
import { useState } from 'react';
import { type FinalInvoiceCandidate, useFinalInvoicePreview } from './api/invoice-queries';
import { DocumentDownloadDialog } from './components/document-download-dialog';
import { useInvoicesTranslation } from './use-invoices-translation';

export type InvoiceWizardReviewProps = {
  selected: FinalInvoiceCandidate[];
};

/**
 * Step 2: each chosen education's final invoice with its amounts (services, what partial and
 * deposit invoices already billed, the total) and the PDF as it would be issued today.
 */
export function InvoiceWizardReview({ selected }: InvoiceWizardReviewProps) {
  const { t } = useInvoicesTranslation();
  const [previewing, setPreviewing] = useState<FinalInvoiceCandidate | null>(null);
  const sum = selected.reduce((total, row) => total + row.totalGross, 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-[var(--radius-card)] border border-neutral-200 bg-white">
        <table aria-label={t('wizard.reviewTable')} className="w-full text-sm">
          <thead className="bg-neutral-50 text-xs font-semibold text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5 text-start">
                {t('columns.student')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-start">
                {t('columns.class')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-end">
                {t('wizard.lines')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-end">
                {t('columns.services')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-end">
                {t('columns.deducted')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-end">
                {t('columns.finalTotal')}
              </th>
              <th scope="col" className="px-4 py-2.5">
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {selected.map((row) => (
              <tr key={row.studentEducationId} className="border-t border-neutral-100">
                <td className="px-4 py-2.5 font-medium text-neutral-900">{row.studentName}</td>
                <td className="px-4 py-2.5">{row.licenseClass}</td>
                <td className="px-4 py-2.5 text-end tabular-nums">{row.lineCount}</td>
                <td className="px-4 py-2.5 text-end tabular-nums">
                  {formatMoney(row.servicesGross)}
                </td>
                <td className="px-4 py-2.5 text-end tabular-nums">
                  {formatMoney(-row.deductedGross)}
                </td>
                <td className="px-4 py-2.5 text-end font-medium tabular-nums">
                  {formatMoney(row.totalGross)}
                </td>
                <td className="px-4 py-2.5 text-end">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('wizard.previewOf', {
                      name: row.studentName,
                      licenseClass: row.licenseClass,
                    })}
                    onPress={() => setPreviewing(row)}
                  >
                    {t('wizard.preview')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-neutral-200 bg-neutral-50">
              <th scope="row" colSpan={5} className="px-4 py-2.5 text-end font-semibold">
                {t('wizard.sum')}
              </th>
              <td className="px-4 py-2.5 text-end font-semibold tabular-nums">
                {formatMoney(sum)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <PreviewDialog candidate={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}

function PreviewDialog({
  candidate,
  onClose,
}: {
  candidate: FinalInvoiceCandidate | null;
  onClose: () => void;
}) {
  const { t } = useInvoicesTranslation();
  const preview = useFinalInvoicePreview(candidate?.studentEducationId ?? null);
  return (
    <DocumentDownloadDialog
      isOpen={candidate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('wizard.previewTitle', {
        name: candidate?.studentName ?? '',
        licenseClass: candidate?.licenseClass ?? '',
      })}
      fileName={`schlussrechnung-entwurf-${candidate?.studentEducationId ?? ''}.pdf`}
      pdf={preview.data}
      isLoading={preview.isFetching}
      error={preview.isError ? downloadErrorMessage(preview.error, t) : null}
      onRetry={() => void preview.refetch()}
    />
  );
}
