import { Button, Spinner } from '@fahrwerk/ui';
import { useQuestionExplanation } from '../api/learning-queries';
import { useLearningTranslation } from '../use-learning-translation';

/** The school's explanation of a question (line breaks kept), or that there is none yet. */
export function QuestionExplanation({ officialNumber }: { officialNumber: string }) {
  const { t } = useLearningTranslation();
  const explanation = useQuestionExplanation(officialNumber);
  let body: React.ReactNode;
  if (explanation.isPending) {
    body = <Spinner size="sm" label={t('explanation.loading')} />;
  } else if (explanation.isError) {
    body = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
        {t('explanation.error')}
        <Button
          size="sm"
          variant="secondary"
          onPress={() => void explanation.refetch()}
          isPending={explanation.isFetching}
        >
          {t('explanation.retry')}
        </Button>
      </p>
    );
  } else if (explanation.data === null) {
    body = <p className="text-sm text-neutral-700">{t('explanation.none')}</p>;
  } else {
    body = <p className="whitespace-pre-line text-sm text-neutral-900">{explanation.data}</p>;
  }
  return (
    <div className="rounded-md border border-neutral-200 bg-neutral-50 p-3">
      <h4 className="mb-1 text-sm font-semibold text-neutral-900">{t('explanation.title')}</h4>
      {body}
    </div>
  );
}
