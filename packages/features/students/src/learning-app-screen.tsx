import { useCan } from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  Button,
  EmptyState,
  ErrorState,
  formatDate,
  PageHeader,
  Section,
  Spinner,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import {
  type LearningStats,
  type StudentEducation,
  useEducationLearningStats,
  useEducationSwitch,
  useStudent,
  useStudentEducations,
} from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

/**
 * The registration process of an education on the learning platform (our shape; the spec
 * names statuses without showing them): switched off, switched on but not started, learning
 * (with the last activity), education finished.
 */
export type LearningAppStatus = 'NOT_ENABLED' | 'ENABLED' | 'LEARNING' | 'FINISHED';

export function learningAppStatus(
  education: Pick<StudentEducation, 'driveBuzzEnabled' | 'finished' | 'status'>,
  stats: Pick<LearningStats, 'answeredCount'> | undefined,
): LearningAppStatus {
  if (education.finished || education.status === 'FINISHED') return 'FINISHED';
  if (!education.driveBuzzEnabled) return 'NOT_ENABLED';
  return (stats?.answeredCount ?? 0) > 0 ? 'LEARNING' : 'ENABLED';
}

const TONE: Record<LearningAppStatus, BadgeTone> = {
  NOT_ENABLED: 'neutral',
  ENABLED: 'brand',
  LEARNING: 'success',
  FINISHED: 'neutral',
};

export type LearningAppScreenProps = {
  studentId: number;
  onOpenStudent: (id: number) => void;
  /** The learning mode of an education; no button without. */
  onOpenLearningMode?: (studentEducationId: number) => void;
};

/**
 * `/students/drive-buzz/{id}`: the student's registration with the learning app — per
 * education the class, the registration status, the switch that gives the education access
 * (`POST /student-educations/drive-buzz-enabled`, MODULE_CUSTOMERS_WRITE), the progress
 * (answered, correct, pre-exams passed, last activity) and the catalogue version. The route
 * opens only when the school uses the learning app (`learningAppEnabled`).
 */
export function LearningAppScreen({
  studentId,
  onOpenStudent,
  onOpenLearningMode,
}: LearningAppScreenProps) {
  const { t } = useStudentsTranslation();
  const student = useStudent(studentId);
  const educations = useStudentEducations(studentId);
  const name = student.data ? `${student.data.firstName} ${student.data.lastName}` : '';

  let body: React.ReactNode;
  if (student.isPending || educations.isPending) {
    body = <Spinner label={t('common.loading')} />;
  } else if (student.isError || educations.isError) {
    body = (
      <ErrorState
        message={t('edit.loadError')}
        onRetry={() => {
          void student.refetch();
          void educations.refetch();
        }}
      />
    );
  } else {
    const active = educations.data.filter((education) => !education.archived);
    body =
      active.length === 0 ? (
        <EmptyState title={t('learnStatus.empty')} />
      ) : (
        active.map((education) => (
          <EducationOnPlatform
            key={education.id}
            education={education}
            archivedStudent={student.data.archived}
            onOpenLearningMode={onOpenLearningMode}
          />
        ))
      );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={t('learningApp.title')}
        title={name || t('learningApp.title')}
        description={t('learningApp.description')}
        actions={
          <Button variant="secondary" onPress={() => onOpenStudent(studentId)}>
            {t('edit.tabs.master')}
          </Button>
        }
      />
      {body}
    </div>
  );
}

function EducationOnPlatform({
  education,
  archivedStudent,
  onOpenLearningMode,
}: {
  education: StudentEducation;
  archivedStudent: boolean;
  onOpenLearningMode?: (studentEducationId: number) => void;
}) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const change = useEducationSwitch();
  const stats = useEducationLearningStats(education.id);
  const status = learningAppStatus(education, stats.data);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-600">{label}</dt>
      <dd className="text-neutral-900">{value}</dd>
    </>
  );
  return (
    <Section
      title={t('timeline.education', { licenseClass: education.licenseClass })}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={TONE[status]}>{t(`learningApp.status.${status}`)}</Badge>
          {onOpenLearningMode && (
            <Button size="sm" variant="secondary" onPress={() => onOpenLearningMode(education.id)}>
              {t('learnStatus.openLearningMode')}
            </Button>
          )}
        </div>
      }
    >
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {row(t('learningApp.licenseClass'), education.licenseClass)}
        {row(
          t('learnStatus.questionsVersion'),
          education.theoryQuestionsVersion ?? t('learnStatus.current'),
        )}
        {stats.isError ? (
          row(t('learningApp.progress'), t('learningApp.statsError'))
        ) : stats.data ? (
          <>
            {row(
              t('learningApp.progress'),
              t('learningApp.progressValue', {
                answered: stats.data.answeredCount,
                correct: stats.data.correctCount,
                total: stats.data.questionCount,
                percent: Math.round(stats.data.progress),
              }),
            )}
            {row(
              t('learningApp.preExams'),
              t('learningApp.preExamsValue', {
                passed: stats.data.preExamsPassed,
                count: stats.data.preExamCount,
              }),
            )}
            {row(
              t('learningApp.lastActivity'),
              stats.data.lastActivityAt
                ? formatDate(stats.data.lastActivityAt.slice(0, 10))
                : t('learningApp.never'),
            )}
          </>
        ) : (
          row(t('learningApp.progress'), <Spinner size="sm" label={t('common.loading')} />)
        )}
      </dl>
      <Switch
        isSelected={education.driveBuzzEnabled}
        isDisabled={!canWrite || archivedStudent || status === 'FINISHED'}
        onChange={(value) =>
          change.mutate(
            { id: education.id, which: 'driveBuzzEnabled', value },
            // A failure shows the global error toast (the server's reason).
            { onSuccess: () => toast.success(t('messages.operation_successful')) },
          )
        }
      >
        {t('learnStatus.driveBuzz')}
      </Switch>
    </Section>
  );
}
