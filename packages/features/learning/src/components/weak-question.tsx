import { Button, ErrorState, formatDateTime, Spinner } from '@fahrwerk/ui';
import {
  type LastWrongAnswer,
  type TheoryQuestion,
  useLastWrongAnswer,
  useTheoryQuestion,
} from '../api/learning-queries';
import { numberAnswerOf, type WeakQuestion } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';
import { QuestionExplanation } from './question-explanation';
import { Verdict } from './verdict';

/**
 * A question the student last answered wrong: what they ticked then (the last wrong answer)
 * beside the correct solution, and the school's explanation.
 */
export function WeakQuestionItem({
  weak,
  studentId,
  studentEducationId,
}: {
  weak: WeakQuestion;
  studentId: number | null;
  studentEducationId: number;
}) {
  const { t } = useLearningTranslation();
  const question = useTheoryQuestion(weak.theoryQuestionId, studentEducationId);
  const last = useLastWrongAnswer(studentId, weak.theoryQuestionId);

  let body: React.ReactNode;
  if (question.isPending) {
    body = <Spinner size="sm" label={t('question.loading')} />;
  } else if (question.isError) {
    body = (
      <ErrorState
        message={t('question.loadError')}
        onRetry={() => void question.refetch()}
        isRetrying={question.isFetching}
      />
    );
  } else {
    body = (
      <>
        <p className="text-neutral-900">{question.data.text}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold text-neutral-900">{t('tutor.lastWrong')}</h4>
            {last.isPending ? (
              <Spinner size="sm" label={t('tutor.lastWrongLoading')} />
            ) : last.isError ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
                {t('tutor.lastWrongError')}
                <Button
                  size="sm"
                  variant="secondary"
                  onPress={() => void last.refetch()}
                  isPending={last.isFetching}
                >
                  {t('tutor.retry')}
                </Button>
              </p>
            ) : (
              <Ticked question={question.data} last={last.data} />
            )}
          </div>
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold text-neutral-900">{t('question.solution')}</h4>
            <Solution question={question.data} />
          </div>
        </div>
        <QuestionExplanation officialNumber={weak.officialNumber} />
      </>
    );
  }

  return (
    <li className="flex flex-col gap-3 py-4">
      <h3 className="flex flex-wrap items-baseline gap-x-3 text-sm font-semibold text-neutral-900">
        <span>{t('question.number', { officialNumber: weak.officialNumber })}</span>
        <span className="font-normal text-neutral-700">
          {t('question.points', { count: weak.points })} ·{' '}
          {t('tutor.wrongTimes', { count: weak.timesWrong })} · {weak.chapter} {weak.chapterName}
        </span>
      </h3>
      {body}
    </li>
  );
}

/** What the student gave last time they were wrong. */
function Ticked({ question, last }: { question: TheoryQuestion; last: LastWrongAnswer | null }) {
  const { t } = useLearningTranslation();
  if (!last) return <p className="text-sm text-neutral-700">{t('tutor.noLastWrong')}</p>;
  const when = (
    <p className="text-xs text-neutral-600">
      {t('tutor.answeredAt', { when: formatDateTime(last.answeredAt) })}
    </p>
  );
  if (question.numeric) {
    return (
      <>
        <p className="text-sm">
          <Verdict correct={false}>
            {t('tutor.enteredValue', { value: last.numericValue ?? '–' })}
          </Verdict>
        </p>
        {when}
      </>
    );
  }
  const ticked = question.answers.filter((answer) => last.chosenAnswerIds.includes(answer.id));
  // A correct answer left unticked made the answer wrong as much as a wrong one ticked.
  const missed = question.answers.filter(
    (answer) => answer.correct && !last.chosenAnswerIds.includes(answer.id),
  );
  return (
    <>
      {ticked.length === 0 && (
        <p className="text-sm text-neutral-700">{t('tutor.nothingTicked')}</p>
      )}
      {ticked.length + missed.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('tutor.lastWrong')}>
          {ticked.map((answer) => (
            <li key={answer.id}>
              <Verdict correct={answer.correct}>
                {answer.text}{' '}
                <span className="sr-only">
                  ({answer.correct ? t('question.correctAnswer') : t('question.tickedWrong')})
                </span>
              </Verdict>
            </li>
          ))}
          {missed.map((answer) => (
            <li key={answer.id} className="text-neutral-700">
              <Verdict correct={false}>{t('tutor.missed', { answer: answer.text })}</Verdict>
            </li>
          ))}
        </ul>
      )}
      {when}
    </>
  );
}

/** The correct answers (or the expected number). */
function Solution({ question }: { question: TheoryQuestion }) {
  const { t } = useLearningTranslation();
  if (question.numeric) {
    return (
      <p className="text-sm">
        <Verdict correct>
          {t('question.expected', { value: numberAnswerOf(question)?.value ?? '–' })}
        </Verdict>
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label={t('question.solution')}>
      {question.answers
        .filter((answer) => answer.correct)
        .map((answer) => (
          <li key={answer.id}>
            <Verdict correct>{answer.text}</Verdict>
          </li>
        ))}
    </ul>
  );
}
