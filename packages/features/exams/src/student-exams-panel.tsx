import {
  Badge,
  EmptyState,
  ErrorState,
  formatDate,
  Link,
  Section,
  Spinner,
  toIsoDate,
} from '@fahrwerk/ui';
import type { StudentEducation, StudentExamSummary } from './api/exam-queries';
import { useStudentExamsAndEducations } from './api/exam-queries';
import { DeadlineBadge } from './components/deadline-badge';
import { ExamStatusBadge } from './components/exam-status-badge';
import { EXAM_ROUTE, type ExamKind } from './exam-kind';
import { useExamsTranslation } from './use-exams-translation';

export type StudentExamsPanelProps = {
  studentId: number;
  /** `YYYY-MM-DD` the deadline warnings count from; today in Berlin by default. */
  today?: string;
  /** Where an exam's detail is; `/theory-exam?exam={id}` or `/practical-exam?exam={id}` by default (the back office's links). */
  examHref?: (kind: ExamKind, examId: number) => string;
};

const KIND: Record<StudentExamSummary['kind'], ExamKind> = {
  THEORY: 'theory',
  PRACTICAL: 'practical',
};

/**
 * A student's exams for the student record: per education the practical exam's deadline (12
 * months after the passed theory exam) and the exam application's expiry, each warned 30 days
 * before and shown as an error once lapsed; then the theory and the practical exams with
 * their status.
 */
export function StudentExamsPanel({
  studentId,
  today = toIsoDate(new Date()),
  examHref = (kind, examId) => `${EXAM_ROUTE[kind]}?exam=${examId}`,
}: StudentExamsPanelProps) {
  const { t } = useExamsTranslation();
  const data = useStudentExamsAndEducations(studentId);

  if (data.isPending) return <Spinner label={t('common.loading')} />;
  if (data.isError) {
    return (
      <ErrorState
        message={t('common.loadError')}
        onRetry={() => void data.refetch()}
        isRetrying={data.isFetching}
      />
    );
  }
  const educations = data.data.educations.filter(
    (education) =>
      !education.archived &&
      (education.practicalExamDeadline || education.examApplicationExpiresAt),
  );
  const exams = data.data.exams;
  if (exams.length === 0 && educations.length === 0) {
    return (
      <Section title={t('student.title')}>
        <EmptyState title={t('student.none')} />
      </Section>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Section title={t('student.deadlines')}>
        {educations.length === 0 ? (
          <p className="text-sm text-neutral-700">{t('student.noDeadlines')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {educations.map((education) => (
              <EducationDeadlines key={education.id} education={education} today={today} />
            ))}
          </ul>
        )}
      </Section>
      {(['THEORY', 'PRACTICAL'] as const).map((kind) => (
        <Section key={kind} title={t(kind === 'THEORY' ? 'student.theory' : 'student.practical')}>
          <ExamTable
            exams={exams.filter((exam) => exam.kind === kind)}
            href={(exam) => examHref(KIND[exam.kind], exam.examId)}
          />
        </Section>
      ))}
    </div>
  );
}

function EducationDeadlines({ education, today }: { education: StudentEducation; today: string }) {
  const { t } = useExamsTranslation();
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-neutral-900">
        {t('student.education', { licenseClass: education.licenseClass })}
      </span>
      {education.practicalExamDeadline && (
        <DeadlineBadge kind="practical" date={education.practicalExamDeadline} today={today} />
      )}
      {education.examApplicationExpiresAt && (
        <DeadlineBadge kind="application" date={education.examApplicationExpiresAt} today={today} />
      )}
    </li>
  );
}

function ExamTable({
  exams,
  href,
}: {
  exams: StudentExamSummary[];
  href: (exam: StudentExamSummary) => string;
}) {
  const { t } = useExamsTranslation();
  if (exams.length === 0) return <p className="text-sm text-neutral-700">{t('student.none')}</p>;
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-neutral-200">
          <th scope="col" className="px-2 py-2 text-start font-medium text-neutral-700">
            {t('student.columns.date')}
          </th>
          <th scope="col" className="px-2 py-2 text-start font-medium text-neutral-700">
            {t('student.columns.time')}
          </th>
          <th scope="col" className="px-2 py-2 text-start font-medium text-neutral-700">
            {t('student.columns.licenseClass')}
          </th>
          <th scope="col" className="px-2 py-2 text-start font-medium text-neutral-700">
            {t('student.columns.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {exams.map((exam) => (
          <tr
            key={`${exam.kind}-${exam.examId}-${exam.studentEducationId}`}
            className="border-b border-neutral-100"
          >
            <td className="px-2 py-2">
              {exam.date ? <Link href={href(exam)}>{formatDate(exam.date)}</Link> : '–'}
            </td>
            <td className="px-2 py-2">
              {exam.time ? t('common.timeValue', { time: exam.time }) : '–'}
            </td>
            <td className="px-2 py-2">
              <Badge>{exam.licenseClass}</Badge>
            </td>
            <td className="px-2 py-2">
              <ExamStatusBadge status={exam.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
