import { useApi } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  DocumentsInProcessingScreen,
  EducationEventsScreen,
  LearningAppScreen,
  LearnStatusPanel,
  LearnStatusScreen,
  QrUploadScreen,
  StudentCreateScreen,
  StudentEditScreen,
  type StudentEditTab,
  StudentListScreen,
  type StudentRecordTab,
} from '@fahrwerk/students';
import { Spinner } from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFormRoute } from './document-routes';
import type { Pages } from './screens';

const TABS: Array<StudentEditTab | 'theory' | 'exams' | 'invoices' | 'payments' | 'learning'> = [
  'master',
  'educations',
  'documents',
  'appointments',
  'theory',
  'exams',
  'invoices',
  'payments',
  'timeline',
  'checklists',
  'learning',
];

/** The exam lists (as `EXAM_ROUTE` of the exams package, which loads with the tab only). */
const EXAM_ROUTES = { theory: '/theory-exam', practical: '/practical-exam' } as const;

// The record's theory part comes from its own package, loaded when the tab is first shown.
const StudentTheoryPanel = lazy(() =>
  import('@fahrwerk/theory').then((theory) => ({ default: theory.StudentTheoryPanel })),
);

const DocumentsPanel = lazy(() =>
  import('@fahrwerk/invoices').then((invoices) => ({ default: invoices.DocumentsPanel })),
);

const StudentPaymentsTab = lazy(() =>
  import('./payment-pages').then((payments) => ({ default: payments.StudentPaymentsTab })),
);

const StudentExamsPanel = lazy(() =>
  import('@fahrwerk/exams').then((exams) => ({ default: exams.StudentExamsPanel })),
);

/** The learning area's pages of an education. */
function learningLinks(navigate: ReturnType<typeof useNavigate>) {
  return {
    onOpenLearningMode: (id: number) => navigate({ href: `/lms?studentEducationId=${id}` }),
    onOpenTutor: (id: number) => navigate({ href: `/lms-question-tutor?studentEducationId=${id}` }),
  };
}

/** Whether the school uses the learning app (its switch), for the way to `/students/drive-buzz/{id}`. */
function useLearningAppEnabled(): boolean {
  const api = useApi();
  const switches = useQuery({
    ...api.query.queryOptions('get', '/driving-schools/current/switches'),
    meta: { silentError: true },
  });
  return switches.data?.learningAppEnabled === true;
}

/** The record's "Lernstand" tab. */
function LearningTab({ studentId }: { studentId: number }) {
  const navigate = useNavigate();
  const learningApp = useLearningAppEnabled();
  return (
    <LearnStatusPanel
      studentId={studentId}
      {...learningLinks(navigate)}
      onOpenLearningApp={
        learningApp ? () => navigate({ href: `/students/drive-buzz/${studentId}` }) : undefined
      }
    />
  );
}

/** The tabs other features add to the record, as far as the user may see them. */
function useRecordTabs(): StudentRecordTab[] {
  const { t } = useTranslation('backoffice');
  const canTheory = useCan('MODULE_THEORY');
  const canExams = useCan('MODULE_EXAM');
  const canInvoices = useCan('MODULE_AUTOMATIC_PAYMENTS');
  const navigate = useNavigate();
  const loading = <Spinner label={t('loading')} />;
  const tabs: StudentRecordTab[] = [];
  if (canTheory) {
    tabs.push({
      id: 'theory',
      label: t('studentRecord.theory'),
      render: (student) => (
        <Suspense fallback={loading}>
          <StudentTheoryPanel studentId={student.id} />
        </Suspense>
      ),
    });
  }
  if (canExams) {
    tabs.push({
      id: 'exams',
      label: t('studentRecord.exams'),
      render: (student) => (
        <Suspense fallback={loading}>
          <StudentExamsPanel
            studentId={student.id}
            examHref={(kind, examId) => `${EXAM_ROUTES[kind]}?exam=${examId}`}
          />
        </Suspense>
      ),
    });
  }
  if (canInvoices) {
    tabs.push({
      id: 'invoices',
      label: t('studentRecord.invoices'),
      render: (student) => (
        <Suspense fallback={loading}>
          <DocumentsPanel
            studentId={student.id}
            onNewPaymentRequest={() =>
              navigate({ href: `/payment-request?studentId=${student.id}` })
            }
            onEditDraft={(document) => {
              const route = documentFormRoute(document.type, 'student');
              if (route) navigate({ href: `${route}?documentId=${document.id}` });
            }}
          />
        </Suspense>
      ),
    });
  }
  // The learning status: the catalogue per education, the learning-app switch, and the way
  // into the learning mode and question tutor of an education.
  tabs.push({
    id: 'learning',
    label: t('studentRecord.learning'),
    render: (student) => <LearningTab studentId={student.id} />,
  });
  if (canInvoices) {
    tabs.push({
      id: 'payments',
      label: t('studentRecord.payments'),
      render: (student) => (
        <Suspense fallback={loading}>
          <StudentPaymentsTab studentId={student.id} />
        </Suspense>
      ),
    });
  }
  return tabs;
}

/** The student pages' paths end in `{id}`. */
type StudentParams = { params: { id: string } };

/** A student id of the path, or null when it is not one. */
function studentIdOf(id: string): number | null {
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function StudentListPage() {
  const navigate = useNavigate();
  return (
    <StudentListScreen
      onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })}
      onCreateStudent={() => navigate({ href: '/students/create' })}
    />
  );
}

function StudentCreatePage() {
  const navigate = useNavigate();
  return (
    <StudentCreateScreen
      // A new student goes on with the educations: one per licence class.
      onCreated={(id) => navigate({ href: `/students/edit/${id}?tab=educations`, replace: true })}
      onCancel={() => navigate({ href: '/students' })}
    />
  );
}

function StudentEditPage({ params }: StudentParams) {
  const navigate = useNavigate();
  const id = studentIdOf(params.id);
  const search = useSearch({ strict: false }) as { tab?: unknown };
  const tab = TABS.find((value) => value === search.tab) ?? 'master';
  const extraTabs = useRecordTabs();
  if (id === null) {
    navigate({ href: '/students', replace: true });
    return null;
  }
  return (
    <StudentEditScreen
      key={id}
      studentId={id}
      initialTab={tab}
      extraTabs={extraTabs}
      onBack={() => navigate({ href: '/students' })}
      onDeleted={() => navigate({ href: '/students', replace: true })}
    />
  );
}

function EducationEventsPage({ params }: StudentParams) {
  const navigate = useNavigate();
  const id = studentIdOf(params.id);
  if (id === null) return null;
  return (
    <EducationEventsScreen
      key={id}
      studentId={id}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}` })}
    />
  );
}

function LearnStatusPage({ params }: StudentParams) {
  const navigate = useNavigate();
  const id = studentIdOf(params.id);
  if (id === null) return null;
  return (
    <LearnStatusScreen
      key={id}
      studentId={id}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}` })}
      {...learningLinks(navigate)}
    />
  );
}

/** `/students/{platform}/{id}`: the router's guard let only `drive-buzz` of a school using it pass. */
function LearningAppPage({ params }: StudentParams) {
  const navigate = useNavigate();
  const id = studentIdOf(params.id);
  if (id === null) return null;
  return (
    <LearningAppScreen
      key={id}
      studentId={id}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}` })}
      onOpenLearningMode={learningLinks(navigate).onOpenLearningMode}
    />
  );
}

/** Public (no sign-in): the tokens come from the QR code's URL query. */
function QrUploadPage() {
  const search = useSearch({ strict: false }) as { schoolToken?: unknown; studentToken?: unknown };
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  return (
    <QrUploadScreen
      schoolToken={text(search.schoolToken)}
      studentToken={text(search.studentToken)}
    />
  );
}

/** The pages of students, documents in processing, education events, learning status and the students' QR-code upload page (issue 4): `students.<name>` in the route table. */
export const STUDENT_PAGES = {
  list: StudentListPage,
  create: StudentCreatePage,
  edit: StudentEditPage,
  documentsInProcessing: DocumentsInProcessingScreen,
  educationEvents: EducationEventsPage,
  learnStatus: LearnStatusPage,
  learningApp: LearningAppPage,
  qrUpload: QrUploadPage,
} satisfies Pages;
