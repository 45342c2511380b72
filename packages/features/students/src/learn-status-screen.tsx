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
  toast,
} from '@fahrwerk/ui';
import { useEducationSwitch, useStudent, useStudentEducations } from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

export type LearnStatusScreenProps = {
  studentId: number;
  onOpenStudent: (id: number) => void;
};

/**
 * `/learn-status/{id}`, the people-data part: each active education with its theory question
 * catalogue and the learning-app switch. Learning progress itself belongs to the learning area.
 */
export function LearnStatusScreen({ studentId, onOpenStudent }: LearnStatusScreenProps) {
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
      <PageHeader
        eyebrow={t('learnStatus.title')}
        title={`${student.data.firstName} ${student.data.lastName}`}
        description={t('learnStatus.description')}
        actions={
          <Button variant="secondary" onPress={() => onOpenStudent(studentId)}>
            {t('edit.tabs.master')}
          </Button>
        }
      />
      {active.length === 0 ? (
        <EmptyState title={t('learnStatus.empty')} />
      ) : (
        active.map((education) => (
          <Section
            key={education.id}
            title={t('timeline.education', { licenseClass: education.licenseClass })}
            actions={<Badge>{t(`enum.educationStatus.${education.status}`)}</Badge>}
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
