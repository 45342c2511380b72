import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { roles, userRoles, users } from '../../db/schema';
import { likePattern } from '../resources/resource-repository';

export type UserRow = {
  id: number;
  drivingSchoolId: number;
  firstName: string;
  lastName: string;
  email: string;
  studentVisibility: 'ALL' | 'OWN';
  archived: boolean;
  /** Signed into access tokens; raised to end them (see TokenClaims). */
  tokenVersion: number;
  /** Ordered by position: the first is the current role. */
  roles: { id: number; name: string }[];
};

export const USER_SORT_FIELDS = ['id', 'firstName', 'lastName', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export type UserQuery = {
  offset: number;
  limit: number;
  sort: { field: UserSortField; direction: 'asc' | 'desc' }[];
  search?: string | undefined;
  archived: boolean;
};

const userColumns = {
  id: users.id,
  drivingSchoolId: users.drivingSchoolId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  studentVisibility: users.studentVisibility,
  archived: users.archived,
  tokenVersion: users.tokenVersion,
};

const sortColumns = {
  id: users.id,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
} satisfies Record<UserSortField, unknown>;

/** The users of one school. Every query is scoped by the school id it is given. */
export function createUsersRepository(db: Db) {
  async function withRoles(schoolId: number, rows: Omit<UserRow, 'roles'>[]): Promise<UserRow[]> {
    if (rows.length === 0) return [];
    const assignments = await db
      .select({ userId: userRoles.userId, roleId: roles.id, roleName: roles.name })
      .from(userRoles)
      .innerJoin(
        roles,
        and(eq(roles.drivingSchoolId, userRoles.drivingSchoolId), eq(roles.id, userRoles.roleId)),
      )
      .where(
        and(
          eq(userRoles.drivingSchoolId, schoolId),
          inArray(
            userRoles.userId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(userRoles.userId), asc(userRoles.position));
    const byUser = new Map<number, UserRow['roles']>();
    for (const { userId, roleId, roleName } of assignments) {
      const list = byUser.get(userId) ?? [];
      list.push({ id: roleId, name: roleName });
      byUser.set(userId, list);
    }
    return rows.map((row) => ({ ...row, roles: byUser.get(row.id) ?? [] }));
  }

  return {
    async findById(schoolId: number, id: number): Promise<UserRow | null> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, id)));
      const [user] = await withRoles(schoolId, rows);
      return user ?? null;
    },

    async findPage(
      schoolId: number,
      query: UserQuery,
    ): Promise<{ rows: UserRow[]; total: number }> {
      const conditions: SQL[] = [
        eq(users.drivingSchoolId, schoolId),
        eq(users.archived, query.archived),
      ];
      const search = query.search?.trim();
      if (search) {
        const pattern = likePattern(search);
        const matches = or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        );
        if (matches) conditions.push(matches);
      }
      const where = and(...conditions);
      const order = query.sort.map(({ field, direction }) =>
        direction === 'desc' ? desc(sortColumns[field]) : asc(sortColumns[field]),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          // The id last, so pages never overlap when the sort keys tie.
          .orderBy(...order, asc(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows: await withRoles(schoolId, rows), total: counted?.total ?? 0 };
    },

    /** Archiving also ends the user's access tokens (the token version rises). */
    async setArchived(schoolId: number, id: number, archived: boolean): Promise<boolean> {
      const updated = await db
        .update(users)
        .set(archived ? { archived, tokenVersion: sql`${users.tokenVersion} + 1` } : { archived })
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, id)))
        .returning({ id: users.id });
      return updated.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
