import { useCan } from '@fahrwerk/core';
import { Badge, ErrorState, formatDate, Section, Spinner } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import { useUpcomingTheoryCourses } from './api/theory-queries';
import { useTheoryTranslation } from './use-theory-translation';

export type UpcomingTheoryCoursesWidgetProps = {
  /** Opens a course; the names are plain text without. */
  onOpenCourse?: (courseId: number) => void;
};

/**
 * The dashboard's next five theory courses (`GET /theory-courses/upcoming-five-theory-courses`).
 * Renders nothing for a user without the theory module (MODULE_THEORY), so a dashboard can
 * always place it.
 */
export function UpcomingTheoryCoursesWidget(props: UpcomingTheoryCoursesWidgetProps) {
  return useCan('MODULE_THEORY') ? <UpcomingCourses {...props} /> : null;
}

function UpcomingCourses({ onOpenCourse }: UpcomingTheoryCoursesWidgetProps) {
  const { t } = useTheoryTranslation();
  const courses = useUpcomingTheoryCourses();
  let body: ReactNode;
  if (courses.isPending) {
    body = (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner />
      </div>
    );
  } else if (courses.isError) {
    body = (
      <ErrorState
        message={t('upcoming.loadError')}
        onRetry={() => void courses.refetch()}
        isRetrying={courses.isFetching}
      />
    );
  } else if (courses.data.length === 0) {
    body = <p className="text-sm text-neutral-600">{t('upcoming.empty')}</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-neutral-100">
        {courses.data.map((course) => (
          <li key={course.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="flex flex-col">
              {onOpenCourse ? (
                <button
                  type="button"
                  className="text-start font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => onOpenCourse(course.id)}
                >
                  {course.shortDescription}
                </button>
              ) : (
                <span className="font-medium text-neutral-900">{course.shortDescription}</span>
              )}
              <span className="text-sm text-neutral-600">
                {t('common.period', {
                  start: formatDate(course.start),
                  end: formatDate(course.end),
                })}
              </span>
            </span>
            {course.studentCount >= course.quantity ? (
              <Badge tone="warning">{t('upcoming.full')}</Badge>
            ) : (
              <span className="text-sm text-neutral-700">
                {t('upcoming.places', { quantity: course.quantity, students: course.studentCount })}
              </span>
            )}
          </li>
        ))}
      </ul>
    );
  }
  return <Section title={t('upcoming.title')}>{body}</Section>;
}
