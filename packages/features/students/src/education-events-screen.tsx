import { Button, ErrorState, PageHeader, Spinner } from '@fahrwerk/ui';
import { useStudent } from './api/student-queries';
import { StudentTimeline } from './student-timeline';
import { useStudentsTranslation } from './use-students-translation';

export type EducationEventsScreenProps = {
  studentId: number;
  onOpenStudent: (id: number) => void;
};

/** `/education-events/{id}`: the timeline of one student (events of all educations and notes). */
export function EducationEventsScreen({ studentId, onOpenStudent }: EducationEventsScreenProps) {
  const { t } = useStudentsTranslation();
  const student = useStudent(studentId);
  if (student.isPending) return <Spinner label={t('common.loading')} />;
  if (student.error) {
    return <ErrorState message={t('edit.loadError')} onRetry={() => student.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={t('timeline.title')}
        title={`${student.data.firstName} ${student.data.lastName}`}
        actions={
          <Button variant="secondary" onPress={() => onOpenStudent(studentId)}>
            {t('edit.tabs.master')}
          </Button>
        }
      />
      <StudentTimeline studentId={studentId} />
    </div>
  );
}
