import { useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  PageHeader,
  Section,
  Spinner,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useEducationSwitch, useStudent, useStudentEducations } from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

/** Ways into the learning area for one education; a button shows only for a callback given. */
export type LearningLinks = {
  /** The learning mode of the education (`/lms?studentEducationId=`). */
  onOpenLearningMode?: (studentEducationId: number) => void;
  /** The question tutor of the education (`/lms-question-tutor?studentEducationId=`). */
  onOpenTutor?: (studentEducationId: number) => void;
  /** The student's registration in the learning app (when the school uses it). */
  onOpenLearningApp?: () => void;
};

export type LearnStatusScreenProps = LearningLinks & {
  studentId: number;
  onOpenStudent: (id: number) => void;
};

/**
 * `/learn-status/{id}`, the people-data part: each active education with its theory question
 * catalogue and the learning-app switch. Learning progress itself belongs to the learning area.
 */
export function LearnStatusScreen({ studentId, onOpenStudent, ...links }: LearnStatusScreenProps) {
  const { t } = useStudentsTranslation();
  const student = useStudent(studentId);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={t('learnStatus.title')}
        title={
          student.data
            ? `${student.data.firstName} ${student.data.lastName}`
            : t('learnStatus.title')
        }
        description={t('learnStatus.description')}
        actions={
          <Button variant="secondary" onPress={() => onOpenStudent(studentId)}>
            {t('edit.tabs.master')}
          </Button>
        }
      />
      <LearnStatusPanel studentId={studentId} {...links} />
    </div>
  );
}

/**
 * The learning part of a student record: each active education with its question catalogue,
 * the learning-app switch and the way into the learning mode and the question tutor.
 */
export function LearnStatusPanel({
  studentId,
  onOpenLearningMode,
  onOpenTutor,
  onOpenLearningApp,
}: LearningLinks & { studentId: number }) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const student = useStudent(studentId);
  const educations = useStudentEducations(studentId);
  const change = useEducationSwitch();

  if (student.isPending || educations.isPending) return <Spinner label={t('common.loading')} />;
  const error = student.error ?? educations.error;
  if (error || !student.data || !educations.data) {
    return (
      <ErrorState
        message={t('edit.loadError')}
        onRetry={() => {
          student.refetch();
          educations.refetch();
        }}
      />
    );
  }
  const active = educations.data.filter((education) => !education.archived);
  return (
    <div className="flex flex-col gap-4">
      {onOpenLearningApp && (
        <div>
          <Button variant="secondary" onPress={onOpenLearningApp}>
            {t('learnStatus.openLearningApp')}
          </Button>
        </div>
      )}
      {active.length === 0 ? (
        <EmptyState title={t('learnStatus.empty')} />
      ) : (
        active.map((education) => (
          <Section
            key={education.id}
            title={t('timeline.education', { licenseClass: education.licenseClass })}
            actions={
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{t(`enum.educationStatus.${education.status}`)}</Badge>
                {onOpenLearningMode && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('learnStatus.openLearningModeOf', {
                      licenseClass: education.licenseClass,
                    })}
                    onPress={() => onOpenLearningMode(education.id)}
                  >
                    {t('learnStatus.openLearningMode')}
                  </Button>
                )}
                {onOpenTutor && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('learnStatus.openTutorOf', {
                      licenseClass: education.licenseClass,
                    })}
                    onPress={() => onOpenTutor(education.id)}
                  >
                    {t('learnStatus.openTutor')}
                  </Button>
                )}
              </div>
            }
          >
            <dl className="mb-3 grid grid-cols-2 gap-1 text-sm">
              <dt className="text-neutral-600">{t('learnStatus.questionsVersion')}</dt>
              <dd>{education.theoryQuestionsVersion ?? t('learnStatus.current')}</dd>
            </dl>
            <Switch
              isSelected={education.driveBuzzEnabled}
              isDisabled={!canWrite || student.data.archived}
              onChange={(value) =>
                change.mutate(
                  { id: education.id, which: 'driveBuzzEnabled', value },
                  { onSuccess: () => toast.success(t('learnStatus.changed')) },
                )
              }
            >
              {t('learnStatus.driveBuzz')}
            </Switch>
          </Section>
        ))
      )}
    </div>
  );
}
