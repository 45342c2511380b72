import type { components } from '@fahrwerk/api';
import { Badge, type DataTableProps, formatDate } from '@fahrwerk/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';
import type { AppointmentNames } from './use-appointment-names';

type Appointment = components['schemas']['Appointment'];
export type AppointmentColumns = DataTableProps<Appointment>['columns'];
export type AppointmentColumn = AppointmentColumns[number];

/** The states an appointment goes through, in order, with their badge tones. */
const STATUSES = [
  ['booked', 'brand'],
  ['signed', 'success'],
  ['released', 'neutral'],
  ['invoiced', 'neutral'],
] as const;

export type AppointmentColumnsOptions = {
  names: AppointmentNames;
  /** A column of the list's own after the length (e.g. the student of a cost bearer's list). */
  after?: AppointmentColumn;
};

/**
 * The columns every read-only appointment list shows, for `DataTable`: date, time, length,
 * type (with its title), hour type, class, status badges (gebucht, unterschrieben,
 * freigegeben, abgerechnet), instructor and vehicle. Date, length and type are accessor
 * columns, so a server-sorted list (`onSortChange`) sorts by them (`AppointmentSortField`);
 * the others never sort. An unknown name shows as "Nr. {id}".
 */
export function useAppointmentColumns({
  names,
  after,
}: AppointmentColumnsOptions): AppointmentColumns {
  const { t } = useTranslation(CORE_NAMESPACE);
  return useMemo(() => {
    const none = t('appointmentColumns.none');
    const unknown = (id: number) => t('appointmentColumns.unknown', { id });
    const nowrap = { className: 'whitespace-nowrap' };
    const columns: AppointmentColumns = [
      {
        accessorKey: 'date',
        header: t('appointmentColumns.date'),
        meta: nowrap,
        cell: ({ row }) => formatDate(row.original.date),
      },
      {
        id: 'startTime',
        header: t('appointmentColumns.time'),
        enableSorting: false,
        cell: ({ row }) => row.original.startTime,
      },
      {
        accessorKey: 'minutes',
        header: t('appointmentColumns.minutes'),
        meta: { align: 'end', ...nowrap },
        cell: ({ row }) => t('appointmentColumns.minutesValue', { minutes: row.original.minutes }),
      },
      ...(after ? [after] : []),
      {
        accessorKey: 'type',
        header: t('appointmentColumns.type'),
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
        header: t('appointmentColumns.hourType'),
        enableSorting: false,
        cell: ({ row }) => (row.original.hourType ? t(`hourTypes.${row.original.hourType}`) : none),
      },
      {
        id: 'licenseClass',
        header: t('appointmentColumns.licenseClass'),
        enableSorting: false,
        cell: ({ row }) => row.original.licenseClass ?? none,
      },
      {
        id: 'status',
        header: t('appointmentColumns.status'),
        enableSorting: false,
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
        header: t('appointmentColumns.instructor'),
        enableSorting: false,
        cell: ({ row }) =>
          names.instructor(row.original.instructorId) ?? unknown(row.original.instructorId),
      },
      {
        id: 'vehicle',
        header: t('appointmentColumns.vehicle'),
        enableSorting: false,
        cell: ({ row }) => {
          const { vehicleId } = row.original;
          if (vehicleId === undefined) return none;
          return names.vehicle(vehicleId) ?? unknown(vehicleId);
        },
      },
    ];
    return columns;
  }, [t, names, after]);
}
