import { type components, LICENSE_CLASSES } from '@fahrwerk/api';
import { EXAM_ROUTE, type ExamKind, ExamScreen, ExamsScreen, PreExamScreen } from '@fahrwerk/exams';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

type LicenseClass = components['schemas']['LicenseClass'];

/** A positive whole id from a path or search parameter, or null. */
function idOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/theory-exam` and `/practical-exam`: the exam slots, or one exam with `?exam={id}` (the
 * spec has one route per kind; the exam in the query survives a reload and the back button).
 */
function ExamPage({ kind }: { kind: ExamKind }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { exam?: unknown };
  const examId = idOf(search.exam);
  const list = EXAM_ROUTE[kind];
  if (examId !== null) {
    return (
      <ExamScreen
        key={`${kind}-${examId}`}
        kind={kind}
        examId={examId}
        backHref={list}
        onDeleted={() => navigate({ href: list, replace: true })}
      />
    );
  }
  return <ExamsScreen key={kind} kind={kind} examHref={(exam) => `${list}?exam=${exam.id}`} />;
}

/** `/pre-exam/{id}/{class}`: a student's pre-exams in one class. */
function PreExamPage({ params }: { params: { id: string; class: string } }) {
  const navigate = useNavigate();
  const studentId = idOf(params.id);
  const licenseClass = LICENSE_CLASSES.find((value) => value === params.class) as
    | LicenseClass
    | undefined;
  if (studentId === null || licenseClass === undefined) {
    navigate({ href: '/students', replace: true });
    return null;
  }
  return (
    <PreExamScreen
      key={`${studentId}-${licenseClass}`}
      studentId={studentId}
      licenseClass={licenseClass}
    />
  );
}

/** Theory and practical exams and the pre-exams (issue 12): `exams.<name>` in the route table. */
export const EXAM_PAGES = {
  theoryExams: () => <ExamPage kind="theory" />,
  practicalExams: () => <ExamPage kind="practical" />,
  preExam: PreExamPage,
} satisfies Pages;
