import { Badge, type BadgeTone, toIsoDate } from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import type {
  PaymentDocument,
  PaymentDocumentStatus,
  PaymentDocumentType,
} from '../api/invoice-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';

/** "Schlussrechnung", "Zahlungsaufforderung" … */
export function documentTypeLabel(t: TFunction, type: PaymentDocumentType): string {
  return t(`documentTypes.${type}`);
}

const STATUS_TONE: Record<PaymentDocumentStatus, BadgeTone> = {
  DRAFT: 'neutral',
  ISSUED: 'brand',
  PARTIALLY_PAID: 'warning',
  PAID: 'success',
  CANCELLED: 'danger',
};

/** An issued document with an open amount past its due date. */
export function isOverdue(
  document: Pick<PaymentDocument, 'status' | 'openAmount' | 'dueDate'>,
  today = toIsoDate(new Date()),
): boolean {
  return (
    (document.status === 'ISSUED' || document.status === 'PARTIALLY_PAID') &&
    document.openAmount > 0 &&
    document.dueDate !== undefined &&
    document.dueDate < today
  );
}

/** The status as a badge, and "Überfällig" beside it when the payment is late. */
export function DocumentStatusBadge({
  document,
}: {
  document: Pick<PaymentDocument, 'status' | 'openAmount' | 'dueDate'>;
}) {
  const { t } = useInvoicesTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS_TONE[document.status]}>{t(`documentStatuses.${document.status}`)}</Badge>
      {isOverdue(document) && <Badge tone="danger">{t('documents.overdueBadge')}</Badge>}
    </span>
  );
}
