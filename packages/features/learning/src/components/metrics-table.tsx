import { Button, formatDate, Spinner } from '@fahrwerk/ui';
import { useLearningMetrics } from '../api/learning-queries';
import { formatNumber, lastActiveDays } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';

/**
 * How the education learned lately (`GET /student-question-answers/metrics-for-fsc`): the
 * last 14 active days, newest first, with minutes, answers and correct answers; a plain
 * table, no chart.
 */
export function MetricsTable({ studentEducationId }: { studentEducationId: number }) {
  const { t, i18n } = useLearningTranslation();
  const metrics = useLearningMetrics(studentEducationId);
  const number = (value: number) => formatNumber(value, i18n.language, 0);

  if (metrics.isPending) return <Spinner size="sm" label={t('metrics.loading')} />;
  if (metrics.isError) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
        {t('metrics.error')}
        <Button
          size="sm"
          variant="secondary"
          onPress={() => void metrics.refetch()}
          isPending={metrics.isFetching}
        >
          {t('metrics.retry')}
        </Button>
      </p>
    );
  }
  const days = lastActiveDays(metrics.data.days);
  if (days.length === 0) return <p className="text-sm text-neutral-700">{t('metrics.none')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-neutral-700">
        {t('metrics.total', {
          minutes: number(metrics.data.totalMinutes),
          count: metrics.data.activeDays,
        })}
      </p>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">{t('metrics.caption')}</caption>
          <thead>
            <tr className="border-b border-neutral-200 text-left text-neutral-700">
              <th scope="col" className="py-1.5 pe-10 font-medium">
                {t('metrics.day')}
              </th>
              <th scope="col" className="py-1.5 pe-10 text-right font-medium">
                {t('metrics.minutes')}
              </th>
              <th scope="col" className="py-1.5 pe-10 text-right font-medium">
                {t('metrics.answered')}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {t('metrics.correct')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-neutral-100 last:border-0">
                <th scope="row" className="py-1.5 pe-10 text-left font-normal">
                  {formatDate(day.date)}
                </th>
                <td className="py-1.5 pe-10 text-right tabular-nums">{number(day.minutes)}</td>
                <td className="py-1.5 pe-10 text-right tabular-nums">
                  {number(day.answeredCount)}
                </td>
                <td className="py-1.5 text-right tabular-nums">{number(day.correctCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
