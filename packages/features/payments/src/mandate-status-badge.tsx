import { Badge, type BadgeTone } from '@fahrwerk/ui';
import type { MandateStatus } from './api/mandate-queries';
import { usePaymentsTranslation } from './use-payments-translation';

const TONES: Record<MandateStatus, BadgeTone> = {
  CONFIRMED: 'success',
  UNCONFIRMED: 'warning',
  REVOKED: 'neutral',
  EXPIRED: 'danger',
};

/** "Bestätigt", "Unbestätigt", "Widerrufen", "Verfallen". */
export function MandateStatusBadge({ status }: { status: MandateStatus }) {
  const { t } = usePaymentsTranslation();
  return <Badge tone={TONES[status]}>{t(`mandates.status.${status}`)}</Badge>;
}
