import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type RoleType, rolePermissions, roles, userRoles, users } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { AppError, fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import {
  batchLoader,
  handlers,
  iso,
  mergeHandlers,
  type Schemas,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';
import { PERMISSION_KEYS, type PermissionKey } from '../session/permission-keys';

/*
 * Roles and their permission sets (spec 000 §3 "Role", §6). A role of type OWNER allows
 * every key, so a school cannot lock itself out; the rows say so too, because sign-in and
 * every request read the allowed keys from role_permissions.
 */

type RoleRow = typeof roles.$inferSelect;

/** Stores a role's permission set: every key, allowed or not; OWNER allows all. */
export async function storePermissions(
  db: Db,
  schoolId: number,
  roleId: number,
  type: RoleType,
  allowed: ReadonlySet<string>,
): Promise<void> {
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.drivingSchoolId, schoolId), eq(rolePermissions.roleId, roleId)));
  await db.insert(rolePermissions).values(
    PERMISSION_KEYS.map((permission) => ({
      drivingSchoolId: schoolId,
      roleId,
      permission,
      allow: type === 'OWNER' || allowed.has(permission),
    })),
  );
}

/** How many OWNER roles the school has besides `roleId`. */
async function otherOwnerRoles(db: Db, schoolId: number, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.drivingSchoolId, schoolId), eq(roles.type, 'OWNER'), ne(roles.id, roleId)));
  return row?.n ?? 0;
}

export function createRoleHandlers(db: Db): OperationHandlers {
  const permissionsOf = batchLoader<Map<string, boolean>>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(rolePermissions)
        .where(
          and(eq(rolePermissions.drivingSchoolId, schoolId), inArray(rolePermissions.roleId, ids)),
        );
      const byRole = new Map<number, Map<string, boolean>>();
      for (const row of rows) {
        const set = byRole.get(row.roleId) ?? new Map<string, boolean>();
        set.set(row.permission, row.allow);
        byRole.set(row.roleId, set);
      }
      return byRole;
    },
    () => new Map(),
  );
  const userCountOf = batchLoader<number>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ roleId: userRoles.roleId, n: count() })
        .from(userRoles)
        .innerJoin(
          users,
          and(eq(users.drivingSchoolId, userRoles.drivingSchoolId), eq(users.id, userRoles.userId)),
        )
        .where(
          and(
            eq(userRoles.drivingSchoolId, schoolId),
            inArray(userRoles.roleId, ids),
            eq(users.archived, false),
          ),
        )
        .groupBy(userRoles.roleId);
      return new Map(rows.map((row) => [row.roleId, Number(row.n)]));
    },
    () => 0,
  );

  const toRole = async (row: RoleRow): Promise<Schemas['Role']> => {
    const [stored, userCount] = await Promise.all([
      permissionsOf(row.drivingSchoolId, row.id),
      userCountOf(row.drivingSchoolId, row.id),
    ]);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      description: row.description,
      generalAccess: row.generalAccess,
      sidebarAccess: row.sidebarAccess,
      permissions: PERMISSION_KEYS.map((permission) => ({
        permission,
        allow: row.type === 'OWNER' || stored.get(permission) === true,
      })),
      userCount,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  };

  const sortColumns = {
    id: roles.id,
    name: sql`lower(${roles.name})`,
    type: roles.type,
  };
  const definition = {
    table: roles,
    operations: {
      get: 'getRole',
      filter: 'filterRoles',
      list: 'listRoles',
      page: 'pageRoles',
      delete: 'deleteRole',
    },
    toDto: toRole,
    fromInput: (input: Record<string, unknown>) => ({
      name: input.name,
      type: input.type,
      description: input.description ?? '',
      generalAccess: input.generalAccess,
      sidebarAccess: input.sidebarAccess,
    }),
    searchColumns: [roles.name, roles.description],
    sortColumns,
    defaultSort: [{ field: 'name' }],
    filters: (body) => [
      // Roles are not archived.
      body.archived === true ? sql`false` : undefined,
      body.type === undefined ? undefined : eq(roles.type, body.type as RoleType),
    ],
    constraints: {
      roles_name_key: { field: 'name', error: 'validation.name_in_use' },
      roles_type_check: { field: 'type', error: 'validation.enum' },
    },
    rules: {
      async beforeUpdate({ db, auth, current, values }) {
        if (current?.type === 'OWNER' && values?.type !== 'OWNER') {
          if ((await otherOwnerRoles(db, auth.drivingSchoolId, current.id)) === 0) {
            throw fieldError(
              'type',
              'validation.last_owner_role',
              "The school's last OWNER role keeps its type.",
            );
          }
        }
      },
      async beforeDelete({ db, auth, current }) {
        if (!current) return;
        if ((await userCountOf(auth.drivingSchoolId, current.id)) > 0) {
          throw globalError('errors.role_in_use', 'An active user holds this role.');
        }
        if (
          current.type === 'OWNER' &&
          (await otherOwnerRoles(db, auth.drivingSchoolId, current.id)) === 0
        ) {
          throw globalError('errors.last_owner_role', "The school's last OWNER role stays.");
        }
      },
    },
  } satisfies ResourceDefinition<typeof roles>;

  const repository = createResourceRepository(db, roles, { sortColumns });

  return mergeHandlers(
    createResourceHandlers(db, definition),
    writeWithChildren(db, definition, {
      operations: { create: 'createRole', update: 'updateRole' },
      // A new role allows nothing; an OWNER role everything.
      async children({ tx, auth, row, current }) {
        if (current === undefined || row.type === 'OWNER') {
          await storePermissions(tx, auth.drivingSchoolId, row.id, row.type, new Set());
        }
      },
    }),
    handlers({
      async updateRolePermissions(request) {
        const auth = requireAuth(request);
        const role = await repository.findById(auth.drivingSchoolId, request.params.id);
        if (!role) throw notFound(`No role ${request.params.id} in your school.`);
        const seen = new Set<PermissionKey>();
        const duplicates: { field: string; error: string }[] = [];
        request.body.permissions.forEach(({ permission }, index) => {
          if (seen.has(permission)) {
            duplicates.push({
              field: `permissions.${index}.permission`,
              error: 'validation.duplicate',
            });
          }
          seen.add(permission);
        });
        if (duplicates.length > 0) {
          throw new AppError(422, 'errors.validation', 'A permission is given twice.', duplicates);
        }
        const allowed = new Set(
          request.body.permissions.filter((entry) => entry.allow).map((entry) => entry.permission),
        );
        await db.transaction((tx) =>
          storePermissions(tx, auth.drivingSchoolId, role.id, role.type, allowed),
        );
        // Touch the role, so its updatedAt tells when its permissions changed.
        const [row] = await db
          .update(roles)
          .set({ updatedAt: new Date() })
          .where(and(eq(roles.drivingSchoolId, auth.drivingSchoolId), eq(roles.id, role.id)))
          .returning();
        return { status: 200, body: await toRole(row ?? role) };
      },
    }),
  );
}
