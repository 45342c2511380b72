import { TheoryCourseScreen, TheoryCoursesScreen } from '@fahrwerk/theory';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

/** A positive whole id from a search parameter, or null. */
function idOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/theory`: the course list, or one course with `?course={id}` (the spec has one theory
 * route; the course in the query keeps it a link that survives a reload and the back button).
 */
function TheoryPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { course?: unknown };
  const courseId = idOf(search.course);
  if (courseId !== null) {
    return (
      <TheoryCourseScreen
        key={courseId}
        courseId={courseId}
        onBack={() => navigate({ href: '/theory' })}
      />
    );
  }
  return <TheoryCoursesScreen onOpenCourse={(id) => navigate({ href: `/theory?course=${id}` })} />;
}

/** Theory courses and lessons (issue 12): `theory.<name>` in the route table. */
export const THEORY_PAGES = {
  theory: TheoryPage,
} satisfies Pages;
