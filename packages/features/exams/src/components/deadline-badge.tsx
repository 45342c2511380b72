import { Badge, type BadgeTone, formatDate } from '@fahrwerk/ui';
import { type DeadlineState, daysUntil, deadlineState } from '../deadline-state';
import { useExamsTranslation } from '../use-exams-translation';

export type DeadlineKind = 'practical' | 'application';

export type DeadlineBadgeProps = {
  /** The practical exam's deadline, or the last day of the exam application. */
  kind: DeadlineKind;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `YYYY-MM-DD` the warning counts from. */
  today: string;
};

const TONE: Record<DeadlineState, BadgeTone> = { ok: 'neutral', soon: 'warning', lapsed: 'danger' };
/** Decorative marks beside the text (the text says it all). */
const ICON: Record<DeadlineState, string | undefined> = { ok: undefined, soon: '⚠', lapsed: '✗' };

/** A deadline in words, warned 30 days before it and shown as an error once it has lapsed. */
export function DeadlineBadge({ kind, date, today }: DeadlineBadgeProps) {
  const { t } = useExamsTranslation();
  const state = deadlineState(date, today);
  const suffix = state === 'ok' ? '' : state === 'soon' ? 'Soon' : 'Lapsed';
  return (
    <Badge tone={TONE[state]} icon={ICON[state]}>
      {t(`deadline.${kind}${suffix}`, {
        date: formatDate(date),
        count: daysUntil(date, today),
      })}
    </Badge>
  );
}
