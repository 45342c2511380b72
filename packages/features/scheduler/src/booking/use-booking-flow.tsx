import { isApiError, useApi } from '@fahrwerk/api';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { type FindingGroup, findingKinds, isRepeating, runBookingChecks } from './booking-checks';
import { BookingConflictDialog } from './booking-conflict-dialog';
import { useSaveAppointment } from './booking-queries';
import type { Appointment, AppointmentInput, SeriesScope } from './booking-types';

export type BookOptions = {
  /** The appointment being changed (`PUT /appointments/{id}`); a new one without. */
  appointmentId?: number;
  /** A change of a series occurrence: which occurrences it applies to. */
  scope?: SeriesScope;
};

export type BookingFlow = {
  /**
   * Checks the booking on the server and saves it: the appointment when saved, `null` when
   * the user did not confirm the findings. Rejects with the save's `ApiError` (422 …).
   */
  book: (input: AppointmentInput, options?: BookOptions) => Promise<Appointment | null>;
  /** The confirmation dialog; render it once, anywhere. */
  element: ReactNode;
};

type Question = {
  groups: FindingGroup[];
  isSeries: boolean;
  notice?: string;
  answer: (confirmed: boolean) => void;
};

/**
 * Booking with the server's checks (spec 000 §5): before saving, the instructor's overlaps
 * and working hours and the vehicles' overlaps are checked in parallel; every finding is
 * shown in one `BookingConflictDialog`, and nothing is saved unless the user continues. The
 * save then names the kinds the user saw in `confirmedFindings`. When somebody booked the
 * time meanwhile (409 `errors.appointment_overlap`), the message is shown with the checks'
 * new findings and the user decides again.
 */
export function useBookingFlow(): BookingFlow {
  const { fetch } = useApi();
  const { t } = useSchedulerTranslation();
  const save = useSaveAppointment();
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;
  const [question, setQuestion] = useState<Question | null>(null);

  const ask = useCallback(
    (groups: FindingGroup[], isSeries: boolean, notice?: string) =>
      new Promise<boolean>((resolve) => {
        setQuestion({
          groups,
          isSeries,
          notice,
          answer: (confirmed) => {
            setQuestion(null);
            resolve(confirmed);
          },
        });
      }),
    [],
  );

  const book = useCallback(
    async (input: AppointmentInput, options: BookOptions = {}) => {
      const { appointmentId, scope } = options;
      let notice: string | undefined;
      // Each round needs the user's word when there is anything to say, so it ends with them.
      for (;;) {
        const groups = await runBookingChecks(fetch, input, appointmentId);
        if (groups.length > 0 || notice) {
          const confirmed = await ask(groups, isRepeating(input), notice);
          if (!confirmed) return null;
        }
        const kinds = findingKinds(groups);
        const body: AppointmentInput = { ...input };
        if (kinds.length > 0) body.confirmedFindings = kinds;
        else delete body.confirmedFindings;
        try {
          return await saveRef.current({ input: body, appointmentId, scope });
        } catch (error) {
          if (!isApiError(error) || error.status !== 409) throw error;
          notice = t(error.body.error_message || 'errors.appointment_overlap');
        }
      }
    },
    [fetch, ask, t],
  );

  const element = (
    <BookingConflictDialog
      isOpen={question !== null}
      groups={question?.groups ?? []}
      isSeries={question?.isSeries}
      notice={question?.notice}
      onContinue={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    />
  );

  return { book, element };
}
