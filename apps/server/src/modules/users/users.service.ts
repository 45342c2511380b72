import type { Db } from '../../db/database';
import type { AuthContext } from '../../http/auth';
import type { FilterRequest } from '../../http/contract-types';
import { fieldError, globalError, notFound } from '../../http/errors';
import { createUserPresenter } from '../roles/user-access.resources';
import {
  createUsersRepository,
  USER_SORT_FIELDS,
  type UserQuery,
  type UserRow,
  type UserSortField,
} from './users.repository';

const DEFAULT_SORT: UserQuery['sort'] = [
  { field: 'lastName', direction: 'asc' },
  { field: 'firstName', direction: 'asc' },
];

const isSortField = (field: string): field is UserSortField =>
  (USER_SORT_FIELDS as readonly string[]).includes(field);

export function createUsersService(options: { db: Db }) {
  const repository = createUsersRepository(options.db);
  const presenter = createUserPresenter(options.db);

  return {
    /** The contract's full `User` of each row (branches, calendar sharing, avatar …). */
    describe(auth: AuthContext, rows: readonly UserRow[]) {
      return presenter.toUsers(
        auth.drivingSchoolId,
        rows.map((row) => row.id),
      );
    },

    async filter(auth: AuthContext, filter: FilterRequest) {
      const sort = (filter.sort ?? []).map(({ field, direction }, index) => {
        if (!isSortField(field)) {
          throw fieldError(
            `sort.${index}.field`,
            'validation.enum',
            `Users can be sorted by ${USER_SORT_FIELDS.join(', ')}.`,
          );
        }
        return { field, direction: direction ?? 'asc' };
      });
      return repository.findPage(auth.drivingSchoolId, {
        offset: filter.page * filter.size,
        limit: filter.size,
        sort: sort.length > 0 ? sort : DEFAULT_SORT,
        search: filter.search,
        archived: filter.archived,
      });
    },

    async get(auth: AuthContext, id: number): Promise<UserRow> {
      const user = await repository.findById(auth.drivingSchoolId, id);
      if (!user) throw notFound(`No user ${id} in your school.`);
      return user;
    },

    async setArchived(auth: AuthContext, id: number, archived: boolean): Promise<UserRow> {
      if (archived && id === auth.userId) {
        throw globalError('errors.cannot_archive_self', 'You cannot archive yourself.');
      }
      const changed = await repository.setArchived(auth.drivingSchoolId, id, archived);
      if (!changed) throw notFound(`No user ${id} in your school.`);
      return this.get(auth, id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
