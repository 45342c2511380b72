import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button, Checkbox, CheckboxGroup, Dialog, formatDate, Modal, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import { type TheoryCourseStudent, type TheoryLesson, useBookModule } from '../api/theory-queries';
import { useTheoryTranslation } from '../use-theory-translation';
import { lessonLabel } from './lesson-label';

export type BookModuleDialogProps = {
  courseId: number;
  student: TheoryCourseStudent;
  lessons: TheoryLesson[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/**
 * Books a student education into chosen lessons of the course (`POST
 * /theory-courses/{id}/book-module`), e.g. a student joining a running course; success shows the
 * spec's `messages.operation_successful`.
 */
export function BookModuleDialog({
  courseId,
  student,
  lessons,
  isOpen,
  onOpenChange,
}: BookModuleDialogProps) {
  const { t } = useTheoryTranslation();
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('module.title', { name })}>
        {({ close }) => (
          <ModuleBody courseId={courseId} student={student} lessons={lessons} close={close} />
        )}
      </Dialog>
    </Modal>
  );
}

function ModuleBody({
  courseId,
  student,
  lessons,
  close,
}: Pick<BookModuleDialogProps, 'courseId' | 'student' | 'lessons'> & { close: () => void }) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const book = useBookModule(courseId);
  const failure = book.error ? errorToastMessage(book.error, t) : null;
  const booked = new Set(
    lessons
      .filter((lesson) =>
        lesson.participants.some((row) => row.studentEducationId === student.studentEducationId),
      )
      .map((lesson) => lesson.id),
  );

  const submit = async () => {
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    try {
      await book.mutateAsync({
        studentEducationId: student.studentEducationId,
        theoryLessonIds: chosen.map(Number),
      });
      toast.success(t('messages.operation_successful'));
      close();
    } catch {
      // The alert below shows why.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-neutral-700">{t('module.hint')}</p>
      {lessons.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('module.noLessons')}</p>
      ) : (
        <CheckboxGroup
          label={t('module.lessons')}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setMissing(false);
          }}
          isInvalid={missing}
          errorMessage={missing ? t('module.required') : undefined}
        >
          {lessons.map((lesson) => (
            <Checkbox
              key={lesson.id}
              value={String(lesson.id)}
              isDisabled={booked.has(lesson.id)}
              description={`${formatDate(lesson.date)}, ${lesson.startTime}`}
            >
              {`${lessonLabel(lesson, t)} ${lesson.topic}`}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button onPress={submit} isPending={book.isPending} isDisabled={lessons.length === 0}>
          {t('module.submit')}
        </Button>
      </div>
    </div>
  );
}
