import { cn } from '@fahrwerk/ui';
import { useEffect, useRef } from 'react';
import type { TheoryPreExam, TheoryPreExamDetail } from '../api/exam-queries';
import { failedByFivePointers, PRE_EXAM_MAX_ERROR_POINTS } from '../pre-exam-rules';
import { useExamsTranslation } from '../use-exams-translation';

export type PreExamOutcomeProps = {
  /** The scored pre-exam the hand-in answered. */
  preExam: TheoryPreExam;
  /** Its questions, once loaded: they tell two wrong 5-pointers beside too many points. */
  detail?: TheoryPreExamDetail;
  /** Whether its questions are shown below. */
  questionsShown: boolean;
};

/**
 * The result of a pre-exam just handed in: passed or failed with icon and text, the error
 * points against the limit, and why when two wrong 5-point questions failed it. Takes the
 * focus when shown, as the exam it replaces had it.
 */
export function PreExamOutcome({ preExam, detail, questionsShown }: PreExamOutcomeProps) {
  const { t } = useExamsTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passed = preExam.passed === true;
  const headingId = `pre-exam-outcome-${preExam.id}`;

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-5',
        passed ? 'border-success-200 bg-success-50' : 'border-danger-200 bg-danger-50',
      )}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-neutral-900 outline-none"
      >
        {t('preExam.outcome.title')}
      </h2>
      <p
        className={cn(
          'flex items-center gap-2 text-lg font-semibold',
          passed ? 'text-success-800' : 'text-danger-800',
        )}
      >
        <OutcomeIcon passed={passed} />
        {t(passed ? 'preExam.passed' : 'preExam.failed')}
      </p>
      <p className="text-sm text-neutral-900">
        {t('preExam.outcome.errorPoints', {
          errorPoints: preExam.errorPoints ?? 0,
          max: PRE_EXAM_MAX_ERROR_POINTS,
        })}
      </p>
      {failedByFivePointers(preExam, detail) && (
        <p className="text-sm text-neutral-900">
          {t('preExam.outcome.fivePointers', { max: PRE_EXAM_MAX_ERROR_POINTS })}
        </p>
      )}
      {questionsShown && (
        <p className="text-sm text-neutral-700">{t('preExam.outcome.questionsBelow')}</p>
      )}
    </section>
  );
}

/** A tick or a cross: passed and failed never rely on colour alone. */
function OutcomeIcon({ passed }: { passed: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="10" cy="10" r="8.5" strokeWidth="1.5" />
      {passed ? <path d="M6 10.5l2.5 2.5L14 7.5" /> : <path d="M7 7l6 6M13 7l-6 6" />}
    </svg>
  );
}
