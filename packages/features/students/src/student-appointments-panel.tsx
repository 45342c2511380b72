import { APPOINTMENT_TYPES } from '@fahrwerk/api';
import {
  type ListPaging,
  toSortOrder,
  useAppointmentColumns,
  useAppointmentNames,
  useServerList,
} from '@fahrwerk/core';
import { DataTable, Select } from '@fahrwerk/ui';
import {
  type AppointmentType,
  type Student,
  type StudentAppointmentsRequest,
  useBookedDrivingMinutes,
  useStudentAppointmentPage,
  useStudentEducations,
} from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

const ALL = 'all';
/** The minutes of one driving lesson (Fahrstunde), the unit the sum line counts in. */
const LESSON_MINUTES = 45;

export type StudentAppointmentsState = ListPaging & {
  educationId: number | null;
  type: AppointmentType | null;
};

export const INITIAL_STUDENT_APPOINTMENTS: StudentAppointmentsState = {
  educationId: null,
  type: null,
  page: 1,
  pageSize: 25,
  sort: { id: 'date', desc: true },
};

/**
 * The body of `POST /appointments/{id}` for the panel's state. Newest first is the server's
 * own order (by day and start time), so it sends no sort then: the contract sorts by day only.
 */
export function toStudentAppointmentsRequest(
  studentId: number,
  state: StudentAppointmentsState,
): StudentAppointmentsRequest {
  const newestFirst = !state.sort || (state.sort.id === 'date' && state.sort.desc);
  return {
    studentId,
    body: {
      page: state.page - 1,
      size: state.pageSize,
      // Appointments are never archived; the filter body of every list still carries it.
      archived: false,
      ...(newestFirst ? {} : { sort: toSortOrder<'date' | 'type' | 'minutes'>(state.sort) }),
      ...(state.educationId === null ? {} : { studentEducationId: state.educationId }),
      ...(state.type === null ? {} : { types: [state.type] }),
    },
  };
}

/**
 * The appointments tab of a student: every appointment, newest first, server-paged, filtered
 * by education and type. Read-only: appointments are booked and changed in the scheduler.
 */
export function StudentAppointmentsPanel({ student }: { student: Student }) {
  const { t, i18n } = useStudentsTranslation();
  const educations = useStudentEducations(student.id);
  const list = useServerList({
    initial: INITIAL_STUDENT_APPOINTMENTS,
    toFilter: (state: StudentAppointmentsState) => toStudentAppointmentsRequest(student.id, state),
    usePage: useStudentAppointmentPage,
  });
  const { state, update } = list;
  const columns = useAppointmentColumns({ names: useAppointmentNames(list.table.data) });
  const bookedMinutes = useBookedDrivingMinutes(student.id, state.educationId ?? undefined);

  const educationItems = [
    { id: ALL, label: t('appointments.allEducations') },
    ...(educations.data ?? []).map((education) => ({
      id: String(education.id),
      label: education.archived
        ? `${t('timeline.education', { licenseClass: education.licenseClass })} (${t('common.archived')})`
        : t('timeline.education', { licenseClass: education.licenseClass }),
    })),
  ];
  const typeItems = [
    { id: ALL, label: t('appointments.allTypes') },
    ...APPOINTMENT_TYPES.map((type) => ({ id: type, label: t(`appointmentTypes.${type}`) })),
  ];
  const filtered = state.educationId !== null || state.type !== null;
  const lessons = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">{t('appointments.readOnly')}</p>
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={t('appointments.education')}
          items={educationItems}
          selectedKey={state.educationId === null ? ALL : String(state.educationId)}
          onSelectionChange={(key) => update({ educationId: key === ALL ? null : Number(key) })}
        />
        <Select
          label={t('appointments.type')}
          items={typeItems}
          selectedKey={state.type ?? ALL}
          onSelectionChange={(key) =>
            update({ type: key === ALL ? null : (String(key) as AppointmentType) })
          }
        />
        {bookedMinutes !== null && bookedMinutes > 0 && (
          <p className="ms-auto pb-2 text-sm font-medium text-neutral-800">
            {t('appointments.drivingSum', {
              count: lessons.format(bookedMinutes / LESSON_MINUTES),
              minutes: bookedMinutes,
            })}
          </p>
        )}
      </div>
      <DataTable
        aria-label={t('appointments.table')}
        columns={columns}
        {...list.table}
        getRowId={(appointment) => String(appointment.id)}
        error={list.query.isError ? t('appointments.loadError') : undefined}
        emptyText={filtered ? t('appointments.emptyFiltered') : t('appointments.empty')}
      />
    </div>
  );
}
