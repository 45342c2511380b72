import { Button, formatDateTime, Spinner } from '@fahrwerk/ui';
import { type LearningModeData, useLearningStats } from '../api/learning-queries';
import { formatNumber } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';
import { ProgressBar } from './progress-bar';

/**
 * The education's class, catalogue version and question count (from the learning mode) and
 * its learning status from `GET /student-question-answers/stats-for-fsc`: progress (correct
 * at the last answer of all questions), answered, correct, wrong, pre-exams.
 */
export function LearningStatus({ data }: { data: LearningModeData }) {
  const { t, i18n } = useLearningTranslation();
  const stats = useLearningStats(data.studentEducationId);
  const number = (value: number) => formatNumber(value, i18n.language);

  let figures: React.ReactNode;
  if (stats.isPending) {
    figures = <Spinner size="sm" label={t('status.loading')} />;
  } else if (stats.isError) {
    figures = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
        {t('status.error')}
        <Button
          size="sm"
          variant="secondary"
          onPress={() => void stats.refetch()}
          isPending={stats.isFetching}
        >
          {t('status.retry')}
        </Button>
      </p>
    );
  } else {
    const s = stats.data;
    const percent = `${number(s.progress)} %`;
    figures = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <div className="flex justify-between text-sm">
            <span className="text-neutral-700">{t('status.progress')}</span>
            <span className="font-semibold text-neutral-900">{percent}</span>
          </div>
          <ProgressBar
            value={s.correctCount}
            max={s.questionCount}
            label={t('status.progressLabel')}
            valueText={t('status.progressText', {
              percent,
              correct: s.correctCount,
              total: s.questionCount,
            })}
          />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <Figure label={t('status.answered')} value={number(s.answeredCount)} />
          <Figure label={t('status.correct')} value={number(s.correctCount)} />
          <Figure label={t('status.wrong')} value={number(s.wrongCount)} />
          <Figure
            label={t('status.preExams')}
            value={t('status.preExamsValue', {
              count: s.preExamCount,
              passed: s.preExamsPassed,
            })}
          />
        </dl>
        {s.lastActivityAt && (
          <p className="text-sm text-neutral-700">
            {t('status.lastActivity', { when: formatDateTime(s.lastActivityAt) })}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
        <Figure label={t('status.class')} value={data.licenseClass} />
        <Figure label={t('status.version')} value={data.questionsVersion} />
        <Figure label={t('status.questions')} value={number(data.questionCount)} />
      </dl>
      {figures}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-semibold text-neutral-900">{value}</dd>
    </div>
  );
}
