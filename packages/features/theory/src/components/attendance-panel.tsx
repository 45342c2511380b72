import { downloadErrorMessage } from '@fahrwerk/api';
import {
  Badge,
  Button,
  ConfirmDialog,
  formatDate,
  formatDateTime,
  Section,
  useToast,
} from '@fahrwerk/ui';
import { lazy, Suspense, useState } from 'react';
import {
  type TheoryLesson,
  type TheoryLessonParticipant,
  useDeleteLessonSignature,
  useDownloadAttendanceList,
} from '../api/theory-queries';
import { addMinutes } from '../syllabus';
import { useTheoryTranslation } from '../use-theory-translation';
import { type BookingCandidate, LessonBookingDialog } from './lesson-booking-dialog';
import { PlainTable } from './plain-table';

// The pad (the scheduler's SignaturePad, with the scheduler behind it) loads when a participant
// signs, not with every screen that imports this package (the dashboard widget, the panel).
const LessonSignatureDialog = lazy(() =>
  import('./lesson-signature-dialog').then((module) => ({ default: module.LessonSignatureDialog })),
);

export type AttendancePanelProps = {
  lesson: TheoryLesson;
  /** The instructor's name. */
  instructor: string;
  /** The students offered when recording participants (the course's). */
  candidates: BookingCandidate[];
  freePlaces?: number;
  canWrite: boolean;
  onClose: () => void;
};

/**
 * The attendance of one lesson: who attended (recorded through the booking dialog), each
 * participant's signature on the tablet (sign, delete), and the attendance list as a PDF
 * (`GET /theory-lesson-documents/{id}`), the record an inspector asks for.
 */
export function AttendancePanel({
  lesson,
  instructor,
  candidates,
  freePlaces,
  canWrite,
  onClose,
}: AttendancePanelProps) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const [booking, setBooking] = useState(false);
  const [signing, setSigning] = useState<TheoryLessonParticipant | null>(null);
  const [unsigning, setUnsigning] = useState<TheoryLessonParticipant | null>(null);
  const download = useDownloadAttendanceList();
  const deleteSignature = useDeleteLessonSignature();
  const signed = lesson.participants.filter((row) => row.signed).length;
  const nameOf = (row: TheoryLessonParticipant) => `${row.firstName} ${row.lastName}`;

  return (
    <Section
      title={t('attendance.title', { topic: lesson.topic })}
      description={t('attendance.when', {
        date: formatDate(lesson.date),
        from: lesson.startTime,
        to: addMinutes(lesson.startTime, lesson.minutes),
        instructor,
      })}
      actions={
        <>
          {canWrite && <Button onPress={() => setBooking(true)}>{t('attendance.book')}</Button>}
          <Button
            variant="secondary"
            isPending={download.isPending}
            onPress={() =>
              download.mutate(lesson, {
                onError: (error) => {
                  const text = downloadErrorMessage(error, t);
                  if (text) toast.error(text);
                },
              })
            }
          >
            {t('attendance.pdf')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('attendance.close')}
          </Button>
        </>
      }
    >
      {lesson.participants.length > 0 && (
        <p className="text-sm text-neutral-700">
          {t('attendance.signedCount', { signed, count: lesson.participants.length })}
        </p>
      )}
      <PlainTable
        aria-label={t('attendance.table')}
        rows={lesson.participants}
        getRowId={(row) => String(row.id)}
        emptyText={t('attendance.empty')}
        columns={[
          {
            id: 'name',
            header: t('attendance.columns.name'),
            cell: (row) => <span className="font-medium text-neutral-900">{nameOf(row)}</span>,
          },
          {
            id: 'class',
            header: t('attendance.columns.class'),
            cell: (row) => row.licenseClass ?? t('common.none'),
          },
          {
            id: 'signature',
            header: t('attendance.columns.signature'),
            cell: (row) =>
              row.signed ? (
                <Badge tone="success">
                  {row.signedAt
                    ? t('attendance.signedAt', { at: formatDateTime(row.signedAt) })
                    : t('attendance.signed')}
                </Badge>
              ) : (
                <Badge tone="warning">{t('attendance.unsigned')}</Badge>
              ),
          },
          ...(canWrite
            ? [
                {
                  id: 'actions',
                  header: <span className="sr-only">{t('common.actions')}</span>,
                  className: 'text-end',
                  cell: (row: TheoryLessonParticipant) =>
                    row.signed ? (
                      <Button
                        variant="secondary"
                        aria-label={t('attendance.deleteSignatureFor', { name: nameOf(row) })}
                        onPress={() => setUnsigning(row)}
                      >
                        {t('attendance.deleteSignature')}
                      </Button>
                    ) : (
                      <Button
                        aria-label={t('attendance.signFor', { name: nameOf(row) })}
                        onPress={() => setSigning(row)}
                      >
                        {t('attendance.sign')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      {booking && (
        <LessonBookingDialog
          isOpen
          onOpenChange={(open) => !open && setBooking(false)}
          lesson={lesson}
          candidates={candidates}
          freePlaces={freePlaces}
        />
      )}
      {signing && (
        <Suspense fallback={null}>
          <LessonSignatureDialog
            isOpen
            onOpenChange={(open) => !open && setSigning(null)}
            lesson={lesson}
            participant={signing}
          />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={unsigning !== null}
        onOpenChange={(open) => !open && setUnsigning(null)}
        title={t('attendance.deleteSignatureTitle')}
        confirmLabel={t('attendance.deleteSignature')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        isPending={deleteSignature.isPending}
        onConfirm={async () => {
          if (!unsigning) return;
          await deleteSignature.mutateAsync(unsigning.id);
          toast.success(t('messages.delete_success'));
          setUnsigning(null);
        }}
      >
        {unsigning ? t('attendance.deleteSignatureText', { name: nameOf(unsigning) }) : null}
      </ConfirmDialog>
    </Section>
  );
}
