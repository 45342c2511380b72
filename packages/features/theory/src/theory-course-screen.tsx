import { errorToastMessage } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DescriptionList,
  ErrorState,
  formatDate,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type TheoryCourseStudent,
  type TheoryLesson,
  useCourseLessons,
  useSetCourseStudents,
  useTheoryCourse,
  useTheoryCourseMutations,
  useTheoryCourseStudents,
  useTheoryLessonMutations,
  useTheoryPickers,
} from './api/theory-queries';
import { AssignStudentDialog } from './components/assign-student-dialog';
import { AttendancePanel } from './components/attendance-panel';
import { BookModuleDialog } from './components/book-module-dialog';
import { CourseFormDialog } from './components/course-form-dialog';
import { LessonFormDialog } from './components/lesson-form-dialog';
import { lessonLabel } from './components/lesson-label';
import { LessonTimetable } from './components/lesson-timetable';
import { PlainTable } from './components/plain-table';
import { nextBasicNumber } from './schemas/lesson-form';
import { useTheoryTranslation } from './use-theory-translation';

export type TheoryCourseScreenProps = {
  courseId: number;
  /** Back to the course list; no back link without. */
  onBack?: () => void;
};

/**
 * One theory course: its data (edit), its students (assign, book modules, remove; at most 3
 * courses per education), its lessons as a timetable (basic 1–12 and class-specific; create,
 * edit, delete) and, per lesson, the attendance with signatures and the attendance list (PDF).
 * Without MODULE_THEORY_WRITE it is read-only (the PDF can still be downloaded).
 */
export function TheoryCourseScreen({ courseId, onBack }: TheoryCourseScreenProps) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const canWrite = useCan('MODULE_THEORY_WRITE');
  const course = useTheoryCourse(courseId);
  const students = useTheoryCourseStudents(courseId);
  const lessons = useCourseLessons(courseId);
  const pickers = useTheoryPickers();
  const courseMutations = useTheoryCourseMutations();
  const lessonMutations = useTheoryLessonMutations();
  const setStudents = useSetCourseStudents(courseId);

  const [editingCourse, setEditingCourse] = useState(false);
  const [editingLesson, setEditingLesson] = useState<TheoryLesson | 'new' | null>(null);
  const [deletingLesson, setDeletingLesson] = useState<TheoryLesson | null>(null);
  const [attendanceId, setAttendanceId] = useState<number | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [moduleFor, setModuleFor] = useState<TheoryCourseStudent | null>(null);
  const [removing, setRemoving] = useState<TheoryCourseStudent | null>(null);

  const back = onBack ? (
    <Button variant="secondary" size="sm" onPress={onBack}>
      {t('course.back')}
    </Button>
  ) : undefined;

  if (course.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner />
      </div>
    );
  }
  if (course.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorState
          message={t('common.loadError')}
          onRetry={() => void course.refetch()}
          isRetrying={course.isFetching}
        />
      </div>
    );
  }

  const data = course.data;
  const courseStudents = students.data ?? [];
  const courseLessons = lessons.data ?? [];
  const freePlaces = Math.max(0, data.quantity - data.studentCount);
  const isFull = freePlaces === 0;
  const period = t('common.period', { start: formatDate(data.start), end: formatDate(data.end) });
  const nameOf = (options: { id: number; label: string }[], id: number | undefined) =>
    id === undefined
      ? t('common.none')
      : (options.find((option) => option.id === id)?.label ?? t('common.unknown', { id }));
  const instructorName = (id: number) => nameOf(pickers.instructors, id);
  const attendanceLesson = courseLessons.find((lesson) => lesson.id === attendanceId);
  const studentName = (row: TheoryCourseStudent) => `${row.firstName} ${row.lastName}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={data.shortDescription}
        description={canWrite ? period : `${period} · ${t('common.readOnly')}`}
        actions={
          canWrite && !data.archived ? (
            <Button variant="secondary" onPress={() => setEditingCourse(true)}>
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      {isFull && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t('course.fullNotice')}
        </p>
      )}
      <Section title={t('course.details')}>
        <DescriptionList
          items={[
            {
              label: t('course.period'),
              value: t('common.period', {
                start: formatDate(data.start),
                end: formatDate(data.end),
              }),
            },
            {
              label: t('course.places'),
              value: isFull ? (
                <Badge tone="warning">{t('courses.full')}</Badge>
              ) : (
                t('courses.placesValue', { free: freePlaces, quantity: data.quantity })
              ),
            },
            {
              label: t('course.classes'),
              value:
                data.licenseClasses.length > 0
                  ? data.licenseClasses.join(', ')
                  : t('common.everyClass'),
            },
            { label: t('course.branch'), value: nameOf(pickers.branches, data.branchId) },
            {
              label: t('course.instructor'),
              value: nameOf(pickers.instructors, data.instructorId),
            },
            {
              label: t('course.teachingMaterial'),
              value: nameOf(pickers.teachingMaterials, data.teachingMaterialProductId),
            },
            {
              label: t('course.basicFee'),
              value:
                data.basicFeeProductId === undefined
                  ? t('courseForm.basicFeeDefault')
                  : nameOf(pickers.basicFees, data.basicFeeProductId),
            },
            {
              label: t('course.shownOnWebPage'),
              value: t(data.shownOnWebPage ? 'course.yes' : 'course.no'),
            },
            {
              label: t('course.showForOnboarding'),
              value: t(data.showForOnboarding ? 'course.yes' : 'course.no'),
            },
          ]}
        />
      </Section>

      <Section
        title={t('students.title')}
        description={t('students.description')}
        actions={
          canWrite ? (
            <Button onPress={() => setAssigning(true)} isDisabled={isFull}>
              {t('students.assign')}
            </Button>
          ) : null
        }
      >
        {students.isError ? (
          <ErrorState message={t('common.loadError')} onRetry={() => void students.refetch()} />
        ) : (
          <PlainTable
            aria-label={t('students.table')}
            rows={courseStudents}
            getRowId={(row) => String(row.studentEducationId)}
            emptyText={students.isPending ? <Spinner /> : t('students.empty')}
            columns={[
              {
                id: 'name',
                header: t('students.columns.name'),
                cell: (row) => (
                  <span className="font-medium text-neutral-900">{studentName(row)}</span>
                ),
              },
              { id: 'class', header: t('students.columns.class'), cell: (row) => row.licenseClass },
              {
                id: 'assignedAt',
                header: t('students.columns.assignedAt'),
                cell: (row) => formatDate(row.assignedAt),
              },
              {
                id: 'attended',
                header: t('students.columns.attended'),
                cell: (row) => <span className="tabular-nums">{row.attendedLessonCount}</span>,
              },
              ...(canWrite
                ? [
                    {
                      id: 'actions',
                      header: <span className="sr-only">{t('common.actions')}</span>,
                      className: 'text-end',
                      cell: (row: TheoryCourseStudent) => (
                        <ActionMenu
                          label={t('common.actionsFor', { name: studentName(row) })}
                          items={[
                            { id: 'module', label: t('students.bookModule') },
                            { id: 'remove', label: t('students.remove'), isDanger: true },
                          ]}
                          onAction={(action) =>
                            action === 'module' ? setModuleFor(row) : setRemoving(row)
                          }
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Section>

      <Section
        title={t('lessons.title')}
        description={t('lessons.description')}
        actions={
          canWrite ? (
            <Button onPress={() => setEditingLesson('new')}>{t('lessons.new')}</Button>
          ) : null
        }
      >
        {lessons.isError ? (
          <ErrorState message={t('common.loadError')} onRetry={() => void lessons.refetch()} />
        ) : lessons.isPending ? (
          <div className="flex justify-center py-6 text-brand-600">
            <Spinner />
          </div>
        ) : courseLessons.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('lessons.empty')}</p>
        ) : (
          <LessonTimetable
            lessons={courseLessons}
            instructorName={instructorName}
            canWrite={canWrite}
            selectedId={attendanceId}
            onAttendance={(lesson) => setAttendanceId(lesson.id)}
            onEdit={setEditingLesson}
            onDelete={setDeletingLesson}
          />
        )}
      </Section>

      {attendanceLesson && (
        <AttendancePanel
          lesson={attendanceLesson}
          instructor={instructorName(attendanceLesson.instructorId)}
          candidates={courseStudents}
          freePlaces={freePlaces}
          canWrite={canWrite}
          onClose={() => setAttendanceId(null)}
        />
      )}

      {editingCourse && (
        <CourseFormDialog
          isOpen
          onOpenChange={setEditingCourse}
          course={data}
          {...pickers}
          onSubmit={(input) => courseMutations.save.mutateAsync({ id: data.id, input })}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {editingLesson !== null && (
        <LessonFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditingLesson(null)}
          lesson={editingLesson === 'new' ? undefined : editingLesson}
          theoryCourseId={data.id}
          defaults={{
            branchId: data.branchId,
            instructorId: data.instructorId,
            licenseClasses: data.licenseClasses,
            lessonNumber: nextBasicNumber(courseLessons),
            date: data.start,
          }}
          branches={pickers.branches}
          instructors={pickers.instructors}
          onSubmit={(input) =>
            lessonMutations.save.mutateAsync({
              id: editingLesson === 'new' ? undefined : editingLesson.id,
              input,
            })
          }
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {moduleFor && (
        <BookModuleDialog
          isOpen
          onOpenChange={(open) => !open && setModuleFor(null)}
          courseId={data.id}
          student={moduleFor}
          lessons={courseLessons}
        />
      )}
      {assigning && (
        <AssignStudentDialog
          isOpen
          onOpenChange={setAssigning}
          courseId={data.id}
          assigned={courseStudents}
        />
      )}
      <ConfirmDialog
        isOpen={deletingLesson !== null}
        onOpenChange={(open) => !open && setDeletingLesson(null)}
        title={t('lessons.deleteTitle')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deletingLesson) return;
          await lessonMutations.delete.mutateAsync(deletingLesson.id);
          if (attendanceId === deletingLesson.id) setAttendanceId(null);
          toast.success(t('messages.delete_success'));
          setDeletingLesson(null);
        }}
      >
        {deletingLesson
          ? t('lessons.deleteText', {
              topic: `${lessonLabel(deletingLesson, t)} ${deletingLesson.topic}`,
              date: formatDate(deletingLesson.date),
            })
          : null}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('students.removeTitle')}
        confirmLabel={t('students.removeConfirm')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!removing) return;
          try {
            await setStudents.mutateAsync(
              courseStudents
                .filter((row) => row.studentEducationId !== removing.studentEducationId)
                .map((row) => row.studentEducationId),
            );
          } catch (error) {
            const text = errorToastMessage(error, t);
            if (text) toast.error(text);
            throw error;
          }
          toast.success(t('messages.save_success'));
          setRemoving(null);
        }}
      >
        {removing ? t('students.removeText', { name: studentName(removing) }) : null}
      </ConfirmDialog>
    </div>
  );
}
