import { Badge, type BadgeTone, DescriptionList, formatDate, formatMoney } from '@fahrwerk/ui';
import type { PaymentDocument, PaymentDocumentStatus } from '../api/form-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';
import { DocumentTotalsTable } from './document-totals';

const STATUS_TONES: Record<PaymentDocumentStatus, BadgeTone> = {
  DRAFT: 'neutral',
  ISSUED: 'brand',
  PARTIALLY_PAID: 'warning',
  PAID: 'success',
  CANCELLED: 'danger',
};

/** A document's status as a badge ("Entwurf", "Ausgestellt", "Bezahlt", "Storniert" …). */
export function DocumentStatusBadge({ status }: { status: PaymentDocumentStatus }) {
  const { t } = useInvoicesTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`forms.status.${status}`)}</Badge>;
}

/** "12.03.2026" or "01.03.2026 – 31.03.2026" or "–". */
export function servicePeriodText(
  document: Pick<PaymentDocument, 'serviceDate' | 'servicePeriodFrom' | 'servicePeriodTo'>,
) {
  if (document.serviceDate) return formatDate(document.serviceDate);
  if (document.servicePeriodFrom || document.servicePeriodTo) {
    return `${document.servicePeriodFrom ? formatDate(document.servicePeriodFrom) : '…'} – ${
      document.servicePeriodTo ? formatDate(document.servicePeriodTo) : '…'
    }`;
  }
  return '–';
}

/**
 * A saved document as the server answered it: number, recipient, dates, the lines with the
 * server's amounts and the totals per VAT rate.
 */
export function DocumentSummary({ document }: { document: PaymentDocument }) {
  const { t } = useInvoicesTranslation();
  const cell = 'px-3 py-1.5 text-end tabular-nums';
  return (
    <div className="flex flex-col gap-4">
      <DescriptionList
        items={[
          {
            label: t('forms.summary.number'),
            value:
              document.number ??
              t(
                document.type === 'PAYMENT_REQUEST'
                  ? 'forms.summary.noNumberRequest'
                  : 'forms.summary.noNumberDraft',
              ),
          },
          {
            label: t('forms.summary.status'),
            value: <DocumentStatusBadge status={document.status} />,
          },
          { label: t('forms.summary.recipient'), value: document.recipientName },
          {
            label: t('forms.summary.issueDate'),
            value: document.issueDate ? formatDate(document.issueDate) : t('forms.summary.onIssue'),
          },
          { label: t('forms.summary.service'), value: servicePeriodText(document) },
          {
            label: t('forms.summary.dueDate'),
            value: document.dueDate ? formatDate(document.dueDate) : '–',
          },
          { label: t('forms.summary.open'), value: formatMoney(document.openAmount) },
        ]}
      />
      <table aria-label={t('forms.summary.lines')} className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-neutral-200 text-neutral-600">
            <th scope="col" className="px-3 py-1.5 text-start font-medium">
              {t('forms.lines.description')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-end font-medium">
              {t('forms.lines.quantity')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-end font-medium">
              {t('forms.lines.unitPrice')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-end font-medium">
              {t('forms.lines.vatRate')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-end font-medium">
              {t('forms.totals.gross')}
            </th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line) => (
            <tr key={line.position} className="border-b border-neutral-100">
              <td className="px-3 py-1.5">{line.description}</td>
              <td className={cell}>{String(line.quantity).replace('.', ',')}</td>
              <td className={cell}>{formatMoney(line.unitPrice)}</td>
              <td className={cell}>{t('forms.totals.rateValue', { rate: line.vatRate })}</td>
              <td className={cell}>{formatMoney(line.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DocumentTotalsTable
        label={t('forms.totals.server')}
        rows={document.vatTotals}
        total={{ net: document.totalNet, vat: document.totalVat, gross: document.totalGross }}
      />
      {document.taxExemptionNote && (
        <p className="text-sm text-neutral-700">{document.taxExemptionNote}</p>
      )}
    </div>
  );
}
