import { type AppointmentColumn, useAppointmentColumns, useAppointmentNames } from '@fahrwerk/core';
import { DataTable } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import type { Appointment } from '../api/cost-bearer-queries';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerAppointmentsProps = {
  /** Newest first, as the server answers them (at most 1000). */
  appointments: Appointment[];
  /** The students' names by id (from the educations the cost bearer pays). */
  studentNames: Map<number, string>;
  /** Opens the student's page; without it the names are plain text. */
  onOpenStudent?: (studentId: number) => void;
};

/**
 * The appointments billed to a cost bearer, with the student after the length, paged in the
 * browser (the server answers all of them). A student whose education the cost bearer no
 * longer pays shows as "Nr. {id}".
 */
export function CostBearerAppointments({
  appointments,
  studentNames,
  onOpenStudent,
}: CostBearerAppointmentsProps) {
  const { t } = useCostBearersTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const student = useMemo<AppointmentColumn>(
    () => ({
      id: 'student',
      header: t('appointments.student'),
      cell: ({ row }) => {
        const { studentId } = row.original;
        if (studentId === undefined) return t('detail.none');
        const name =
          studentNames.get(studentId) ?? t('appointmentColumns.unknown', { id: studentId });
        return onOpenStudent ? (
          <button
            type="button"
            className="text-start text-brand-700 underline-offset-2 hover:underline"
            aria-label={t('educations.openStudent', { name })}
            onClick={() => onOpenStudent(studentId)}
          >
            {name}
          </button>
        ) : (
          name
        );
      },
    }),
    [t, studentNames, onOpenStudent],
  );
  const columns = useAppointmentColumns({
    names: useAppointmentNames(appointments),
    after: student,
  });

  return (
    <DataTable
      aria-label={t('appointments.tableLabel')}
      columns={columns}
      data={appointments.slice((page - 1) * pageSize, page * pageSize)}
      total={appointments.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      getRowId={(appointment) => String(appointment.id)}
      emptyText={t('appointments.empty')}
    />
  );
}
