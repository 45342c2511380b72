import { errorToastMessage, isApiError } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  ErrorState,
  Form,
  Link,
  Spinner,
  TextField,
} from '@fahrwerk/ui';
import { useRef, useState } from 'react';
import {
  type QuestionAnswerResult,
  type TheoryQuestion,
  useAnswerQuestion,
  useTheoryQuestion,
} from '../api/learning-queries';
import { numberAnswer, numberAnswerOf } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';
import { QuestionExplanation } from './question-explanation';
import { Verdict, VerdictIcon } from './verdict';

export type QuestionCardProps = {
  theoryQuestionId: number;
  studentEducationId: number;
  /** May record answers (MODULE_CUSTOMERS_WRITE); else questions and solutions only. */
  canAnswer: boolean;
  /** "Frage 2 von 5" above the question. */
  position?: { index: number; total: number };
  /** Shows "Nächste Frage" (or `nextLabel`) once the solution is shown. */
  onNext?: () => void;
  nextLabel?: string;
  /** Opens with the solution and the explanation shown (looking a question up). */
  revealed?: boolean;
};

/** What the card shows after checking or revealing: the judgement and the solution. */
type Outcome =
  | { kind: 'answered'; result: QuestionAnswerResult; chosen: number[]; value: string }
  | { kind: 'revealed' };

/**
 * One theory question to answer with the student — the learning mode's and the question
 * tutor's: text and error points, the answers as checkboxes ("Mehrere Antworten können
 * richtig sein") or a number field (comma or point), "Antwort prüfen" records the answer
 * (`POST /theory-questions/{id}/answer`), then right or wrong with icon and text, the correct
 * answers marked and the school's explanation. Without write access the solution can be
 * shown but nothing is recorded. Give it `key={theoryQuestionId}` so each question starts
 * afresh.
 */
export function QuestionCard({
  theoryQuestionId,
  studentEducationId,
  canAnswer,
  position,
  onNext,
  nextLabel,
  revealed = false,
}: QuestionCardProps) {
  const { t } = useLearningTranslation();
  const question = useTheoryQuestion(theoryQuestionId, studentEducationId);

  if (question.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-600">
        <Spinner label={t('question.loading')} />
      </div>
    );
  }
  if (question.isError) {
    return (
      <ErrorState
        message={t('question.loadError')}
        onRetry={() => void question.refetch()}
        isRetrying={question.isFetching}
      />
    );
  }
  return (
    <QuestionForm
      question={question.data}
      studentEducationId={studentEducationId}
      canAnswer={canAnswer}
      position={position}
      onNext={onNext}
      nextLabel={nextLabel}
      revealed={revealed}
    />
  );
}

function QuestionForm({
  question,
  studentEducationId,
  canAnswer,
  position,
  onNext,
  nextLabel,
  revealed,
}: Omit<QuestionCardProps, 'theoryQuestionId'> & { question: TheoryQuestion }) {
  const { t } = useLearningTranslation();
  const answer = useAnswerQuestion();
  const shownAt = useRef(Date.now());
  const [chosen, setChosen] = useState<string[]>([]);
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(revealed ? { kind: 'revealed' } : null);
  const numberField = question.numeric ? numberAnswerOf(question) : undefined;
  const done = outcome !== null;

  const serverFieldError = (field: string) => {
    const error: unknown = answer.error;
    if (!isApiError(error) || error.status !== 422) return undefined;
    const found = error.fieldErrors.find((fieldError) => fieldError.field === field);
    return found ? t(found.error) : undefined;
  };
  const numberError = valueError ?? serverFieldError('numericValue');
  const alert =
    answer.isError && !serverFieldError('numericValue') ? errorToastMessage(answer.error, t) : null;

  const submit = () => {
    if (!canAnswer || done || answer.isPending) return;
    let numericValue: string | undefined;
    if (question.numeric) {
      const parsed = numberAnswer(value);
      if (parsed === null) {
        setValueError(t('question.numberInvalid'));
        return;
      }
      numericValue = parsed;
    }
    setValueError(null);
    const chosenAnswerIds = [...new Set(chosen)].map(Number);
    const seconds = Math.min(3600, Math.max(0, Math.round((Date.now() - shownAt.current) / 1000)));
    answer.mutate(
      {
        theoryQuestionId: question.id,
        input: {
          studentEducationId,
          ...(question.numeric ? { numericValue } : { chosenAnswerIds }),
          seconds,
        },
      },
      {
        onSuccess: (result) =>
          setOutcome({ kind: 'answered', result, chosen: chosenAnswerIds, value }),
      },
    );
  };

  // The correct answers: the server's judgement, or the question's own marks when revealed.
  const correctIds = new Set(
    outcome?.kind === 'answered'
      ? outcome.result.correctAnswerIds
      : question.answers.filter((a) => a.correct).map((a) => a.id),
  );
  const expected =
    outcome?.kind === 'answered'
      ? (outcome.result.expectedValue ?? numberField?.value)
      : numberField?.value;
  const headingId = `question-${question.id}`;
  const hintId = `question-${question.id}-hint`;

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-neutral-700">
        <span>
          {position
            ? t('question.position', { position: position.index + 1, total: position.total })
            : null}
          {position ? ' · ' : null}
          {t('question.number', { officialNumber: question.officialNumber })}
        </span>
        <span className="font-medium text-neutral-900">
          {t('question.points', { count: question.points })}
        </span>
      </div>
      <h3 id={headingId} className="text-lg font-semibold text-neutral-900">
        {question.text}
      </h3>
      {question.imageUrl && (
        <img
          src={question.imageUrl}
          alt={t('question.image', { officialNumber: question.officialNumber })}
          className="max-h-72 self-start rounded-md border border-neutral-200"
        />
      )}
      {question.videoUrl && (
        <Link href={question.videoUrl} target="_blank" rel="noopener noreferrer">
          {t('question.video')}
        </Link>
      )}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4"
      >
        {numberField ? (
          <TextField
            label={numberField.text || t('question.numberLabel')}
            description={t('question.numberHint')}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(next) => {
              setValue(next);
              setValueError(null);
            }}
            isReadOnly={done || !canAnswer}
            isInvalid={numberError !== undefined && numberError !== null}
            errorMessage={numberError ?? undefined}
            className="max-w-xs"
          />
        ) : (
          <CheckboxGroup
            label={t('question.answers')}
            aria-describedby={hintId}
            value={chosen}
            onChange={setChosen}
            isReadOnly={done || !canAnswer}
          >
            <p id={hintId} className="text-sm text-neutral-700">
              {t('question.multiple')}
            </p>
            {question.answers.map((option) => (
              <Checkbox key={option.id} value={String(option.id)}>
                {option.text}
                {done && (
                  <AnswerMark
                    correct={correctIds.has(option.id)}
                    ticked={outcome.kind === 'answered' ? chosen.includes(String(option.id)) : null}
                  />
                )}
              </Checkbox>
            ))}
          </CheckboxGroup>
        )}
        {alert && <FormAlert>{alert}</FormAlert>}
        {!canAnswer && !done && (
          <p className="text-sm text-neutral-700">{t('question.readOnly')}</p>
        )}
        {!done && (
          <div className="flex flex-wrap gap-2">
            {canAnswer ? (
              <Button type="submit" isPending={answer.isPending}>
                {t('question.check')}
              </Button>
            ) : (
              <Button variant="secondary" onPress={() => setOutcome({ kind: 'revealed' })}>
                {t('question.showSolution')}
              </Button>
            )}
          </div>
        )}
      </Form>
      {outcome && (
        <div className="flex flex-col gap-3">
          {outcome.kind === 'answered' ? (
            <Judgement correct={outcome.result.correct} />
          ) : (
            !question.numeric && (
              <p className="text-sm font-semibold text-neutral-900">{t('question.marked')}</p>
            )
          )}
          {question.numeric && expected !== undefined && (
            <p className="text-sm text-neutral-900">
              {outcome.kind === 'answered' &&
                !outcome.result.correct &&
                `${t('question.entered', { value: outcome.value.trim() })} · `}
              {t('question.expected', { value: expected })}
            </p>
          )}
          <QuestionExplanation officialNumber={question.officialNumber} />
          {onNext && (
            <div>
              <Button onPress={onNext}>{nextLabel ?? t('question.next')}</Button>
            </div>
          )}
        </div>
      )}
    </article>
  );
}

/** The judgement of an answer, announced: icon and text. */
function Judgement({ correct }: { correct: boolean }) {
  const { t } = useLearningTranslation();
  return (
    <div
      role="status"
      className={`flex items-center gap-2 rounded-md border p-3 text-base font-semibold ${
        correct
          ? 'border-success-200 bg-success-50 text-success-800'
          : 'border-danger-200 bg-danger-50 text-danger-800'
      }`}
    >
      <VerdictIcon correct={correct} />
      {correct ? t('question.right') : t('question.wrong')}
    </div>
  );
}

/**
 * Beside an answer once solved: correct ones say so with a tick; a wrongly ticked one and a
 * missed correct one say that too (`ticked` is null when the solution was only revealed).
 */
function AnswerMark({ correct, ticked }: { correct: boolean; ticked: boolean | null }) {
  const { t } = useLearningTranslation();
  if (correct) {
    return (
      <span className="mt-0.5 text-xs font-medium text-success-800">
        <Verdict correct>
          {ticked === false ? t('question.missedCorrect') : t('question.correctAnswer')}
        </Verdict>
      </span>
    );
  }
  if (ticked) {
    return (
      <span className="mt-0.5 text-xs font-medium text-danger-800">
        <Verdict correct={false}>{t('question.tickedWrong')}</Verdict>
      </span>
    );
  }
  return null;
}
