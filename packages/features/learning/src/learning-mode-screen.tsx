import { useCan } from '@fahrwerk/core';
import { Button, EmptyState, Section } from '@fahrwerk/ui';
import { useState } from 'react';
import type { LearningChapter, LearningModeData } from './api/learning-queries';
import { ChapterList } from './components/chapter-list';
import { ExplanationSearch } from './components/explanation-search';
import { LearningFrame } from './components/learning-frame';
import { LearningStatus } from './components/learning-status';
import { QuestionCard } from './components/question-card';
import { ResetAnswers } from './components/reset-answers';
import { chapterProgress } from './learning-rules';
import { useLearningTranslation } from './use-learning-translation';

export type LearningModeScreenProps = {
  /** The education to open (e.g. `?studentEducationId=` from the student record's link). */
  studentEducationId?: number;
  /** A student and education chosen here (null: cleared), e.g. to keep it in the URL. */
  onStudentEducationChange?: (studentEducationId: number | null) => void;
  /** Opens the question tutor for the education; no button without. */
  onOpenTutor?: (studentEducationId: number) => void;
};

/**
 * `/lms`: the learning mode of one student's education, worked through together in the
 * office — the class, catalogue version and learning status, the chapters (subcategories)
 * with their progress, and a chapter's questions one by one with the shared `QuestionCard`.
 * Answers are recorded with MODULE_CUSTOMERS_WRITE; without it questions and solutions can
 * be looked at. "Antworten zurücksetzen" deletes the education's answers after a
 * confirmation. Needs MODULE_CUSTOMERS (a student's learning data).
 */
export function LearningModeScreen({
  studentEducationId,
  onStudentEducationChange,
  onOpenTutor,
}: LearningModeScreenProps) {
  const { t } = useLearningTranslation();
  return (
    <LearningFrame
      title={t('mode.title')}
      description={t('mode.description')}
      studentEducationId={studentEducationId}
      onStudentEducationChange={onStudentEducationChange}
    >
      {(data) => <LearningMode data={data} onOpenTutor={onOpenTutor} />}
    </LearningFrame>
  );
}

function LearningMode({
  data,
  onOpenTutor,
}: {
  data: LearningModeData;
  onOpenTutor?: (studentEducationId: number) => void;
}) {
  const { t } = useLearningTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const [open, setOpen] = useState<string | null>(null);
  const chapter = data.chapters.find((row) => row.officialNumber === open);

  return (
    <>
      <Section
        title={t('status.title')}
        actions={
          <>
            {onOpenTutor && (
              <Button variant="secondary" onPress={() => onOpenTutor(data.studentEducationId)}>
                {t('mode.openTutor')}
              </Button>
            )}
            {canWrite && (
              <ResetAnswers
                studentEducationId={data.studentEducationId}
                licenseClass={data.licenseClass}
                onReset={() => setOpen(null)}
              />
            )}
          </>
        }
      >
        {!canWrite && <p className="text-sm text-neutral-700">{t('mode.readOnly')}</p>}
        <LearningStatus data={data} />
      </Section>
      {chapter ? (
        <ChapterQuestions
          key={chapter.officialNumber}
          chapter={chapter}
          studentEducationId={data.studentEducationId}
          canAnswer={canWrite}
          onBack={() => setOpen(null)}
        />
      ) : (
        <>
          <Section title={t('chapters.title')} description={t('chapters.description')}>
            <ChapterList chapters={data.chapters} onOpen={setOpen} />
          </Section>
          <Section title={t('search.title')} description={t('search.description')}>
            <ExplanationSearch data={data} canAnswer={canWrite} />
          </Section>
        </>
      )}
    </>
  );
}

/** A chapter's questions one by one, then how the chapter stands. */
function ChapterQuestions({
  chapter,
  studentEducationId,
  canAnswer,
  onBack,
}: {
  chapter: LearningChapter;
  studentEducationId: number;
  canAnswer: boolean;
  onBack: () => void;
}) {
  const { t } = useLearningTranslation();
  const [index, setIndex] = useState(0);
  const total = chapter.questions.length;
  const current = chapter.questions[index];
  const progress = chapterProgress(chapter);
  const back = (
    <Button variant="secondary" onPress={onBack}>
      {t('chapter.back')}
    </Button>
  );

  return (
    <Section title={`${chapter.officialNumber} ${chapter.name}`} actions={back}>
      {current ? (
        <QuestionCard
          key={current.theoryQuestionId}
          theoryQuestionId={current.theoryQuestionId}
          studentEducationId={studentEducationId}
          canAnswer={canAnswer}
          position={{ index, total }}
          onNext={() => setIndex(index + 1)}
          nextLabel={index + 1 < total ? t('question.next') : t('chapter.finish')}
        />
      ) : (
        <EmptyState
          title={t('chapter.done')}
          description={t('chapters.progress', { correct: progress.correct, total })}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="secondary" onPress={() => setIndex(0)}>
                {t('chapter.again')}
              </Button>
              <Button onPress={onBack}>{t('chapter.back')}</Button>
            </div>
          }
        />
      )}
    </Section>
  );
}
