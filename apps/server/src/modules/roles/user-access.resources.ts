import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  type LicenseClass,
  roles,
  storedFiles,
  userBranches,
  userCalendarAccess,
  userRoles,
  userSettings,
  users,
} from '../../db/schema';
import { type FileStore, toFileRef } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, forbidden, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { IMAGE_TYPES, uploadedFile } from '../../http/uploads';
import type { Mailer } from '../../mail/mailer';
import { checkWeekWorkHours } from '../branches/week-work-hours';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  groupBy,
  iso,
  type Link,
  mergeHandlers,
  opt,
  replaceJoinRows,
  type Schemas,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';
import { hashOneTimeToken, hashPassword, newOneTimeToken } from '../session/secrets';
import { createSessionRepository } from '../session/session.repository';
import { invitationMail } from '../users/invitation-mail';
import { sharedCalendars, teaching } from './calendar-access';

/*
 * What the company module manages about users beyond the hand-written users module: the
 * full User answer (roles, branches, calendar sharing, work hours, taught classes), the
 * pickers' lists, the changes of roles, branch access and calendar sharing, instructors
 * and their working hours (spec 000 §3 "Instructor / user", §6).
 */

type UserRow = typeof users.$inferSelect;

export { teaching };

/** Users with access to one of the branches, or to every branch (no branch rows). */
const withBranchAccess = (branchIds: number[]): SQL =>
  sql`(not exists (select 1 from ${userBranches} where ${userBranches.drivingSchoolId} = ${users.drivingSchoolId} and ${userBranches.userId} = ${users.id})
    or exists (select 1 from ${userBranches} where ${userBranches.drivingSchoolId} = ${users.drivingSchoolId} and ${userBranches.userId} = ${users.id} and ${inArray(userBranches.branchId, branchIds)}))`;

const userConstraints = {
  users_email_lower_key: { field: 'email', error: 'validation.email_in_use' },
  user_roles_role_fk: { field: 'roleIds', error: 'validation.not_found' },
  user_branches_branch_fk: { field: 'branchIds', error: 'validation.not_found' },
  user_calendar_access_self_check: {
    field: 'calendarReadAccessUserIds',
    error: 'validation.own_calendar',
  },
  users_license_classes_check: { field: 'licenseClasses', error: 'validation.enum' },
};

const canManageUsers = (auth: AuthContext, write: boolean) =>
  auth.permissions.has('MODULE_COMPANY') &&
  (!write || auth.permissions.has('MODULE_COMPANY_WRITE'));

/**
 * The school's last active user holding an OWNER role keeps one (422 on `roleIds`), so the
 * school cannot lock itself out.
 */
async function keepOwner(tx: Db, schoolId: number, userId: number, roleIds: number[]) {
  const holdsOwner = (extra: SQL | undefined) =>
    tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(
        roles,
        and(eq(roles.drivingSchoolId, userRoles.drivingSchoolId), eq(roles.id, userRoles.roleId)),
      )
      .innerJoin(
        users,
        and(eq(users.drivingSchoolId, userRoles.drivingSchoolId), eq(users.id, userRoles.userId)),
      )
      .where(
        and(
          eq(userRoles.drivingSchoolId, schoolId),
          eq(roles.type, 'OWNER'),
          eq(users.archived, false),
          extra,
        ),
      )
      .limit(1);
  if (roleIds.length > 0) {
    const [owner] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.drivingSchoolId, schoolId),
          inArray(roles.id, roleIds),
          eq(roles.type, 'OWNER'),
        ),
      )
      .limit(1);
    if (owner) return;
  }
  const [self] = await holdsOwner(eq(userRoles.userId, userId));
  if (!self) return;
  const [other] = await holdsOwner(ne(userRoles.userId, userId));
  if (!other) {
    throw fieldError(
      'roleIds',
      'validation.last_owner',
      "The school's last owner keeps an OWNER role.",
    );
  }
}

/** The user's roles in order: the first is the current one. */
const rolesLink: Link = {
  async write(tx, schoolId, userId, body) {
    const roleIds = [...new Set((body.roleIds as number[] | undefined) ?? [])];
    await keepOwner(tx, schoolId, userId, roleIds);
    await replaceJoinRows(
      tx,
      userRoles,
      { key: 'userId', column: userRoles.userId },
      { key: 'roleId' },
      schoolId,
      userId,
      roleIds,
      (roleId) => ({ position: roleIds.indexOf(roleId) }),
    );
  },
};

const branchesLink = (field: string): Link => ({
  write: (tx, schoolId, userId, body) =>
    replaceJoinRows(
      tx,
      userBranches,
      { key: 'userId', column: userBranches.userId },
      { key: 'branchId' },
      schoolId,
      userId,
      (body[field] as number[] | undefined) ?? [],
    ),
});

/**
 * Personal calendar sharing: every id another active user of the school (422 on the
 * field); an id in both lists keeps write access only.
 */
const calendarLink = (readField: string, writeField: string): Link => ({
  async write(tx, schoolId, userId, body) {
    const read = (body[readField] as number[] | undefined) ?? [];
    const write = (body[writeField] as number[] | undefined) ?? [];
    const ids = [...new Set([...read, ...write])];
    const active =
      ids.length === 0
        ? []
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.drivingSchoolId, schoolId),
                inArray(users.id, ids),
                eq(users.archived, false),
              ),
            );
    const known = new Set(active.map((row) => row.id));
    for (const [field, list] of [
      [readField, read],
      [writeField, write],
    ] as const) {
      if (list.some((id) => id === userId)) {
        throw fieldError(
          field,
          'validation.own_calendar',
          'A user does not share with themselves.',
        );
      }
      if (list.some((id) => !known.has(id))) {
        throw fieldError(
          field,
          'validation.not_found',
          'Every id must be an active user of the school.',
        );
      }
    }
    const writers = new Set(write);
    await replaceJoinRows(
      tx,
      userCalendarAccess,
      { key: 'userId', column: userCalendarAccess.userId },
      { key: 'granteeUserId' },
      schoolId,
      userId,
      ids,
      (id) => ({ write: writers.has(id) }),
    );
  },
});

/**
 * The full contract `User` of a users row (roles, branches, calendar sharing, avatar …),
 * with batched loads, so a page of users costs a few queries. The users module's own
 * handlers answer with it too.
 */
export function createUserPresenter(db: Db) {
  const rolesOf = batchLoader<{ id: number; name: string }[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(
          roles,
          and(eq(roles.drivingSchoolId, userRoles.drivingSchoolId), eq(roles.id, userRoles.roleId)),
        )
        .where(and(eq(userRoles.drivingSchoolId, schoolId), inArray(userRoles.userId, ids)))
        .orderBy(asc(userRoles.userId), asc(userRoles.position));
      return groupBy(
        rows,
        (row) => row.userId,
        (row) => ({ id: row.id, name: row.name }),
      );
    },
    () => [],
  );
  const branchesOf = batchLoader<number[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(userBranches)
        .where(and(eq(userBranches.drivingSchoolId, schoolId), inArray(userBranches.userId, ids)))
        .orderBy(asc(userBranches.branchId));
      return groupBy(
        rows,
        (row) => row.userId,
        (row) => row.branchId,
      );
    },
    () => [],
  );
  const sharingOf = batchLoader<{ granteeUserId: number; write: boolean }[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(userCalendarAccess)
        .where(
          and(
            eq(userCalendarAccess.drivingSchoolId, schoolId),
            inArray(userCalendarAccess.userId, ids),
          ),
        )
        .orderBy(asc(userCalendarAccess.granteeUserId));
      return groupBy(
        rows,
        (row) => row.userId,
        (row) => ({ granteeUserId: row.granteeUserId, write: row.write }),
      );
    },
    () => [],
  );

  const sharingLists = (rows: { granteeUserId: number; write: boolean }[]) => ({
    readAccessUserIds: rows.filter((row) => !row.write).map((row) => row.granteeUserId),
    writeAccessUserIds: rows.filter((row) => row.write).map((row) => row.granteeUserId),
  });

  const avatarOf = batchLoader<Schemas['FileRef'] | null>(
    async (schoolId, fileIds) => {
      const rows = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), inArray(storedFiles.id, fileIds)));
      return new Map(rows.map((row) => [row.id, toFileRef(row)]));
    },
    () => null,
  );

  const toUser = async (row: UserRow): Promise<Schemas['User']> => {
    const [held, branchIds, sharing, avatar] = await Promise.all([
      rolesOf(row.drivingSchoolId, row.id),
      branchesOf(row.drivingSchoolId, row.id),
      sharingOf(row.drivingSchoolId, row.id),
      row.avatarFileId === null ? null : avatarOf(row.drivingSchoolId, row.avatarFileId),
    ]);
    const lists = sharingLists(sharing);
    return {
      id: row.id,
      drivingSchoolId: row.drivingSchoolId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      roleIds: held.map((role) => role.id),
      roleNames: held.map((role) => role.name),
      studentVisibility: row.studentVisibility,
      archived: row.archived,
      phone: opt(row.phone),
      ...(avatar ? { avatar } : {}),
      branchIds,
      calendarReadAccessUserIds: lists.readAccessUserIds,
      calendarWriteAccessUserIds: lists.writeAccessUserIds,
      mobileCalendarAccess: row.mobileCalendarAccess,
      dayWorkHours: row.dayWorkHours,
      licenseClasses: row.licenseClasses,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  };

  /** The users of `ids` (of the school), in the order of `ids`. */
  async function toUsers(schoolId: number, ids: number[]): Promise<Schemas['User'][]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.drivingSchoolId, schoolId), inArray(users.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
    return Promise.all(ordered.map(toUser));
  }

  return { toUser, toUsers, sharingOf, sharingLists };
}

export type UserPresenter = ReturnType<typeof createUserPresenter>;

export type UserAccessServices = {
  /** System mail: the invitation with the link to set a password. */
  mailer: Mailer;
  files: FileStore;
  /** Read when a user is created (the link's base), not when the handlers are built. */
  config: Pick<Config, 'publicUrl'>;
};

/** Valid for a week: a new colleague may not read their mail on the first day. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most 5 MB, as the contract's UserAvatarUpload says. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export function createUserAccessHandlers(db: Db, services: UserAccessServices): OperationHandlers {
  const { toUser, sharingOf, sharingLists } = createUserPresenter(db);

  const sortColumns = {
    id: users.id,
    firstName: sql`lower(${users.firstName})`,
    lastName: sql`lower(${users.lastName})`,
    email: sql`lower(${users.email})`,
  };
  const common = {
    table: users,
    toDto: toUser,
    hiddenColumns: ['passwordHash', 'tokenVersion'],
    fromInput: (input: Record<string, unknown>) => ({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      studentVisibility: input.studentVisibility,
      mobileCalendarAccess: input.mobileCalendarAccess ?? false,
      dayWorkHours: input.dayWorkHours ?? [],
      licenseClasses: input.licenseClasses ?? [],
    }),
    searchColumns: [users.firstName, users.lastName, users.email],
    sortColumns,
    defaultSort: [{ field: 'lastName' }, { field: 'firstName' }],
    constraints: userConstraints,
  };
  const userDefinition = {
    ...common,
    operations: { list: 'listUsers', page: 'pageUsers' },
    rules: {
      async beforeCreate({ values }) {
        checkWeekWorkHours(
          (values?.dayWorkHours ?? []) as Schemas['DayWorkHours'][],
          'dayWorkHours',
        );
      },
      async beforeUpdate({ values }) {
        checkWeekWorkHours(
          (values?.dayWorkHours ?? []) as Schemas['DayWorkHours'][],
          'dayWorkHours',
        );
      },
    },
  } satisfies ResourceDefinition<typeof users>;
  const instructorDefinition = {
    ...common,
    operations: { filter: 'filterInstructors' },
    filters: (body) => [
      teaching,
      Array.isArray(body.branchIds) && body.branchIds.length > 0
        ? withBranchAccess(body.branchIds as number[])
        : undefined,
      body.licenseClass === undefined
        ? undefined
        : sql`${users.licenseClasses} @> array[${body.licenseClass as LicenseClass}]::text[]`,
      body.mobileCalendarAccess === undefined
        ? undefined
        : eq(users.mobileCalendarAccess, body.mobileCalendarAccess as boolean),
    ],
  } satisfies ResourceDefinition<typeof users>;

  const repository = createResourceRepository(db, users, { sortColumns });
  async function loadUser(schoolId: number, id: number) {
    const row = await repository.findById(schoolId, id);
    if (!row) throw notFound(`No user ${id} in your school.`);
    return row;
  }
  /** Writes links of a user in one transaction and answers the user. */
  async function writeLinks(
    auth: AuthContext,
    id: number,
    links: Link[],
    body: Record<string, unknown>,
  ) {
    await loadUser(auth.drivingSchoolId, id);
    await guardWrite(
      () =>
        db.transaction(async (tx) => {
          for (const link of links) {
            await link.write(tx, auth.drivingSchoolId, id, body);
          }
          await tx
            .update(users)
            .set({ updatedAt: new Date() })
            .where(and(eq(users.drivingSchoolId, auth.drivingSchoolId), eq(users.id, id)));
        }),
      userConstraints,
    );
    return toUser(await loadUser(auth.drivingSchoolId, id));
  }

  const userLinks = [
    rolesLink,
    branchesLink('branchIds'),
    calendarLink('calendarReadAccessUserIds', 'calendarWriteAccessUserIds'),
  ];

  const custom: OperationHandlers = {
    async uploadUserAvatar(request) {
      const auth = requireAuth(request);
      const userId = request.body.userId ?? auth.userId;
      if (userId !== auth.userId && !canManageUsers(auth, true)) throw forbidden();
      // The user is named in the body: one that does not exist is a field error (no 404 here).
      const user = await repository.findById(auth.drivingSchoolId, userId);
      if (!user) {
        throw fieldError('userId', 'validation.unknown_id', `No user ${userId} in your school.`);
      }
      const file = uploadedFile(request, 'file', {
        types: IMAGE_TYPES,
        maxBytes: AVATAR_MAX_BYTES,
      });
      const stored = await services.files.save(db, auth.drivingSchoolId, file);
      const row = await repository.update(auth.drivingSchoolId, user.id, {
        avatarFileId: stored.id,
      });
      if (!row) throw notFound();
      // The previous photo is no longer shown anywhere.
      if (user.avatarFileId !== null) {
        await services.files.remove(db, auth.drivingSchoolId, user.avatarFileId);
      }
      return { status: 200, body: await toUser(row) };
    },

    async getUserAvatar(request) {
      const auth = requireAuth(request);
      const user = await loadUser(auth.drivingSchoolId, request.params.id);
      if (user.avatarFileId === null) throw notFound(`User ${user.id} has no avatar.`);
      const { row, bytes } = await services.files.read(db, auth.drivingSchoolId, user.avatarFileId);
      return {
        status: 200,
        file: { bytes, mimeType: row.mimeType, fileName: row.fileName, disposition: 'inline' },
      };
    },

    async updateUserRoles(request) {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: await writeLinks(auth, request.params.id, [rolesLink], request.body),
      };
    },

    async updateUserBranchAccess(request) {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: await writeLinks(auth, request.params.id, [branchesLink('branchIds')], request.body),
      };
    },

    async getUserCalendarSharing(request) {
      const auth = requireAuth(request);
      const { id } = request.params;
      if (id !== auth.userId && !canManageUsers(auth, false)) throw forbidden();
      const user = await loadUser(auth.drivingSchoolId, id);
      return { status: 200, body: sharingLists(await sharingOf(user.drivingSchoolId, user.id)) };
    },

    async updateUserCalendarSharing(request) {
      const auth = requireAuth(request);
      const { id } = request.params;
      if (id !== auth.userId && !canManageUsers(auth, true)) throw forbidden();
      const user = await writeLinks(
        auth,
        id,
        [calendarLink('readAccessUserIds', 'writeAccessUserIds')],
        request.body,
      );
      return {
        status: 200,
        body: {
          readAccessUserIds: user.calendarReadAccessUserIds ?? [],
          writeAccessUserIds: user.calendarWriteAccessUserIds ?? [],
        },
      };
    },

    async listSharedCalendars(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const shared = await sharedCalendars(db, auth);
      if (shared.size === 0) return { status: 200, body: [] };

      const owners = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            eq(users.drivingSchoolId, schoolId),
            inArray(users.id, [...shared.keys()]),
            eq(users.archived, false),
          ),
        )
        .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`))
        .limit(1000);
      return {
        status: 200,
        body: owners.map((owner) => ({
          userId: owner.id,
          firstName: owner.firstName,
          lastName: owner.lastName,
          write: shared.get(owner.id) ?? false,
        })),
      };
    },

    async getInstructorWorkHours(request) {
      const auth = requireAuth(request);
      const user = await loadUser(auth.drivingSchoolId, request.params.id);
      return { status: 200, body: { dayWorkHours: user.dayWorkHours } };
    },

    async updateInstructorWorkHours(request) {
      const auth = requireAuth(request);
      const { dayWorkHours } = request.body;
      await loadUser(auth.drivingSchoolId, request.params.id);
      checkWeekWorkHours(dayWorkHours, 'dayWorkHours');
      const row = await repository.update(auth.drivingSchoolId, request.params.id, {
        dayWorkHours,
      });
      if (!row) throw notFound();
      return { status: 200, body: { dayWorkHours: row.dayWorkHours } };
    },
  };

  return mergeHandlers(
    createResourceHandlers(db, userDefinition),
    createResourceHandlers(db, instructorDefinition),
    writeWithChildren(db, userDefinition, {
      operations: { update: 'updateUser' },
      links: userLinks,
    }),
    writeWithChildren(db, userDefinition, {
      operations: { create: 'createUser' },
      links: userLinks,
      // Nobody knows this password: the new user sets their own through the mailed link.
      async before(_tx, _auth, values) {
        values.passwordHash = await hashPassword(newOneTimeToken());
      },
      // Settings, the link and the mail in the write's transaction: a mail the server
      // refuses undoes the whole creation (422 errors.email_not_sent).
      async children({ tx, auth, row }) {
        await tx
          .insert(userSettings)
          .values({ drivingSchoolId: auth.drivingSchoolId, userId: row.id });
        const sessions = createSessionRepository(tx);
        const token = newOneTimeToken();
        await sessions.createPasswordResetToken(
          { drivingSchoolId: auth.drivingSchoolId, userId: row.id },
          hashOneTimeToken(token),
          new Date(Date.now() + INVITATION_TTL_MS),
        );
        const schoolName = (await sessions.findSchoolName(auth.drivingSchoolId)) ?? 'Fahrwerk';
        const link = `${services.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await services.mailer.send(
            invitationMail({
              to: row.email,
              firstName: row.firstName,
              lastName: row.lastName,
              schoolName,
              link,
              validDays: INVITATION_TTL_MS / (24 * 60 * 60 * 1000),
            }),
          );
        } catch (error) {
          throw Object.assign(
            globalError('errors.email_not_sent', 'The invitation e-mail could not be sent.'),
            { cause: error },
          );
        }
      },
    }),
    custom,
  );
}
