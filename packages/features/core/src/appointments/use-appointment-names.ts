import { type components, useApi } from '@fahrwerk/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

type Appointment = components['schemas']['Appointment'];

/** Names by id, as appointment lists show them. */
export type AppointmentNames = {
  /** `First Last` of a user (the calendar's owner, the instructor of a lesson). */
  instructor: (id: number) => string | undefined;
  vehicle: (id: number) => string | undefined;
};

const list = (archived: boolean) => ({ params: { query: { archived } } });

/** Is an id of `ids` missing from `rows` (known once `rows` arrived)? */
function lacks(rows: { id: number }[] | undefined, ids: (number | undefined)[]): boolean {
  return (
    rows !== undefined && ids.some((id) => id !== undefined && !rows.some((row) => row.id === id))
  );
}

/**
 * The instructor and vehicle names of some appointments, from the pickers' calls
 * (`GET /users`, `GET /vehicles`, the active ones, which forms load anyway; any signed-in user
 * may call both). The archived lists are asked only when an id is not among the active ones,
 * as old appointments name instructors and vehicles no longer in use.
 */
export function useAppointmentNames(appointments: readonly Appointment[]): AppointmentNames {
  const { query } = useApi();
  const users = useQuery(query.queryOptions('get', '/users', list(false)));
  const vehicles = useQuery(query.queryOptions('get', '/vehicles', list(false)));
  const archivedUsers = useQuery({
    ...query.queryOptions('get', '/users', list(true)),
    enabled: lacks(
      users.data,
      appointments.map((appointment) => appointment.instructorId),
    ),
  });
  const archivedVehicles = useQuery({
    ...query.queryOptions('get', '/vehicles', list(true)),
    enabled: lacks(
      vehicles.data,
      appointments.map((appointment) => appointment.vehicleId),
    ),
  });
  return useMemo(() => {
    const userNames = new Map(
      [...(users.data ?? []), ...(archivedUsers.data ?? [])].map((user) => [
        user.id,
        `${user.firstName} ${user.lastName}`,
      ]),
    );
    const vehicleNames = new Map(
      [...(vehicles.data ?? []), ...(archivedVehicles.data ?? [])].map((vehicle) => [
        vehicle.id,
        vehicle.name,
      ]),
    );
    return {
      instructor: (id: number) => userNames.get(id),
      vehicle: (id: number) => vehicleNames.get(id),
    };
  }, [users.data, archivedUsers.data, vehicles.data, archivedVehicles.data]);
}
