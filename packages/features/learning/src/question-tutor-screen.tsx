import { useCan } from '@fahrwerk/core';
import { Button, EmptyState, Section } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { type LearningModeData, useEducation } from './api/learning-queries';
import { LearningFrame } from './components/learning-frame';
import { LearningStatus } from './components/learning-status';
import { MetricsTable } from './components/metrics-table';
import { QuestionCard } from './components/question-card';
import { WeakQuestionItem } from './components/weak-question';
import { type WeakQuestion, weakQuestions } from './learning-rules';
import { useLearningTranslation } from './use-learning-translation';

/** Weak questions shown at once (each asks for its question, last wrong answer, explanation). */
const PAGE = 10;

export type QuestionTutorScreenProps = {
  /** The education to open (e.g. `?studentEducationId=` from a link). */
  studentEducationId?: number;
  /** A student and education chosen here (null: cleared), e.g. to keep it in the URL. */
  onStudentEducationChange?: (studentEducationId: number | null) => void;
  /** Opens the learning mode for the education; no button without. */
  onOpenLearningMode?: (studentEducationId: number) => void;
};

/**
 * `/lms-question-tutor`: the questions a student last answered wrong (from the learning
 * mode's data), the costliest first (error points, then how often wrong), each with what
 * the student ticked last time (`last-wrong-answer`) beside the solution and the
 * explanation; "Mit dem Fahrschüler durchgehen" steps through them with the learning
 * mode's `QuestionCard`; below, the last 14 active days (minutes, answers, correct). Needs
 * MODULE_CUSTOMERS; recording answers MODULE_CUSTOMERS_WRITE.
 */
export function QuestionTutorScreen({
  studentEducationId,
  onStudentEducationChange,
  onOpenLearningMode,
}: QuestionTutorScreenProps) {
  const { t } = useLearningTranslation();
  return (
    <LearningFrame
      title={t('tutor.title')}
      description={t('tutor.description')}
      studentEducationId={studentEducationId}
      onStudentEducationChange={onStudentEducationChange}
    >
      {(data) => <Tutor data={data} onOpenLearningMode={onOpenLearningMode} />}
    </LearningFrame>
  );
}

function Tutor({
  data,
  onOpenLearningMode,
}: {
  data: LearningModeData;
  onOpenLearningMode?: (studentEducationId: number) => void;
}) {
  const { t } = useLearningTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const education = useEducation(data.studentEducationId);
  const weak = useMemo(() => weakQuestions(data), [data]);
  // The walkthrough keeps the questions it started with: a question answered right leaves
  // the weak list, not the walk.
  const [walk, setWalk] = useState<WeakQuestion[] | null>(null);
  const [shown, setShown] = useState(PAGE);

  return (
    <>
      <Section
        title={t('status.title')}
        actions={
          onOpenLearningMode && (
            <Button variant="secondary" onPress={() => onOpenLearningMode(data.studentEducationId)}>
              {t('tutor.openLearningMode')}
            </Button>
          )
        }
      >
        <LearningStatus data={data} />
      </Section>
      {walk ? (
        <Walkthrough
          questions={walk}
          studentEducationId={data.studentEducationId}
          canAnswer={canWrite}
          onEnd={() => setWalk(null)}
        />
      ) : (
        <Section
          title={t('tutor.weakTitle', { count: weak.length })}
          description={weak.length > 0 ? t('tutor.weakDescription') : undefined}
          actions={
            weak.length > 0 && (
              <Button onPress={() => setWalk(weak)}>{t('tutor.walkthrough')}</Button>
            )
          }
        >
          {weak.length === 0 ? (
            <EmptyState title={t('empty.noWeak')} />
          ) : (
            <>
              {!canWrite && <p className="text-sm text-neutral-700">{t('mode.readOnly')}</p>}
              <ul className="flex flex-col divide-y divide-neutral-200">
                {weak.slice(0, shown).map((question) => (
                  <WeakQuestionItem
                    key={question.theoryQuestionId}
                    weak={question}
                    studentId={education.data?.studentId ?? null}
                    studentEducationId={data.studentEducationId}
                  />
                ))}
              </ul>
              {weak.length > shown && (
                <div>
                  <Button variant="secondary" onPress={() => setShown(shown + PAGE)}>
                    {t('tutor.more', { count: Math.min(PAGE, weak.length - shown) })}
                  </Button>
                </div>
              )}
            </>
          )}
        </Section>
      )}
      <Section title={t('metrics.title')} description={t('metrics.caption')}>
        <MetricsTable studentEducationId={data.studentEducationId} />
      </Section>
    </>
  );
}

/** The weak questions one by one with the student, with the learning mode's card. */
function Walkthrough({
  questions,
  studentEducationId,
  canAnswer,
  onEnd,
}: {
  questions: WeakQuestion[];
  studentEducationId: number;
  canAnswer: boolean;
  onEnd: () => void;
}) {
  const { t } = useLearningTranslation();
  const [index, setIndex] = useState(0);
  const current = questions[index];
  return (
    <Section
      title={t('tutor.walkTitle')}
      actions={
        <Button variant="secondary" onPress={onEnd}>
          {t('tutor.endWalk')}
        </Button>
      }
    >
      {current ? (
        <QuestionCard
          key={current.theoryQuestionId}
          theoryQuestionId={current.theoryQuestionId}
          studentEducationId={studentEducationId}
          canAnswer={canAnswer}
          position={{ index, total: questions.length }}
          onNext={() => setIndex(index + 1)}
          nextLabel={index + 1 < questions.length ? t('question.next') : t('tutor.finishWalk')}
        />
      ) : (
        <EmptyState
          title={t('tutor.walkDone')}
          description={t('tutor.walkDoneText')}
          action={<Button onPress={onEnd}>{t('tutor.backToList')}</Button>}
        />
      )}
    </Section>
  );
}
