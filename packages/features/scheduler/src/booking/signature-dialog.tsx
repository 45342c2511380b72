import { showErrorToast } from '@fahrwerk/core';
import {
  Button,
  Dialog,
  Modal,
  SignaturePad,
  type SignaturePadHandle,
  useToast,
} from '@fahrwerk/ui';
import { useRef, useState } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { addMinutes, formatIsoDate } from './booking-format';
import { useSignAndBookDrivingLesson } from './booking-queries';
import type { Appointment } from './booking-types';

export type SignatureDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The driving lesson to sign and book. */
  appointment: Appointment;
  /** The student's name, shown above the pad. */
  studentName?: string;
  /** After the upload, with the signed and booked lesson (the dialog toasts itself). */
  onSigned?: (appointment: Appointment) => void;
};

/**
 * The student signs the driving lesson on the tablet; "Unterschreiben und buchen" uploads the
 * pad as a PNG with the time the student finished (`signedAt`) and books the lesson. An empty
 * pad cannot be sent. A refusal shows the server's message and keeps the signature.
 */
export function SignatureDialog({
  open,
  onOpenChange,
  appointment,
  studentName,
  onSigned,
}: SignatureDialogProps) {
  const { t } = useSchedulerTranslation();
  return (
    <Modal isOpen={open} onOpenChange={onOpenChange} size="lg" isDismissable={false}>
      <Dialog title={t('booking.signature.title')}>
        {({ close }) => (
          <SignatureBody
            appointment={appointment}
            studentName={studentName}
            onSigned={(signed) => {
              close();
              onSigned?.(signed);
            }}
            close={close}
          />
        )}
      </Dialog>
    </Modal>
  );
}

function SignatureBody({
  appointment,
  studentName,
  onSigned,
  close,
}: Pick<SignatureDialogProps, 'appointment' | 'studentName'> & {
  onSigned: (appointment: Appointment) => void;
  close: () => void;
}) {
  const toast = useToast();
  const { t, i18n } = useSchedulerTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [isEmpty, setEmpty] = useState(true);
  const finishedAt = useRef<string | null>(null);
  const upload = useSignAndBookDrivingLesson();
  const when = {
    date: formatIsoDate(appointment.date),
    from: appointment.startTime,
    to: addMinutes(appointment.startTime, appointment.minutes),
  };

  const submit = async () => {
    if (!pad.current || pad.current.isEmpty()) return;
    try {
      const png = await pad.current.toPng();
      const signed = await upload.mutateAsync({
        id: appointment.id,
        png,
        signedAt: finishedAt.current ?? new Date().toISOString(),
      });
      toast.success(t('messages.save_success'));
      onSigned(signed);
    } catch (error) {
      showErrorToast(error, i18n, toast);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-neutral-900">
        {studentName
          ? t('booking.signature.lessonOf', { ...when, student: studentName })
          : t('booking.signature.lesson', when)}
      </p>
      <p>{t('booking.signature.intro')}</p>
      <SignaturePad
        ref={pad}
        label={t('booking.signature.pad')}
        onStrokeEnd={() => {
          finishedAt.current = new Date().toISOString();
        }}
        onChange={(empty) => {
          setEmpty(empty);
          if (empty) finishedAt.current = null;
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-neutral-600">
          {isEmpty ? t('booking.signature.empty') : t('booking.signature.signed')}
        </p>
        <Button
          variant="secondary"
          size="lg"
          isDisabled={isEmpty}
          onPress={() => pad.current?.clear()}
        >
          {t('booking.signature.clear')}
        </Button>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-100 pt-4">
        <Button variant="secondary" size="lg" onPress={close}>
          {t('booking.signature.cancel')}
        </Button>
        <Button size="lg" isDisabled={isEmpty} isPending={upload.isPending} onPress={submit}>
          {t('booking.signature.submit')}
        </Button>
      </div>
    </div>
  );
}
