import {
  Badge,
  type BadgeTone,
  Button,
  DateField,
  EmptyState,
  ErrorState,
  formatMoney,
  formatTime,
  PageHeader,
  Select,
  Spinner,
  toIsoDate,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { type PulseEntry, type PulseKind, usePulse } from './api/pulse-queries';
import { usePulseTranslation } from './use-pulse-translation';

/** The kinds by the filter's groups (money is only answered to users who may see it). */
const GROUPS: Record<string, PulseKind[]> = {
  people: ['REGISTRATION'],
  planning: ['LESSON_BOOKED', 'LESSON_CANCELLED', 'EXAM_RESULT'],
  mail: ['EMAIL_RECEIVED', 'MESSAGE_SENT'],
  money: ['INVOICE_ISSUED', 'PAYMENT_RECORDED', 'DEBIT_FAILED'],
};

const TONES: Record<PulseKind, BadgeTone> = {
  REGISTRATION: 'brand',
  LESSON_BOOKED: 'success',
  LESSON_CANCELLED: 'warning',
  EXAM_RESULT: 'brand',
  EMAIL_RECEIVED: 'neutral',
  MESSAGE_SENT: 'neutral',
  INVOICE_ISSUED: 'neutral',
  PAYMENT_RECORDED: 'success',
  DEBIT_FAILED: 'danger',
};

const shiftDay = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export type PulseScreenProps = {
  /** Opens what an entry is about (the student record, the mailbox …); without it no link. */
  onOpen?: (entry: PulseEntry) => void;
  /** The first day shown (default today, Europe/Berlin). */
  initialDate?: string;
};

/**
 * The pulse (`/pulse`): what happened in the school on a day, newest first, refreshed every
 * minute — registrations, lessons booked and cancelled, exam results, mail received,
 * messages sent, and (for users with the payments module) invoices, payments and failed
 * debits. A day picker with previous/next, a filter by area.
 */
export function PulseScreen({ onOpen, initialDate }: PulseScreenProps) {
  const { t } = usePulseTranslation();
  const today = toIsoDate(new Date());
  const [date, setDate] = useState(initialDate ?? today);
  const [group, setGroup] = useState('all');
  const pulse = usePulse(date);
  const entries = useMemo(
    () =>
      (pulse.data ?? []).filter((entry) => group === 'all' || GROUPS[group]?.includes(entry.kind)),
    [pulse.data, group],
  );

  const detailOf = (entry: PulseEntry) => {
    if (!entry.detail) return undefined;
    if (entry.kind === 'EXAM_RESULT' || entry.kind === 'DEBIT_FAILED') {
      return t(`status.${entry.detail}`, { defaultValue: entry.detail });
    }
    return entry.detail;
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onPress={() => setDate(shiftDay(date, -1))}>
          {t('previous')}
        </Button>
        <DateField label={t('day')} value={date} onChange={(value) => value && setDate(value)} />
        <Button variant="secondary" onPress={() => setDate(shiftDay(date, 1))}>
          {t('next')}
        </Button>
        <Button variant="secondary" isDisabled={date === today} onPress={() => setDate(today)}>
          {t('today')}
        </Button>
        <Select
          label={t('filter')}
          items={[
            { id: 'all', label: t('all') },
            ...Object.keys(GROUPS).map((id) => ({ id, label: t(`group.${id}`) })),
          ]}
          selectedKey={group}
          onSelectionChange={(key) => setGroup(String(key))}
        />
      </div>
      {pulse.isError ? (
        <ErrorState message={t('error')} onRetry={() => void pulse.refetch()} />
      ) : pulse.isPending ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <section aria-label={t('count', { count: entries.length })} className="flex flex-col gap-2">
          <p className="text-sm text-neutral-600">{t('count', { count: entries.length })}</p>
          <ol className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
            {entries.map((entry) => (
              <li
                key={`${entry.kind}-${entry.refId}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
              >
                <time dateTime={entry.at} className="w-12 font-mono text-sm text-neutral-700">
                  {formatTime(entry.at)}
                </time>
                <Badge tone={TONES[entry.kind]}>{t(`kind.${entry.kind}`)}</Badge>
                <span className="font-medium text-neutral-900">{entry.name ?? '–'}</span>
                {detailOf(entry) ? (
                  <span className="text-neutral-700">{detailOf(entry)}</span>
                ) : null}
                {entry.amount !== undefined ? (
                  <span className="ml-auto font-mono text-neutral-900">
                    {formatMoney(entry.amount)}
                  </span>
                ) : null}
                {onOpen ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className={entry.amount === undefined ? 'ml-auto' : undefined}
                    aria-label={`${t('open')}: ${t(`kind.${entry.kind}`)} ${entry.name ?? ''}`.trim()}
                    onPress={() => onOpen(entry)}
                  >
                    {t('open')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
