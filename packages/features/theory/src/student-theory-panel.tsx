import { useCan, useStudentEducations } from '@fahrwerk/core';
import { cn, ErrorState, Section, Spinner } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import {
  type StudentEducation,
  type TheoryProgress,
  useTheoryProgress,
} from './api/theory-queries';
import { type SyllabusRow, summarizeProgress } from './progress';
import { useTheoryTranslation } from './use-theory-translation';

export type StudentTheoryPanelProps = {
  studentId: number;
  /** Only this education; every active education of the student without. */
  studentEducationId?: number;
};

/**
 * A student's theory progress per education (`GET /student-educations/{id}/theory-progress`):
 * which basic (Grundstoff) and class-specific (Zusatzstoff) lessons are attended and what is
 * still missing before the theory exam. For the student record and the theory screen; nothing
 * without MODULE_THEORY.
 */
export function StudentTheoryPanel(props: StudentTheoryPanelProps) {
  // The progress is theory data (MODULE_THEORY); a student record shown without the theory
  // module leaves the panel out instead of failing a call.
  return useCan('MODULE_THEORY') ? <TheoryProgressSection {...props} /> : null;
}

function TheoryProgressSection({ studentId, studentEducationId }: StudentTheoryPanelProps) {
  const { t } = useTheoryTranslation();
  const educations = useStudentEducations(studentId);
  const shown = (educations.data ?? []).filter((row) =>
    studentEducationId === undefined ? !row.archived : row.id === studentEducationId,
  );
  const progress = useTheoryProgress(shown.map((row) => row.id));

  let body: ReactNode;
  if (educations.isPending) {
    body = (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner />
      </div>
    );
  } else if (educations.isError) {
    body = (
      <ErrorState
        message={t('progress.loadError')}
        onRetry={() => void educations.refetch()}
        isRetrying={educations.isFetching}
      />
    );
  } else if (shown.length === 0) {
    body = <p className="text-sm text-neutral-600">{t('progress.noEducation')}</p>;
  } else {
    body = shown.map((education, index) => {
      const query = progress[index];
      return (
        <EducationProgress
          key={education.id}
          education={education}
          progress={query?.data}
          isError={query?.isError ?? false}
          onRetry={() => void query?.refetch()}
        />
      );
    });
  }

  return <Section title={t('progress.title')}>{body}</Section>;
}

function EducationProgress({
  education,
  progress,
  isError,
  onRetry,
}: {
  education: StudentEducation;
  progress: TheoryProgress | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTheoryTranslation();
  const title = t('progress.education', { licenseClass: education.licenseClass });
  const headingId = `theory-progress-${education.id}`;
  if (isError) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {title}
        </h3>
        <ErrorState message={t('progress.loadError')} onRetry={onRetry} />
      </section>
    );
  }
  if (!progress) {
    return (
      <section aria-labelledby={headingId} aria-busy="true" className="flex flex-col gap-2">
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {title}
        </h3>
        <Spinner />
      </section>
    );
  }
  const summary = summarizeProgress(progress);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {title}
        </h3>
        <span className="text-sm text-neutral-700">
          {t('progress.percent', { percent: summary.percent })}
        </span>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-neutral-200 [&::-webkit-progress-value]:bg-brand-600"
        value={summary.percent}
        max={100}
        aria-label={`${title}: ${t('progress.percent', { percent: summary.percent })}`}
      />
      <SyllabusLine title={t('progress.basic')} row={summary.basic} />
      <SyllabusLine title={t('progress.additional')} row={summary.additional} />
      <p
        className={cn(
          'rounded-md border px-3 py-2 text-sm',
          summary.complete
            ? 'border-green-300 bg-green-50 text-green-900'
            : 'border-amber-300 bg-amber-50 text-amber-900',
        )}
      >
        {summary.complete
          ? t('progress.complete')
          : t('progress.missingCount', { count: summary.missingCount })}
      </p>
    </section>
  );
}

function SyllabusLine({ title, row }: { title: string; row: SyllabusRow }) {
  const { t } = useTheoryTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-neutral-900">
        {title}:{' '}
        {row.required === 0
          ? t('progress.none')
          : t('progress.count', { done: row.attendedCount, required: row.required })}
      </p>
      {row.lessons.length > 0 && (
        <ul aria-label={title} className="flex flex-wrap gap-1.5">
          {row.lessons.map((lesson) => (
            <li
              key={lesson.number}
              title={`${t('progress.lesson', { number: lesson.number })}: ${t(lesson.attended ? 'progress.attended' : 'progress.missing')}`}
              className={cn(
                'flex size-8 items-center justify-center rounded-md border text-sm font-medium tabular-nums',
                lesson.attended
                  ? 'border-green-600 bg-green-600 text-white'
                  : 'border-dashed border-neutral-400 bg-white text-neutral-700',
              )}
            >
              <span aria-hidden="true">{lesson.number}</span>
              <span className="sr-only">
                {`${t('progress.lesson', { number: lesson.number })}: ${t(lesson.attended ? 'progress.attended' : 'progress.missing')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {row.extra.length > 0 && (
        <p className="text-xs text-neutral-600">
          {t('progress.extra', { numbers: row.extra.join(', ') })}
        </p>
      )}
    </div>
  );
}
