import { useCan, useListFilter } from '@fahrwerk/core';
import { ConfirmDialog, ErrorState, PageHeader } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type CalendarEntry,
  type UserCalendar,
  useBranches,
  useCalendarEntries,
  useInstructorWorkHours,
  useVehicles,
} from './api/calendar-queries';
import { AppointmentDialog, useBookingFlow } from './booking';
import { useAsk } from './booking/use-ask';
import { movedAppointmentInput } from './calendar/appointment-move';
import { berlinToday, type IsoDate, rangeOf } from './calendar/calendar-dates';
import type {
  CalendarInstructor,
  CalendarVehicle,
  SchedulerData,
} from './calendar/calendar-events';
import {
  type CalendarFilterState,
  INITIAL_CALENDAR_FILTER,
  toCalendarFilter,
} from './calendar/calendar-filter';
import { CalendarFilters } from './calendar/calendar-filters';
import {
  defaultView,
  isNarrowViewport,
  normalizeView,
  OFFICE_CALENDAR_COUNT,
} from './calendar/calendar-view';
import {
  type AppointmentMove,
  type NewAppointmentSlot,
  SchedulerCalendar,
} from './calendar/scheduler-calendar';
import { useSchedulerTranslation } from './use-scheduler-translation';

export type SchedulerScreenProps = {
  /** `YYYY-MM-DD` the calendar opens on and "Heute" jumps to; today in Berlin by default. */
  today?: IsoDate;
};

type Editing =
  | { kind: 'create'; slot: NewAppointmentSlot }
  | { kind: 'open'; entry: CalendarEntry }
  | null;

/**
 * The time planner (`/scheduler`): the calendar of the filtered range (`POST /calendar/filter`)
 * with its filters remembered per browser (`useListFilter('calendar')`), the instructors' work
 * hours and the branch's work corridor shaded; a free slot opens a new appointment, an entry
 * opens it, a drag or resize books the change through the server's checks
 * (`useBookingFlow`). Without MODULE_TIME_PLANNER_WRITE the calendar is read-only.
 */
export function SchedulerScreen({ today = berlinToday() }: SchedulerScreenProps) {
  const { t } = useSchedulerTranslation();
  const canWrite = useCan('MODULE_TIME_PLANNER_WRITE');
  const isCompany = useCan('MODULE_COMPANY');
  const [remembered, setFilter] = useListFilter<CalendarFilterState>(
    'calendar',
    INITIAL_CALENDAR_FILTER,
  );
  const [narrow] = useState(isNarrowViewport);
  // The calendars the user may show come with the first answer (kept while the next loads).
  const [knownCalendars, setKnownCalendars] = useState<UserCalendar[] | undefined>(undefined);
  const calendarCount = knownCalendars?.length ?? 0;
  const office = isCompany || calendarCount > OFFICE_CALENDAR_COUNT;
  const ownCalendarOf = knownCalendars?.find((calendar) => calendar.own)?.userId;
  // Nothing remembered: the office gets the instructors' day; an instructor with a few
  // calendars their own one's week (the filter shows it chosen; any change remembers it).
  const filter = useMemo<CalendarFilterState>(
    () =>
      remembered.view === undefined &&
      !office &&
      !narrow &&
      ownCalendarOf !== undefined &&
      calendarCount > 1 &&
      remembered.instructorIds.length === 0
        ? { ...remembered, instructorIds: [ownCalendarOf] }
        : remembered,
    [remembered, office, narrow, ownCalendarOf, calendarCount],
  );
  const view = normalizeView(filter.view ?? defaultView(narrow, office));
  const [date, setDate] = useState<IsoDate>(today);
  const { from, to } = rangeOf(view.span, date);
  const body = useMemo(() => toCalendarFilter(filter, { from, to }), [filter, from, to]);

  const calendar = useCalendarEntries(body);
  const branches = useBranches();
  const vehicles = useVehicles();
  const flow = useBookingFlow();
  const question = useAsk<boolean>();
  const [editing, setEditing] = useState<Editing>(null);

  const answer = calendar.data;
  const userCalendars = answer?.userCalendars;
  // Information from the previous render (React's pattern: set while rendering, no effect).
  if (userCalendars && userCalendars !== knownCalendars) setKnownCalendars(userCalendars);
  const shownCalendars = useMemo(() => {
    const all = [...(userCalendars ?? [])].sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        a.lastName.localeCompare(b.lastName, 'de') ||
        a.firstName.localeCompare(b.firstName, 'de'),
    );
    return filter.instructorIds.length === 0
      ? all
      : all.filter((calendar) => filter.instructorIds.includes(calendar.userId));
  }, [userCalendars, filter.instructorIds]);

  const needsHours =
    view.span !== 'month' &&
    (view.mode === 'instructors' || (view.mode === 'calendar' && shownCalendars.length === 1));
  const workHours = useInstructorWorkHours(
    shownCalendars.map((calendar) => calendar.userId),
    needsHours,
  );

  const allInstructors = useMemo<CalendarInstructor[]>(
    () =>
      [...(userCalendars ?? [])].map((calendar) => ({
        id: calendar.userId,
        name: `${calendar.firstName} ${calendar.lastName}`,
        write: calendar.write,
        own: calendar.own,
      })),
    [userCalendars],
  );
  const instructors = useMemo<CalendarInstructor[]>(
    () =>
      shownCalendars.map((calendar) => ({
        id: calendar.userId,
        name: `${calendar.firstName} ${calendar.lastName}`,
        write: calendar.write,
        own: calendar.own,
        workHours: workHours.get(calendar.userId),
      })),
    [shownCalendars, workHours],
  );
  const allVehicles = useMemo<CalendarVehicle[]>(
    () =>
      (vehicles.data ?? []).map((vehicle) => ({
        id: vehicle.id,
        name: vehicle.name,
        plate: vehicle.plate,
      })),
    [vehicles.data],
  );
  const vehicleRows = useMemo<CalendarVehicle[]>(
    () =>
      (vehicles.data ?? [])
        .filter((vehicle) => filter.vehicleId === null || vehicle.id === filter.vehicleId)
        .filter(
          (vehicle) =>
            filter.branchId === null ||
            vehicle.branchId === undefined ||
            vehicle.branchId === filter.branchId,
        )
        .map((vehicle) => ({ id: vehicle.id, name: vehicle.name, plate: vehicle.plate })),
    [vehicles.data, filter.vehicleId, filter.branchId],
  );
  const branch = branches.data?.find((candidate) => candidate.id === filter.branchId);

  const data = useMemo<SchedulerData>(
    () => ({
      from,
      to,
      entries: answer?.data ?? [],
      nightTimes: answer?.nightTimes ?? [],
      mirrorBlocks: answer?.mirrorBlocks ?? [],
      instructors,
      vehicles: vehicleRows,
      workCorridor: branch?.workCorridor ?? null,
    }),
    [from, to, answer, instructors, vehicleRows, branch],
  );

  /** A signed lesson loses its signature when it moves: the user says so first. */
  const confirmSignatureRemoval = () =>
    question.ask((answer) => (
      <ConfirmDialog
        isOpen
        title={t('booking.signatureRemoval.title')}
        confirmLabel={t('booking.signatureRemoval.confirm')}
        cancelLabel={t('booking.actions.cancel')}
        variant="destructive"
        onConfirm={() => answer(true)}
        onCancel={() => answer(null)}
        onOpenChange={(isOpen) => {
          if (!isOpen) answer(null);
        }}
      >
        {t('booking.signatureRemoval.text')}
      </ConfirmDialog>
    ));

  const handleMove = async (entry: CalendarEntry, move: AppointmentMove) => {
    const input = movedAppointmentInput(entry.appointment, move);
    if (entry.appointment.signed) {
      // Without the user's word the server refuses (422 errors.appointment_signed).
      if ((await confirmSignatureRemoval()) !== true) return false;
      input.confirmSignatureRemoval = true;
    }
    const options = {
      appointmentId: entry.appointment.id,
      ...(entry.appointment.seriesId !== undefined ? { scope: 'THIS' as const } : {}),
    };
    try {
      return (await flow.book(input, options)) !== null;
    } catch {
      // The save's error was toasted where failed calls become toasts; the entry goes back.
      return false;
    }
  };

  // The calendars a new or changed appointment may go into: own and shared read-write.
  const bookable = allInstructors
    .filter((instructor) => instructor.write)
    .map(({ id, name }) => ({ id, name }));
  const ownCalendarId = userCalendars?.find((calendar) => calendar.own)?.userId;
  const openEntry = editing?.kind === 'open' ? editing.entry : undefined;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('calendar.title')} description={t('calendar.description')} />
      {calendar.isError && !answer ? (
        <ErrorState
          title={t('calendar.loadError')}
          onRetry={() => void calendar.refetch()}
          isRetrying={calendar.isFetching}
        />
      ) : (
        <SchedulerCalendar
          view={view}
          onViewChange={(next) => setFilter({ ...filter, view: next })}
          date={date}
          onDateChange={setDate}
          today={today}
          data={data}
          readOnly={!canWrite}
          isLoading={calendar.isFetching}
          defaultMinutes={branch?.defaultDrivingLessonDuration ?? 45}
          onCreate={(slot) => setEditing({ kind: 'create', slot })}
          onOpen={(entry) => setEditing({ kind: 'open', entry })}
          onMove={handleMove}
          filters={
            <CalendarFilters
              value={filter}
              onChange={(next) => setFilter({ ...next, view })}
              branches={branches.data ?? []}
              instructors={allInstructors}
              vehicles={allVehicles}
            />
          }
        />
      )}
      {editing && (
        <AppointmentDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          appointment={openEntry?.appointment}
          studentName={openEntry?.studentName}
          instructors={bookable}
          editable={openEntry ? openEntry.editable && canWrite : canWrite}
          initial={
            editing.kind === 'create'
              ? {
                  type: 'DRIVING',
                  ...editing.slot,
                  instructorId: editing.slot.instructorId ?? ownCalendarId,
                  ...(filter.branchId !== null ? { branchId: filter.branchId } : {}),
                }
              : undefined
          }
          onSaved={() => setEditing(null)}
          onDeleted={() => setEditing(null)}
        />
      )}
      {flow.element}
      {question.element}
    </div>
  );
}
