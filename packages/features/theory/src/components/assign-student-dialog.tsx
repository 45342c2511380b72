import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert, useStudentEducations } from '@fahrwerk/core';
import { Button, Dialog, Modal, Select, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type StudentListItem,
  type TheoryCourseStudent,
  useSetCourseStudents,
} from '../api/theory-queries';
import { useTheoryTranslation } from '../use-theory-translation';
import { StudentSearch } from './student-search';

export type AssignStudentDialogProps = {
  courseId: number;
  /** The course's current assignment; the new education is added to it. */
  assigned: TheoryCourseStudent[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/**
 * Adds a student's education to the course (`PUT /theory-courses/{id}/students` with the whole
 * assignment). The server refuses a fourth course of an education and a full course; its
 * message shows in the dialog.
 */
export function AssignStudentDialog({
  courseId,
  assigned,
  isOpen,
  onOpenChange,
}: AssignStudentDialogProps) {
  const { t } = useTheoryTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('assign.title')}>
        {({ close }) => <AssignBody courseId={courseId} assigned={assigned} close={close} />}
      </Dialog>
    </Modal>
  );
}

function AssignBody({
  courseId,
  assigned,
  close,
}: Pick<AssignStudentDialogProps, 'courseId' | 'assigned'> & { close: () => void }) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const [student, setStudent] = useState<StudentListItem | null>(null);
  const [educationId, setEducationId] = useState<number | null>(null);
  const educations = useStudentEducations(student?.id ?? null);
  const save = useSetCourseStudents(courseId);
  const active = (educations.data ?? []).filter((row) => !row.archived && !row.finished);
  const chosen = educationId ?? (active.length === 1 ? (active[0]?.id ?? null) : null);
  const alreadyAssigned = assigned.some((row) => row.studentEducationId === chosen);
  const failure = save.error ? errorToastMessage(save.error, t) : null;

  const submit = async () => {
    if (chosen === null || alreadyAssigned) return;
    try {
      await save.mutateAsync([...assigned.map((row) => row.studentEducationId), chosen]);
      toast.success(t('messages.save_success'));
      close();
    } catch {
      // The alert below shows why.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <StudentSearch
        label={t('assign.student')}
        placeholder={t('assign.studentPlaceholder')}
        onChange={(next) => {
          setStudent(next);
          setEducationId(null);
          save.reset();
        }}
      />
      {student && educations.isSuccess && active.length === 0 && (
        <p className="text-sm text-neutral-700">{t('assign.noEducation')}</p>
      )}
      {active.length > 0 && (
        <Select
          label={t('assign.education')}
          isRequired
          items={active.map((row) => ({
            id: row.id,
            label: t('assign.educationOf', { licenseClass: row.licenseClass }),
            description: t('assign.courses', { count: row.courseIds.length }),
          }))}
          selectedKey={chosen}
          onSelectionChange={(key) => {
            setEducationId(key === null ? null : Number(key));
            save.reset();
          }}
          errorMessage={alreadyAssigned ? t('assign.alreadyAssigned') : undefined}
          isInvalid={alreadyAssigned}
        />
      )}
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button
          onPress={submit}
          isDisabled={chosen === null || alreadyAssigned}
          isPending={save.isPending}
        >
          {t('assign.submit')}
        </Button>
      </div>
    </div>
  );
}
