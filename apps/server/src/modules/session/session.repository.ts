import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  drivingSchools,
  passwordResetTokens,
  rolePermissions,
  supportLoginTokens,
  userRoles,
  userSettings,
  users,
} from '../../db/schema';

export type SignInUser = {
  id: number;
  drivingSchoolId: number;
  passwordHash: string;
  archived: boolean;
};

export type UserSettingsRow = { language: 'de' | 'en'; sidebarCollapsed: boolean };

export type TokenOwner = { drivingSchoolId: number; userId: number };

type OneTimeTokenTable = typeof passwordResetTokens | typeof supportLoginTokens;

/**
 * Sessions, permissions and one-time tokens. Queries are scoped by school, except the few
 * marked "before a school is known": sign-in by e-mail (addresses are unique across all
 * schools) and redeeming a one-time token (the token itself names the user).
 */
export function createSessionRepository(db: Db) {
  async function consumeToken(
    table: OneTimeTokenTable,
    tokenHash: string,
    now: Date,
  ): Promise<TokenOwner | null> {
    // One statement, so a token raced by two requests is used by exactly one.
    const [owner] = await db
      .update(table)
      .set({ usedAt: now })
      .where(and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now)))
      .returning({ drivingSchoolId: table.drivingSchoolId, userId: table.userId });
    return owner ?? null;
  }

  async function insertToken(
    table: OneTimeTokenTable,
    owner: TokenOwner,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await db.insert(table).values({ ...owner, tokenHash, expiresAt });
  }

  return {
    /** Before a school is known: the one user with this address, in any school. */
    async findUserByEmail(email: string): Promise<SignInUser | null> {
      const [user] = await db
        .select({
          id: users.id,
          drivingSchoolId: users.drivingSchoolId,
          passwordHash: users.passwordHash,
          archived: users.archived,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return user ?? null;
    },

    async findSchoolName(schoolId: number): Promise<string | null> {
      const [school] = await db
        .select({ name: drivingSchools.name })
        .from(drivingSchools)
        .where(eq(drivingSchools.id, schoolId));
      return school?.name ?? null;
    },

    /** The user's current role: the first by position. */
    async findCurrentRoleId(schoolId: number, userId: number): Promise<number | null> {
      const [first] = await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.drivingSchoolId, schoolId), eq(userRoles.userId, userId)))
        .orderBy(asc(userRoles.position))
        .limit(1);
      return first?.roleId ?? null;
    },

    /**
     * For the auth hook on every request: whether the user is archived and what the
     * token's role allows; `null` when the user no longer holds that role, or the token was
     * signed before the user's password changed or they were archived (an older version).
     */
    async findPrincipal(
      schoolId: number,
      userId: number,
      roleId: number,
      tokenVersion: number,
    ): Promise<{
      archived: boolean;
      studentVisibility: 'ALL' | 'OWN';
      allowed: string[];
    } | null> {
      // One round trip per request: the role holder (with the students they see) and the
      // role's allowed permissions.
      const [holder] = await db
        .select({
          archived: users.archived,
          studentVisibility: users.studentVisibility,
          allowed: sql<string[] | null>`(
            select array_agg(${rolePermissions.permission})
            from ${rolePermissions}
            where ${rolePermissions.drivingSchoolId} = ${schoolId}
              and ${rolePermissions.roleId} = ${roleId}
              and ${rolePermissions.allow}
          )`,
        })
        .from(users)
        .innerJoin(
          userRoles,
          and(eq(userRoles.drivingSchoolId, users.drivingSchoolId), eq(userRoles.userId, users.id)),
        )
        .where(
          and(
            eq(users.drivingSchoolId, schoolId),
            eq(users.id, userId),
            eq(userRoles.roleId, roleId),
            eq(users.tokenVersion, tokenVersion),
          ),
        );
      if (!holder) return null;
      return { ...holder, allowed: holder.allowed ?? [] };
    },

    async findRolePermissions(
      schoolId: number,
      roleId: number,
    ): Promise<{ permission: string; allow: boolean }[]> {
      return db
        .select({ permission: rolePermissions.permission, allow: rolePermissions.allow })
        .from(rolePermissions)
        .where(
          and(eq(rolePermissions.drivingSchoolId, schoolId), eq(rolePermissions.roleId, roleId)),
        );
    },

    /** The user's settings, created with the defaults (German, sidebar open) on first use. */
    async findOrCreateSettings(schoolId: number, userId: number): Promise<UserSettingsRow> {
      await db
        .insert(userSettings)
        .values({ drivingSchoolId: schoolId, userId })
        .onConflictDoNothing({ target: userSettings.userId });
      const [settings] = await db
        .select({
          language: userSettings.language,
          sidebarCollapsed: userSettings.sidebarCollapsed,
        })
        .from(userSettings)
        .where(and(eq(userSettings.drivingSchoolId, schoolId), eq(userSettings.userId, userId)));
      if (!settings) throw new Error(`No settings for user ${userId} in school ${schoolId}.`);
      return settings;
    },

    /** Sets the password; every access token signed before ends (the token version rises). */
    async updatePasswordHash(schoolId: number, userId: number, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, userId)));
    },

    createPasswordResetToken: (owner: TokenOwner, tokenHash: string, expiresAt: Date) =>
      insertToken(passwordResetTokens, owner, tokenHash, expiresAt),

    /** Before a school is known: marks the token used and names its user. */
    consumePasswordResetToken: (tokenHash: string, now: Date) =>
      consumeToken(passwordResetTokens, tokenHash, now),

    /** After a password change, the user's other reset links stop working. */
    async expirePasswordResetTokens(owner: TokenOwner, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.drivingSchoolId, owner.drivingSchoolId),
            eq(passwordResetTokens.userId, owner.userId),
            isNull(passwordResetTokens.usedAt),
          ),
        );
    },

    createSupportLoginToken: (owner: TokenOwner, tokenHash: string, expiresAt: Date) =>
      insertToken(supportLoginTokens, owner, tokenHash, expiresAt),

    /** Before a school is known: marks the token used and names its user. */
    consumeSupportLoginToken: (tokenHash: string, now: Date) =>
      consumeToken(supportLoginTokens, tokenHash, now),
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** Runs `work` in one transaction, with a repository bound to it. */
export function inSessionTransaction<T>(
  db: Db,
  work: (repository: SessionRepository) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(createSessionRepository(tx)));
}
