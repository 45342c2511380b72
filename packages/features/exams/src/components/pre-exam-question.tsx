import { Checkbox, CheckboxGroup, TextField } from '@fahrwerk/ui';
import { type Ref, useState } from 'react';
import type { TheoryPreExamOpenQuestion } from '../api/exam-queries';
import { type GivenAnswer, numberAnswer } from '../pre-exam-rules';
import { useExamsTranslation } from '../use-exams-translation';

export type PreExamQuestionProps = {
  question: TheoryPreExamOpenQuestion;
  total: number;
  given: GivenAnswer;
  onChange: (given: GivenAnswer) => void;
  /** The question text, focused when the question changes. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * One question of a running pre-exam as the exam shows it: position, official number and
 * error points, the text (and picture), the answers as checkboxes or a number field (comma or
 * point). Nothing is judged and no solution is shown. (The learning package's `QuestionCard`
 * judges each answer and shows the solution, and the exams package does not depend on it.)
 * Give it `key={theoryQuestionId}`.
 */
export function PreExamQuestion({
  question,
  total,
  given,
  onChange,
  headingRef,
}: PreExamQuestionProps) {
  const { t } = useExamsTranslation();
  // The number is judged when the field is left, not while it is typed ("0," on the way to "0,5").
  const [numberLeft, setNumberLeft] = useState(given.value.trim() !== '');
  const numberInvalid =
    numberLeft && given.value.trim() !== '' && numberAnswer(given.value) === null;
  const headingId = `pre-exam-question-${question.theoryQuestionId}`;
  const hintId = `${headingId}-hint`;

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-neutral-700">
        <span>
          <span className="font-semibold text-neutral-900">
            {t('preExam.run.position', { position: question.position, total })}
          </span>
          {' · '}
          {t('preExam.officialNumber', { number: question.officialNumber })}
        </span>
        <span className="font-medium text-neutral-900">
          {t('preExam.run.points', { count: question.points })}
        </span>
      </div>
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-neutral-900 outline-none"
      >
        {question.text}
      </h3>
      {question.imageUrl && (
        <img
          src={question.imageUrl}
          alt={t('preExam.run.image', { number: question.officialNumber })}
          className="max-h-72 self-start rounded-md border border-neutral-200"
        />
      )}
      {question.numeric ? (
        <TextField
          label={t('preExam.run.numberLabel')}
          description={t('preExam.run.numberHint')}
          inputMode="decimal"
          autoComplete="off"
          value={given.value}
          onChange={(value) => {
            setNumberLeft(false);
            onChange({ ...given, value });
          }}
          onBlur={() => setNumberLeft(true)}
          isInvalid={numberInvalid}
          errorMessage={t('preExam.run.numberInvalid')}
          className="max-w-xs"
        />
      ) : (
        <CheckboxGroup
          label={t('preExam.run.answers')}
          aria-describedby={hintId}
          value={given.chosen}
          onChange={(chosen) => onChange({ ...given, chosen })}
        >
          {/* Before the answers, as on the exam's screen. */}
          <p id={hintId} className="text-sm text-neutral-700">
            {t('preExam.run.multiple')}
          </p>
          {question.answers.map((answer) => (
            <Checkbox key={answer.id} value={String(answer.id)}>
              {answer.text}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
    </article>
  );
}
