import { LearningModeScreen, QuestionTutorScreen } from '@fahrwerk/learning';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

/*
 * The learning area (issue: learning mode and question tutor): `learning.<name>` in the route
 * table. Both pages keep the chosen education in the URL as `?studentEducationId=`, so a link
 * (from the student record, from each other) opens it and a reload keeps it.
 */

/** A positive whole id from a search parameter, or undefined. */
function idOf(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function useEducationInUrl(path: '/lms' | '/lms-question-tutor') {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { studentEducationId?: unknown };
  return {
    studentEducationId: idOf(search.studentEducationId),
    onStudentEducationChange: (id: number | null) =>
      void navigate({
        href: id === null ? path : `${path}?studentEducationId=${id}`,
        replace: true,
      }),
    open: (to: '/lms' | '/lms-question-tutor', id: number) =>
      void navigate({ href: `${to}?studentEducationId=${id}` }),
  };
}

/** `/lms`: the learning mode of a student's education. */
function LearningModePage() {
  const { open, ...education } = useEducationInUrl('/lms');
  return (
    <LearningModeScreen {...education} onOpenTutor={(id) => open('/lms-question-tutor', id)} />
  );
}

/** `/lms-question-tutor`: the questions a student last answered wrong, and the learning time. */
function QuestionTutorPage() {
  const { open, ...education } = useEducationInUrl('/lms-question-tutor');
  return <QuestionTutorScreen {...education} onOpenLearningMode={(id) => open('/lms', id)} />;
}

export const LEARNING_PAGES = {
  mode: LearningModePage,
  tutor: QuestionTutorPage,
} satisfies Pages;
