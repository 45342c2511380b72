import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button, ConfirmDialog, cn, formatDateTime, Section } from '@fahrwerk/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type TheoryPreExam,
  type TheoryPreExamStarted,
  useFinishPreExam,
} from '../api/exam-queries';
import {
  answersBody,
  type GivenAnswers,
  isAnswered,
  NO_ANSWER,
  unansweredCount,
} from '../pre-exam-rules';
import { useExamsTranslation } from '../use-exams-translation';
import { PreExamQuestion } from './pre-exam-question';

export type PreExamRunnerProps = {
  started: TheoryPreExamStarted;
  /** The scored pre-exam, once handed in. */
  onFinished: (preExam: TheoryPreExam) => void;
};

/**
 * A running pre-exam, as the exam looks: one question at a time with "Zurück" / "Weiter", an
 * overview of every position (answered or not, by a mark and its name) that jumps to a
 * question, and "Abgeben" — confirmed first while questions are unanswered. The answers live
 * here only: leaving the page loses them (the line under the exam says so, and the browser
 * asks before the tab is closed or reloaded).
 */
export function PreExamRunner({ started, onFinished }: PreExamRunnerProps) {
  const { t } = useExamsTranslation();
  const { preExam } = started;
  const questions = useMemo(
    () => [...started.questions].sort((a, b) => a.position - b.position),
    [started.questions],
  );
  const [index, setIndex] = useState(0);
  const [given, setGiven] = useState<GivenAnswers>({});
  const [confirming, setConfirming] = useState(false);
  const finish = useFinishPreExam();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const question = questions[index];
  const total = questions.length;
  const unanswered = unansweredCount(questions, given);

  // The question text takes the focus on every move (and at the start), so it is read out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => headingRef.current?.focus(), [index]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const handIn = () =>
    finish.mutate(
      { id: preExam.id, answers: answersBody(questions, given) },
      { onSuccess: onFinished },
    );

  return (
    <Section
      title={t('preExam.run.title')}
      description={t('preExam.run.summary', {
        licenseClass: preExam.licenseClass,
        date: formatDateTime(preExam.startedAt),
        answered: total - unanswered,
        total,
      })}
    >
      <nav aria-label={t('preExam.run.overview')}>
        <ol className="flex flex-wrap gap-1.5">
          {questions.map((row, rowIndex) => {
            const answered = isAnswered(row, given[row.theoryQuestionId]);
            const current = rowIndex === index;
            return (
              <li key={row.theoryQuestionId}>
                <button
                  type="button"
                  aria-label={t(answered ? 'preExam.run.cellAnswered' : 'preExam.run.cellOpen', {
                    number: row.position,
                  })}
                  aria-current={current ? 'step' : undefined}
                  onClick={() => setIndex(rowIndex)}
                  className={cn(
                    'flex h-9 w-12 items-center justify-center gap-0.5 rounded-md border text-sm tabular-nums',
                    'outline-0 outline-offset-2 outline-brand-600 focus-visible:outline-2 focus-visible:outline',
                    answered
                      ? 'border-brand-600 bg-brand-50 text-brand-900'
                      : 'border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50',
                    current && 'font-bold ring-2 ring-neutral-900',
                  )}
                >
                  <span aria-hidden="true" className="w-3 text-xs">
                    {answered ? '✓' : ''}
                  </span>
                  {row.position}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {question && (
        <PreExamQuestion
          key={question.theoryQuestionId}
          question={question}
          total={total}
          given={given[question.theoryQuestionId] ?? NO_ANSWER}
          onChange={(answer) =>
            setGiven((previous) => ({ ...previous, [question.theoryQuestionId]: answer }))
          }
          headingRef={headingRef}
        />
      )}
      {finish.isError && (
        <FormAlert>
          {t('preExam.run.handInError', {
            message: errorToastMessage(finish.error, (key) => t(key)) ?? '',
          })}
        </FormAlert>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-4">
        <div className="flex gap-2">
          <Button
            variant="secondary"
            isDisabled={index === 0}
            onPress={() => setIndex((value) => value - 1)}
          >
            {t('preExam.run.back')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={index >= total - 1}
            onPress={() => setIndex((value) => value + 1)}
          >
            {t('preExam.run.next')}
          </Button>
        </div>
        <Button
          isPending={finish.isPending}
          onPress={() => (unanswered > 0 ? setConfirming(true) : handIn())}
        >
          {t('preExam.run.handIn')}
        </Button>
      </div>
      <p className="text-sm text-neutral-700">{t('preExam.run.leaveWarning')}</p>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('preExam.run.confirmTitle')}
        confirmLabel={t('preExam.run.confirm')}
        cancelLabel={t('preExam.run.keepGoing')}
        onConfirm={handIn}
      >
        {t('preExam.run.unanswered', { count: unanswered })}
      </ConfirmDialog>
    </Section>
  );
}
