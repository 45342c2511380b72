import { ApiForm, FormDialog, showErrorToast, useApiForm } from '@fahrwerk/core';
import { Badge, Button, ConfirmDialog, Dialog, Modal, useToast } from '@fahrwerk/ui';
import { type ReactNode, useRef, useState } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { AppointmentFields, type InstructorOption } from './appointment-fields';
import {
  APPOINTMENT_SERVER_FIELDS,
  type AppointmentForm,
  appointmentFormSchema,
  appointmentToForm,
  appointmentToInput,
  emptyAppointmentForm,
  formToAppointmentInput,
} from './appointment-form';
import { formatIsoDate } from './booking-format';
import { useDeleteAppointment, useSaveAppointment } from './booking-queries';
import type { Appointment, AppointmentInput, SeriesScope } from './booking-types';
import { DrivingLessonActions } from './driving-lesson-actions';
import { SeriesScopeDialog } from './series-scope-dialog';
import { useAsk } from './use-ask';
import { useBookingFlow } from './use-booking-flow';

export type AppointmentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment to edit (or, released, invoiced or not editable, to view). */
  appointment?: Appointment;
  /** A new appointment: what the calendar's slot gives (date, startTime, minutes, instructorId, vehicleId). */
  initial?: Partial<AppointmentInput>;
  /** `false`: the caller may only read this calendar; the dialog shows the values only. @default true */
  editable?: boolean;
  /** The student's name as the calendar shows it (the picker shows it before any search). */
  studentName?: string;
  /**
   * The calendars the caller may book into (own and shared read-write); without it the
   * school's instructors (`POST /instructor/filter`) are offered.
   */
  instructors?: InstructorOption[];
  /** After a save or release, with the appointment the server answered (the dialog toasts itself). */
  onSaved?: (appointment: Appointment) => void;
  /** After a deletion (the dialog toasts itself). */
  onDeleted?: () => void;
};

/** Why the appointment can only be viewed; `null`: it can be changed. */
export function readOnlyReason(
  appointment: Appointment | undefined,
  editable = true,
): 'released' | 'invoiced' | 'notEditable' | null {
  if (appointment?.invoiced) return 'invoiced';
  if (appointment?.released) return 'released';
  if (!editable) return 'notEditable';
  return null;
}

/** The rejection of a save the user called off: the form says nothing and stays open. */
function calledOff(): Error {
  return Object.assign(new Error('called off'), { name: 'CancelledError' });
}

/**
 * Create or edit an appointment of any type (driving lesson, theory, exam, private, other).
 * Saving runs the server's booking checks and asks once about whatever they found
 * (`useBookingFlow`); an occurrence of a series asks which occurrences the change or deletion
 * applies to; a signed appointment asks before its signature is deleted. A released or
 * invoiced appointment — or one in a calendar the caller may only read — opens read-only with
 * the reason. "Freigeben" releases after a confirmation (it cannot be undone).
 */
export function AppointmentDialog({
  open,
  onOpenChange,
  appointment: given,
  initial,
  editable = true,
  studentName,
  instructors,
  onSaved,
  onDeleted,
}: AppointmentDialogProps) {
  const toast = useToast();
  const { t, i18n } = useSchedulerTranslation();
  const flow = useBookingFlow();
  const questions = useAsk<boolean | SeriesScope>();
  const saveAppointment = useSaveAppointment();
  const deleteAppointment = useDeleteAppointment();
  const saved = useRef<Appointment | null>(null);
  // Booked or signed in this dialog: the server's answer replaces what the calendar gave.
  const [changed, setChanged] = useState<Appointment | null>(null);
  const appointment = changed && changed.id === given?.id ? changed : given;
  const reason = readOnlyReason(appointment, editable);

  const confirm = (title: string, text: string, confirmLabel: string, destructive = false) =>
    questions.ask((answer) => (
      <ConfirmDialog
        isOpen
        title={title}
        confirmLabel={confirmLabel}
        cancelLabel={t('booking.actions.cancel')}
        variant={destructive ? 'destructive' : 'default'}
        onConfirm={() => answer(true)}
        onCancel={() => answer(null)}
        onOpenChange={(isOpen) => {
          if (!isOpen) answer(null);
        }}
      >
        {text}
      </ConfirmDialog>
    ));

  const askScope = async (action: 'save' | 'delete') => {
    const scope = await questions.ask((answer) => (
      <SeriesScopeDialog
        action={action}
        onChoose={(chosen) => answer(chosen)}
        onCancel={() => answer(null)}
      />
    ));
    return typeof scope === 'string' ? scope : null;
  };

  const submit = async (values: AppointmentForm) => {
    const input = formToAppointmentInput(values, appointment, initial);
    let scope: SeriesScope | undefined;
    if (appointment?.signed) {
      const agreed = await confirm(
        t('booking.signatureRemoval.title'),
        t('booking.signatureRemoval.text'),
        t('booking.signatureRemoval.confirm'),
        true,
      );
      if (!agreed) throw calledOff();
      input.confirmSignatureRemoval = true;
    }
    if (appointment?.seriesId !== undefined) {
      const chosen = await askScope('save');
      if (!chosen) throw calledOff();
      scope = chosen;
    }
    const result = await flow.book(input, { appointmentId: appointment?.id, scope });
    if (!result) throw calledOff();
    saved.current = result;
  };

  const handleSaved = () => {
    toast.success(t('messages.save_success'));
    if (saved.current) onSaved?.(saved.current);
  };

  const handleDelete = async () => {
    if (!appointment) return;
    let scope: SeriesScope | undefined;
    if (appointment.seriesId !== undefined) {
      const chosen = await askScope('delete');
      if (!chosen) return;
      scope = chosen;
    } else {
      const when = { date: formatIsoDate(appointment.date), time: appointment.startTime };
      const agreed = await confirm(
        t('booking.delete.title'),
        appointment.type === 'DRIVING' && appointment.booked
          ? t('booking.delete.drivingLessonText', when)
          : t('booking.delete.text', when),
        t('booking.delete.confirm'),
        true,
      );
      if (!agreed) return;
    }
    try {
      await deleteAppointment.mutateAsync({ appointment, scope });
    } catch (error) {
      showErrorToast(error, i18n, toast);
      return;
    }
    toast.success(t('messages.delete_success'));
    onOpenChange(false);
    onDeleted?.();
  };

  const handleRelease = async () => {
    if (!appointment) return;
    const agreed = await confirm(
      t('booking.release.title'),
      t('booking.release.text'),
      t('booking.release.confirm'),
    );
    if (!agreed) return;
    let released: Appointment;
    try {
      released = await saveAppointment.mutateAsync({
        input: { ...appointmentToInput(appointment), released: true },
        appointmentId: appointment.id,
      });
    } catch (error) {
      showErrorToast(error, i18n, toast);
      return;
    }
    toast.success(t('booking.release.success'));
    onOpenChange(false);
    onSaved?.(released);
  };

  const title = t(
    reason
      ? 'booking.form.titleView'
      : appointment
        ? 'booking.form.titleEdit'
        : 'booking.form.titleNew',
  );
  const defaultValues = appointment
    ? appointmentToForm(appointment)
    : emptyAppointmentForm(initial);

  return (
    <>
      {reason ? (
        <Modal isOpen={open} onOpenChange={onOpenChange} size="lg">
          <Dialog title={title}>
            {({ close }) => (
              <ReadOnlyBody
                reason={t(`booking.readOnly.${reason}`)}
                defaultValues={defaultValues}
                appointment={appointment}
                studentName={studentName}
                instructors={instructors}
                close={close}
              />
            )}
          </Dialog>
        </Modal>
      ) : (
        <FormDialog
          isOpen={open}
          onOpenChange={onOpenChange}
          size="lg"
          title={title}
          schema={appointmentFormSchema}
          defaultValues={defaultValues}
          submit={submit}
          onSaved={handleSaved}
          serverFields={APPOINTMENT_SERVER_FIELDS}
          formProps={{ 'aria-label': title }}
          t={t}
          actions={() =>
            appointment && (
              <>
                <Button variant="secondary" onPress={handleDelete}>
                  {t('booking.actions.delete')}
                </Button>
                <Button variant="secondary" onPress={handleRelease}>
                  {t('booking.actions.release')}
                </Button>
              </>
            )
          }
        >
          {(form) => (
            <div className="flex flex-col gap-6">
              {appointment && <StatusLine appointment={appointment} />}
              {appointment?.type === 'DRIVING' && (
                <DrivingLessonActions
                  appointment={appointment}
                  studentName={studentName}
                  showDelete={false}
                  onChanged={(lesson) => {
                    setChanged(lesson);
                    onSaved?.(lesson);
                  }}
                />
              )}
              <AppointmentFields
                form={form}
                appointment={appointment}
                studentName={studentName}
                instructors={instructors}
              />
            </div>
          )}
        </FormDialog>
      )}
      {flow.element}
      {questions.element}
    </>
  );
}

/** Badges of what happened to the appointment: booked, signed, released, invoiced, series. */
function StatusLine({ appointment }: { appointment: Appointment }) {
  const { t } = useSchedulerTranslation();
  const badges: ReactNode[] = [];
  if (appointment.seriesId !== undefined)
    badges.push(<Badge key="series">{t('booking.status.series')}</Badge>);
  if (appointment.booked)
    badges.push(
      <Badge key="booked" tone="success">
        {t('booking.status.booked')}
      </Badge>,
    );
  if (appointment.signed)
    badges.push(
      <Badge key="signed" tone="success">
        {t('booking.status.signed')}
      </Badge>,
    );
  if (appointment.released)
    badges.push(
      <Badge key="released" tone="brand">
        {t('booking.status.released')}
      </Badge>,
    );
  if (appointment.invoiced)
    badges.push(
      <Badge key="invoiced" tone="brand">
        {t('booking.status.invoiced')}
      </Badge>,
    );
  if (badges.length === 0) return null;
  return <div className="flex flex-wrap gap-2">{badges}</div>;
}

function ReadOnlyBody({
  reason,
  defaultValues,
  appointment,
  studentName,
  instructors,
  close,
}: {
  reason: string;
  defaultValues: AppointmentForm;
  appointment?: Appointment;
  studentName?: string;
  instructors?: InstructorOption[];
  close: () => void;
}) {
  const { t } = useSchedulerTranslation();
  const form = useApiForm({
    schema: appointmentFormSchema,
    defaultValues,
    // Nothing to save: the form only shows the values.
    submit: () => undefined,
    t,
  });
  return (
    <ApiForm form={form} aria-label={t('booking.form.titleView')}>
      <div className="flex flex-col gap-6">
        <p
          role="status"
          className="rounded-md border border-warning-200 bg-warning-50 px-3 py-2 text-sm text-warning-800"
        >
          {reason}
        </p>
        {appointment && <StatusLine appointment={appointment} />}
        <AppointmentFields
          form={form}
          appointment={appointment}
          studentName={studentName}
          instructors={instructors}
          isReadOnly
        />
      </div>
      <div className="flex justify-end border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={close}>
          {t('booking.actions.close')}
        </Button>
      </div>
    </ApiForm>
  );
}
