import type { components } from '@fahrwerk/api/schema';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { createdAt, id, inList, ref, schoolId, updatedAt } from './columns';
import { storedFiles } from './files';

/* The school, its users, roles and sign-in tokens. Tenancy rules: see columns.ts. */

/** The licence classes of the contract (`LicenseClass`), in the order forms list them. */
export const LICENSE_CLASSES = [
  'AM',
  'A1',
  'A2',
  'A',
  'B',
  'BE',
  'B96',
  'B197',
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
  'L',
  'T',
] as const;
export type LicenseClass = (typeof LICENSE_CLASSES)[number];
export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
/** Working or opening hours of one weekday (`DayWorkHours` of the contract). */
export type DayWorkHours = components['schemas']['DayWorkHours'];
/** A postal address (`Address` of the contract), stored as one jsonb value. */
export type Address = components['schemas']['Address'];

/** A check that a text[] column holds licence classes only. */
export const licenseClassesCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} <@ array[${inList(LICENSE_CLASSES)}]::text[]`);

export const ROLE_TYPES = ['OWNER', 'STAFF', 'INSTRUCTOR'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];
export const STUDENT_VISIBILITIES = ['ALL', 'OWN'] as const;
export const LANGUAGES = ['de', 'en'] as const;

export const drivingSchools = pgTable('driving_schools', {
  id: id(),
  // The school's own id again, so this table follows the same tenancy rule as the others.
  drivingSchoolId: bigint('driving_school_id', { mode: 'number' }).generatedAlwaysAs(sql`id`),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** The row belongs to a school and goes with it: the first foreign key of every school table. */
export const belongsToSchool = (name: string, t: { drivingSchoolId: AnyPgColumn }) =>
  foreignKey({ name, columns: [t.drivingSchoolId], foreignColumns: [drivingSchools.id] }).onDelete(
    'cascade',
  );

export const users = pgTable(
  'users',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    studentVisibility: text('student_visibility', { enum: STUDENT_VISIBILITIES })
      .notNull()
      .default('ALL'),
    archived: boolean('archived').notNull().default(false),
    // Raised when the password changes or the user is archived: access tokens carry the
    // version they were signed with, and one of an older version is refused (401).
    tokenVersion: integer('token_version').notNull().default(0),
    phone: text(),
    // The photo of `POST /users/avatar` (a stored file of the school).
    avatarFileId: ref('avatar_file_id'),
    // Working hours per weekday; a weekday left out is a day off.
    dayWorkHours: jsonb().$type<DayWorkHours[]>().notNull().default([]),
    mobileCalendarAccess: boolean().notNull().default(false),
    // The classes of the user's instructor's licence (Fahrlehrerlaubnis); empty: no teaching.
    licenseClasses: text().array().$type<LicenseClass[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'users_driving_school_fk',
      columns: [t.drivingSchoolId],
      foreignColumns: [drivingSchools.id],
    }).onDelete('cascade'),
    unique('users_tenant_key').on(t.drivingSchoolId, t.id),
    // Sign-in asks for e-mail and password only, with no school, so an address must lead
    // to exactly one user: unique across ALL schools, ignoring case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'users_student_visibility_check',
      sql`${t.studentVisibility} in (${inList(STUDENT_VISIBILITIES)})`,
    ),
    foreignKey({
      name: 'users_avatar_file_fk',
      columns: [t.drivingSchoolId, t.avatarFileId],
      foreignColumns: [storedFiles.drivingSchoolId, storedFiles.id],
    }),
    check('users_day_work_hours_check', sql`jsonb_typeof(${t.dayWorkHours}) = 'array'`),
    licenseClassesCheck('users_license_classes_check', t.licenseClasses),
  ],
);

/**
 * Personal calendar sharing (spec 000 §6): `userId` shares their calendar with
 * `granteeUserId`, read-only or read-write.
 */
export const userCalendarAccess = pgTable(
  'user_calendar_access',
  {
    drivingSchoolId: schoolId(),
    userId: ref('user_id').notNull(),
    granteeUserId: ref('grantee_user_id').notNull(),
    write: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'user_calendar_access_pkey', columns: [t.userId, t.granteeUserId] }),
    index('user_calendar_access_grantee_idx').on(t.drivingSchoolId, t.granteeUserId),
    foreignKey({
      name: 'user_calendar_access_user_fk',
      columns: [t.drivingSchoolId, t.userId],
      foreignColumns: [users.drivingSchoolId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_calendar_access_grantee_fk',
      columns: [t.drivingSchoolId, t.granteeUserId],
      foreignColumns: [users.drivingSchoolId, users.id],
    }).onDelete('cascade'),
    check('user_calendar_access_self_check', sql`${t.userId} <> ${t.granteeUserId}`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    type: text('type', { enum: ROLE_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    generalAccess: boolean('general_access').notNull().default(false),
    sidebarAccess: boolean('sidebar_access').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'roles_driving_school_fk',
      columns: [t.drivingSchoolId],
      foreignColumns: [drivingSchools.id],
    }).onDelete('cascade'),
    unique('roles_tenant_key').on(t.drivingSchoolId, t.id),
    unique('roles_name_key').on(t.drivingSchoolId, t.name),
    check('roles_type_check', sql`${t.type} in (${inList(ROLE_TYPES)})`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    drivingSchoolId: schoolId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    // A MODULE_* key of the contract; the list lives in the contract, not in a CHECK here,
    // so a new key needs no migration.
    permission: text('permission').notNull(),
    allow: boolean('allow').notNull(),
  },
  (t) => [
    primaryKey({ name: 'role_permissions_pkey', columns: [t.roleId, t.permission] }),
    foreignKey({
      name: 'role_permissions_role_fk',
      columns: [t.drivingSchoolId, t.roleId],
      foreignColumns: [roles.drivingSchoolId, roles.id],
    }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    drivingSchoolId: schoolId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    // 0 is the current role (the spec: "the first role name is the current role").
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_roles_pkey', columns: [t.userId, t.roleId] }),
    unique('user_roles_position_key').on(t.userId, t.position),
    index('user_roles_role_idx').on(t.drivingSchoolId, t.roleId),
    foreignKey({
      name: 'user_roles_user_fk',
      columns: [t.drivingSchoolId, t.userId],
      foreignColumns: [users.drivingSchoolId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_roles_role_fk',
      columns: [t.drivingSchoolId, t.roleId],
      foreignColumns: [roles.drivingSchoolId, roles.id],
    }).onDelete('cascade'),
    check('user_roles_position_check', sql`${t.position} >= 0`),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    drivingSchoolId: schoolId(),
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    language: text('language', { enum: LANGUAGES }).notNull().default('de'),
    sidebarCollapsed: boolean('sidebar_collapsed').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'user_settings_user_fk',
      columns: [t.drivingSchoolId, t.userId],
      foreignColumns: [users.drivingSchoolId, users.id],
    }).onDelete('cascade'),
    check('user_settings_language_check', sql`${t.language} in (${inList(LANGUAGES)})`),
  ],
);

/*
 * One-time tokens are stored as SHA-256 hashes: they are 256-bit random values, so a fast
 * hash is enough, and a leaked table does not let anyone use them.
 */
const oneTimeTokenColumns = () => ({
  id: id(),
  drivingSchoolId: schoolId(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', oneTimeTokenColumns(), (t) => [
  uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
  index('password_reset_tokens_user_idx').on(t.drivingSchoolId, t.userId),
  foreignKey({
    name: 'password_reset_tokens_user_fk',
    columns: [t.drivingSchoolId, t.userId],
    foreignColumns: [users.drivingSchoolId, users.id],
  }).onDelete('cascade'),
]);

export const supportLoginTokens = pgTable('support_login_tokens', oneTimeTokenColumns(), (t) => [
  uniqueIndex('support_login_tokens_hash_key').on(t.tokenHash),
  index('support_login_tokens_user_idx').on(t.drivingSchoolId, t.userId),
  foreignKey({
    name: 'support_login_tokens_user_fk',
    columns: [t.drivingSchoolId, t.userId],
    foreignColumns: [users.drivingSchoolId, users.id],
  }).onDelete('cascade'),
]);
