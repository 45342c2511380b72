import { Badge, formatDate } from '@fahrwerk/ui';
import { inspectionStatus } from '../inspection-status';
import { useFleetTranslation } from '../use-fleet-translation';

export type InspectionBadgeProps = {
  /** HU (main inspection) or SP (safety check). */
  kind: 'main' | 'safety';
  date?: string | null;
  /** `YYYY-MM-DD`; defaults to today in Berlin. */
  today?: string;
};

/**
 * An inspection date: plain when it is more than 30 days ahead, a warning badge when due
 * within 30 days, a danger badge when past.
 */
export function InspectionBadge({ kind, date, today }: InspectionBadgeProps) {
  const { t } = useFleetTranslation();
  const status = inspectionStatus(date, today);
  if (status.state === 'none')
    return <span className="text-neutral-500">{t('inspection.none')}</span>;
  const formatted = formatDate(status.date);
  if (status.state === 'ok') return <span>{formatted}</span>;
  const key = `inspection.${kind}${status.state === 'due' ? 'Due' : 'Overdue'}`;
  return (
    <Badge tone={status.state === 'due' ? 'warning' : 'danger'}>
      {t(key, { date: formatted })}
    </Badge>
  );
}
