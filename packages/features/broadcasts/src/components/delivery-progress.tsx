import { formatDate } from '@fahrwerk/ui';
import type { Broadcast, BroadcastDelivery } from '../api/broadcast-queries';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';

type Part = keyof BroadcastDelivery;
const PARTS: Part[] = ['sent', 'failed', 'withoutEmail', 'notSent', 'pending'];
const BAR: Record<Part, string> = {
  sent: 'bg-success-600',
  failed: 'bg-danger-600',
  withoutEmail: 'bg-neutral-400',
  notSent: 'bg-warning-500',
  pending: 'bg-neutral-100',
};

/**
 * The e-mails of a broadcast: a bar of what is done (sent, failed, without address, not
 * sent because it was stopped) against what is pending, and the numbers.
 */
export function DeliveryProgress({
  broadcast,
  delivery,
}: {
  broadcast: Broadcast;
  delivery: BroadcastDelivery;
}) {
  const { t } = useBroadcastsTranslation();
  const total = PARTS.reduce((sum, part) => sum + delivery[part], 0);
  const done = total - delivery.pending;
  const status =
    delivery.pending === 0
      ? t('detail.deliveryDone')
      : broadcast.state === 'PUBLISHED'
        ? t('detail.deliveryRunning')
        : t('detail.deliveryWaiting', { from: formatDate(broadcast.publishFrom) });
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-neutral-800">
        {status}
      </p>
      <div
        role="progressbar"
        aria-label={t('detail.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} / ${total}`}
        className="flex h-3 w-full overflow-hidden rounded-full bg-neutral-100"
      >
        {total > 0 &&
          PARTS.filter((part) => part !== 'pending' && delivery[part] > 0).map((part) => (
            <span
              key={part}
              className={BAR[part]}
              style={{ width: `${(delivery[part] / total) * 100}%` }}
            />
          ))}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {PARTS.map((part) => (
          <div key={part} className="flex flex-col">
            <dt className="text-neutral-600">{t(`detail.${part}`)}</dt>
            <dd className="text-lg font-semibold text-neutral-900">{delivery[part]}</dd>
          </div>
        ))}
      </dl>
      {delivery.failed > 0 && (
        <p className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
          {t('detail.deliveryFailed', { count: delivery.failed })}
        </p>
      )}
    </div>
  );
}
