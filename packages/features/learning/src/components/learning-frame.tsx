import { isApiError } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import { EmptyState, ErrorState, PageHeader, Section, Spinner } from '@fahrwerk/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { type LearningModeData, useLearningMode } from '../api/learning-queries';
import { useLearningTranslation } from '../use-learning-translation';
import { EducationPicker } from './education-picker';

export type LearningFrameProps = {
  title: string;
  description: string;
  /** The education to show at first (the host's `?studentEducationId=`). */
  studentEducationId?: number;
  /** A student and education chosen (null: cleared), e.g. to keep it in the URL. */
  onStudentEducationChange?: (studentEducationId: number | null) => void;
  /** The screen's content for the chosen education that has questions. */
  children: (data: LearningModeData) => ReactNode;
};

/**
 * What both learning screens share: the page header, the student and education choice, and
 * the states before the content — no permission (MODULE_CUSTOMERS: the learning data of a
 * student), nobody chosen, loading, an error with retry, an education not found, and an
 * education whose class and catalogue version have no questions.
 */
export function LearningFrame({
  title,
  description,
  studentEducationId,
  onStudentEducationChange,
  children,
}: LearningFrameProps) {
  const { t } = useLearningTranslation();
  const canRead = useCan('MODULE_CUSTOMERS');
  const [educationId, setEducationId] = useState<number | null>(studentEducationId ?? null);
  // The host's education wins when it changes (a link, back in the browser).
  useEffect(() => setEducationId(studentEducationId ?? null), [studentEducationId]);

  if (!canRead) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={title} description={description} />
        <Section title={t('choice.title')}>
          <EmptyState title={t('forbidden.title')} description={t('forbidden.text')} />
        </Section>
      </div>
    );
  }

  const choose = (next: number | null) => {
    setEducationId(next);
    onStudentEducationChange?.(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={title} description={description} />
      <Section title={t('choice.title')}>
        <EducationPicker studentEducationId={educationId} onChange={choose} />
      </Section>
      {educationId === null ? (
        <Section title={t('choice.noneTitle')}>
          <EmptyState title={t('choice.noneTitle')} description={t('choice.hint')} />
        </Section>
      ) : (
        <LearningContent key={educationId} studentEducationId={educationId}>
          {children}
        </LearningContent>
      )}
    </div>
  );
}

function LearningContent({
  studentEducationId,
  children,
}: {
  studentEducationId: number;
  children: (data: LearningModeData) => ReactNode;
}) {
  const { t } = useLearningTranslation();
  const mode = useLearningMode(studentEducationId);
  if (mode.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner size="lg" label={t('loading')} />
      </div>
    );
  }
  if (mode.isError) {
    const error: unknown = mode.error;
    if (isApiError(error) && error.status === 404) {
      return <EmptyState title={t('choice.educationNotFound')} />;
    }
    if (isApiError(error) && error.status === 403) {
      return <EmptyState title={t('forbidden.title')} description={t('forbidden.text')} />;
    }
    return (
      <ErrorState
        message={t('loadError')}
        onRetry={() => void mode.refetch()}
        isRetrying={mode.isFetching}
      />
    );
  }
  if (mode.data.questionCount === 0 || mode.data.chapters.length === 0) {
    return (
      <EmptyState
        title={t('empty.noQuestions')}
        description={t('empty.noQuestionsOf', {
          licenseClass: mode.data.licenseClass,
          version: mode.data.questionsVersion,
        })}
      />
    );
  }
  return children(mode.data);
}
