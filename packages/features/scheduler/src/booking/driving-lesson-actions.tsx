import { showErrorToast } from '@fahrwerk/core';
import { Button, ConfirmDialog, formatDate, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { formatIsoDate } from './booking-format';
import { useBookDrivingLesson, useDeleteDrivingLesson } from './booking-queries';
import type { Appointment } from './booking-types';
import { SignatureDialog } from './signature-dialog';

export type DrivingLessonActionsProps = {
  /** A driving lesson (an appointment of type DRIVING). */
  appointment: Appointment;
  /** The student's name, shown in the signature dialog. */
  studentName?: string;
  /** After booking or signing, with the lesson the server answered. */
  onChanged?: (appointment: Appointment) => void;
  /** After the deletion. */
  onDeleted?: () => void;
  /** Offers "Fahrstunde löschen" (the appointment dialog has its own delete). @default true */
  showDelete?: boolean;
};

/**
 * What can be done with a driving lesson (spec 000 §4, 001 §4): book it onto the student's
 * account ("Buchen"), let the student sign and book it ("Unterschreiben und buchen") and
 * delete it (reversing the booking). A refusal shows the server's message as an error toast;
 * success says "Gespeichert." / "Gelöscht.". A released or invoiced lesson offers nothing.
 */
export function DrivingLessonActions({
  appointment,
  studentName,
  onChanged,
  onDeleted,
  showDelete = true,
}: DrivingLessonActionsProps) {
  const toast = useToast();
  const { t, i18n } = useSchedulerTranslation();
  const book = useBookDrivingLesson();
  const remove = useDeleteDrivingLesson();
  const [isSigning, setSigning] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const isLocked = appointment.released || appointment.invoiced;

  const handleBook = async () => {
    try {
      const booked = await book.mutateAsync(appointment.id);
      toast.success(t('messages.save_success'));
      onChanged?.(booked);
    } catch (error) {
      showErrorToast(error, i18n, toast);
    }
  };

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(appointment.id);
    } catch (error) {
      showErrorToast(error, i18n, toast);
      throw error;
    }
    toast.success(t('messages.delete_success'));
    onDeleted?.();
  };

  return (
    <fieldset
      aria-label={t('booking.drivingLesson.label')}
      className="flex flex-wrap items-center gap-3 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2"
    >
      <div className="flex flex-1 flex-col text-sm text-neutral-700">
        <span>
          {appointment.booked
            ? t('booking.drivingLesson.bookedAt', {
                date: appointment.bookedAt ? formatDate(appointment.bookedAt) : '–',
              })
            : t('booking.drivingLesson.notBooked')}
        </span>
        {appointment.signed && (
          <span>
            {t('booking.drivingLesson.signedAt', {
              date: appointment.signature ? formatDate(appointment.signature.signedAt) : '–',
            })}
          </span>
        )}
      </div>
      {!isLocked && (
        <div className="flex flex-wrap gap-2">
          {!appointment.booked && (
            <Button variant="secondary" size="lg" isPending={book.isPending} onPress={handleBook}>
              {t('booking.drivingLesson.book')}
            </Button>
          )}
          {!appointment.signed && (
            <Button size="lg" onPress={() => setSigning(true)}>
              {t('booking.drivingLesson.signAndBook')}
            </Button>
          )}
          {showDelete && (
            <Button variant="secondary" size="lg" onPress={() => setDeleting(true)}>
              {t('booking.drivingLesson.delete')}
            </Button>
          )}
        </div>
      )}
      <SignatureDialog
        open={isSigning}
        onOpenChange={setSigning}
        appointment={appointment}
        studentName={studentName}
        onSigned={onChanged}
      />
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setDeleting}
        variant="destructive"
        title={t('booking.drivingLesson.deleteTitle')}
        confirmLabel={t('booking.delete.confirm')}
        cancelLabel={t('booking.actions.cancel')}
        onConfirm={handleDelete}
      >
        {t('booking.drivingLesson.deleteText', {
          date: formatIsoDate(appointment.date),
          time: appointment.startTime,
        })}
      </ConfirmDialog>
    </fieldset>
  );
}
