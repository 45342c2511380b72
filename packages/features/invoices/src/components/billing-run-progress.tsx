import { cn } from '@fahrwerk/ui';
import type { BillingRun } from '../api/invoice-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';

export type BillingRunProgressProps = {
  run: Pick<BillingRun, 'total' | 'done' | 'issued' | 'skipped' | 'failed' | 'status'>;
  className?: string;
};

/** Done of total as a bar, with how many were issued, skipped and failed. */
export function BillingRunProgress({ run, className }: BillingRunProgressProps) {
  const { t } = useInvoicesTranslation();
  const percent = run.total === 0 ? 100 : Math.round((run.done / run.total) * 100);
  const label = t('runs.progress', { done: run.done, total: run.total });
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-neutral-900">{label}</span>
        <span className="text-neutral-600 tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('runs.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            run.status === 'INTERRUPTED' ? 'bg-warning-500' : 'bg-brand-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-neutral-700">
        <li>{t('runs.issuedCount', { count: run.issued })}</li>
        <li>{t('runs.skippedCount', { count: run.skipped })}</li>
        <li className={run.failed > 0 ? 'font-medium text-danger-700' : undefined}>
          {t('runs.failedCount', { count: run.failed })}
        </li>
      </ul>
    </div>
  );
}
