import { Badge, DataTable, type DataTableProps, formatDate } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import type { Appointment } from '../api/cost-bearer-queries';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerAppointmentsProps = {
  /** Newest first, as the server answers them (at most 1000). */
  appointments: Appointment[];
  /** Names by id: students (from the educations the cost bearer pays), users, vehicles. */
  names: {
    students: Map<number, string>;
    users: Map<number, string>;
    vehicles: Map<number, string>;
  };
  /** Opens the student's page; without it the names are plain text. */
  onOpenStudent?: (studentId: number) => void;
};

const STATUSES = [
  ['booked', 'brand'],
  ['signed', 'success'],
  ['released', 'neutral'],
  ['invoiced', 'neutral'],
] as const;

/** The appointments billed to a cost bearer, paged in the browser (the server answers all). */
export function CostBearerAppointments({
  appointments,
  names,
  onOpenStudent,
}: CostBearerAppointmentsProps) {
  const { t } = useCostBearersTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const none = t('detail.none');

  const columns = useMemo<DataTableProps<Appointment>['columns']>(() => {
    const unknown = (id: number) => t('appointments.unknown', { id });
    return [
      {
        id: 'date',
        header: t('appointments.date'),
        cell: ({ row }) => formatDate(row.original.date),
      },
      { id: 'time', header: t('appointments.time'), cell: ({ row }) => row.original.startTime },
      {
        id: 'minutes',
        header: t('appointments.minutes'),
        meta: { align: 'end', className: 'whitespace-nowrap' },
        cell: ({ row }) => t('appointments.minutesValue', { minutes: row.original.minutes }),
      },
      {
        id: 'student',
        header: t('appointments.student'),
        cell: ({ row }) => {
          const { studentId } = row.original;
          if (studentId === undefined) return none;
          const name = names.students.get(studentId) ?? unknown(studentId);
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
      },
      {
        id: 'type',
        header: t('appointments.type'),
        cell: ({ row }) => (
          <span className="flex flex-col">
            {t(`appointmentTypes.${row.original.type}`)}
            {row.original.title && (
              <span className="text-xs text-neutral-600">{row.original.title}</span>
            )}
          </span>
        ),
      },
      {
        id: 'hourType',
        header: t('appointments.hourType'),
        cell: ({ row }) => (row.original.hourType ? t(`hourTypes.${row.original.hourType}`) : none),
      },
      {
        id: 'licenseClass',
        header: t('appointments.licenseClass'),
        cell: ({ row }) => row.original.licenseClass ?? none,
      },
      {
        id: 'status',
        header: t('appointments.status'),
        cell: ({ row }) => {
          const shown = STATUSES.filter(([key]) => row.original[key]);
          return shown.length === 0 ? (
            none
          ) : (
            <span className="flex flex-wrap gap-1">
              {shown.map(([key, tone]) => (
                <Badge key={key} tone={tone}>
                  {t(`appointmentStatus.${key}`)}
                </Badge>
              ))}
            </span>
          );
        },
      },
      {
        id: 'instructor',
        header: t('appointments.instructor'),
        cell: ({ row }) =>
          names.users.get(row.original.instructorId) ?? unknown(row.original.instructorId),
      },
      {
        id: 'vehicle',
        header: t('appointments.vehicle'),
        cell: ({ row }) => {
          const { vehicleId } = row.original;
          if (vehicleId === undefined) return none;
          return names.vehicles.get(vehicleId) ?? unknown(vehicleId);
        },
      },
    ];
  }, [t, names, none, onOpenStudent]);

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
