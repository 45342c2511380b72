import type { User } from '../../http/contract-types';
import type { UserRow } from './users.repository';

/** A user row as the contract's User. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    drivingSchoolId: row.drivingSchoolId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roleIds: row.roles.map((role) => role.id),
    roleNames: row.roles.map((role) => role.name),
    studentVisibility: row.studentVisibility,
    archived: row.archived,
  };
}
