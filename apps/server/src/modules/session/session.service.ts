import type { Db } from '../../db/database';
import type { AuthContext, Principal } from '../../http/auth';
import { AppError, fieldError, forbidden, globalError } from '../../http/errors';
import { signAccessToken, type TokenClaims } from '../../http/jwt';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/password-reset-mail';
import { createUsersRepository, type UserRow } from '../users/users.repository';
import { satisfiesPasswordRule } from './password-rule';
import { PERMISSION_KEYS, type PermissionKey } from './permission-keys';
import { hashOneTimeToken, hashPassword, newOneTimeToken, verifyPassword } from './secrets';
import {
  createSessionRepository,
  inSessionTransaction,
  type TokenOwner,
  type UserSettingsRow,
} from './session.repository';

export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;
export const SUPPORT_LOGIN_TTL_MS = 15 * 60 * 1000;

export type Session = {
  token: string;
  user: UserRow;
  settings: UserSettingsRow;
};

export type SessionServiceOptions = {
  db: Db;
  jwtSecret: string;
  /** Base of the links in mails, without a trailing slash. */
  publicUrl: string;
  mailer: Mailer;
  now?: () => Date;
};

const invalidCredentials = () =>
  new AppError(401, 'errors.invalid_credentials', 'E-mail address or password is wrong.');

export function createSessionService(options: SessionServiceOptions) {
  const repository = createSessionRepository(options.db);
  const usersRepository = createUsersRepository(options.db);
  const now = options.now ?? (() => new Date());

  // Verifying against a throw-away hash when the address is unknown makes a wrong address
  // take as long as a wrong password, so response times do not reveal who has an account.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= hashPassword(newOneTimeToken());
    return decoyHash;
  };

  /** Token, user and settings for a user who has proven who they are. */
  async function openSession(owner: TokenOwner): Promise<Session> {
    const user = await usersRepository.findById(owner.drivingSchoolId, owner.userId);
    if (!user) throw invalidCredentials();
    if (user.archived) {
      throw new AppError(401, 'errors.user_archived', 'This user is archived and cannot sign in.');
    }
    const role = user.roles[0];
    if (!role)
      throw new AppError(401, 'errors.no_role', 'This user has no role and cannot sign in.');
    const claims: TokenClaims = {
      userId: user.id,
      drivingSchoolId: user.drivingSchoolId,
      roleId: role.id,
      tokenVersion: user.tokenVersion,
    };
    const [token, settings] = await Promise.all([
      signAccessToken(options.jwtSecret, claims, now()),
      repository.findOrCreateSettings(user.drivingSchoolId, user.id),
    ]);
    return { token, user, settings };
  }

  return {
    async signIn(email: string, password: string): Promise<Session> {
      const candidate = await repository.findUserByEmail(email);
      const passwordHash = candidate?.passwordHash ?? (await decoy());
      const matches = await verifyPassword(passwordHash, password);
      if (!candidate || !matches) throw invalidCredentials();
      return openSession({ drivingSchoolId: candidate.drivingSchoolId, userId: candidate.id });
    },

    async signInWithSupportToken(token: string): Promise<Session> {
      const owner = await repository.consumeSupportLoginToken(hashOneTimeToken(token), now());
      if (!owner) {
        throw new AppError(
          401,
          'errors.invalid_support_token',
          'The support sign-in token is unknown, used or expired.',
        );
      }
      return openSession(owner);
    },

    /** For support staff (the `support-token` script): a one-time sign-in link for a user. */
    async issueSupportToken(
      email: string,
    ): Promise<{ url: string; expiresAt: Date; user: UserRow }> {
      const candidate = await repository.findUserByEmail(email);
      const user =
        candidate && (await usersRepository.findById(candidate.drivingSchoolId, candidate.id));
      if (!user) throw new AppError(404, 'errors.no_user', `No user has the address ${email}.`);
      if (user.archived) {
        throw new AppError(422, 'errors.user_archived', `${email} is archived and cannot sign in.`);
      }
      const token = newOneTimeToken();
      const expiresAt = new Date(now().getTime() + SUPPORT_LOGIN_TTL_MS);
      await repository.createSupportLoginToken(
        { drivingSchoolId: user.drivingSchoolId, userId: user.id },
        hashOneTimeToken(token),
        expiresAt,
      );
      return { url: `${options.publicUrl}/support-user-token-login/${token}`, expiresAt, user };
    },

    /**
     * For the auth hook: the token's user and role as the database has them now; `null`
     * (401) also for a token signed before the user's password changed or they were archived.
     */
    async loadPrincipal(claims: TokenClaims): Promise<Principal | null> {
      const found = await repository.findPrincipal(
        claims.drivingSchoolId,
        claims.userId,
        claims.roleId,
        claims.tokenVersion ?? 0,
      );
      return (
        found && {
          archived: found.archived,
          permissions: new Set(found.allowed),
          studentVisibility: found.studentVisibility,
        }
      );
    },

    /** Every permission key with allow yes or no; only for the caller's own school and role. */
    async rolePermissions(
      auth: AuthContext,
      drivingSchoolId: number,
      roleId: number,
    ): Promise<{ permission: PermissionKey; allow: boolean }[]> {
      if (drivingSchoolId !== auth.drivingSchoolId || roleId !== auth.roleId) {
        throw forbidden('Only the permissions of your own school and role can be read.');
      }
      const stored = await repository.findRolePermissions(drivingSchoolId, roleId);
      const allowed = new Set(stored.filter((row) => row.allow).map((row) => row.permission));
      return PERMISSION_KEYS.map((permission) => ({ permission, allow: allowed.has(permission) }));
    },

    async requestPasswordChange(email: string): Promise<void> {
      const candidate = await repository.findUserByEmail(email);
      const user =
        candidate && (await usersRepository.findById(candidate.drivingSchoolId, candidate.id));
      // An archived user cannot sign in, so a new password would be of no use.
      if (!user || user.archived) {
        throw new AppError(404, 'errors.no_user', 'No user has this e-mail address.');
      }
      const token = newOneTimeToken();
      const owner = { drivingSchoolId: user.drivingSchoolId, userId: user.id };
      await repository.createPasswordResetToken(
        owner,
        hashOneTimeToken(token),
        new Date(now().getTime() + PASSWORD_RESET_TTL_MS),
      );
      const schoolName = (await repository.findSchoolName(user.drivingSchoolId)) ?? 'Fahrwerk';
      const link = `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      try {
        await options.mailer.send(
          passwordResetMail({
            to: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            schoolName,
            link,
          }),
        );
      } catch (error) {
        throw Object.assign(globalError('errors.email_not_sent', 'The e-mail could not be sent.'), {
          cause: error,
        });
      }
    },

    async setPassword(passwordToken: string, rawPassword: string): Promise<void> {
      if (!satisfiesPasswordRule(rawPassword)) {
        throw fieldError(
          'rawPassword',
          'validation.password_rule',
          'The password needs 8 characters with an upper-case and a lower-case letter, a digit and a special character.',
        );
      }
      const passwordHash = await hashPassword(rawPassword);
      const at = now();
      const changed = await inSessionTransaction(options.db, async (tx) => {
        const owner = await tx.consumePasswordResetToken(hashOneTimeToken(passwordToken), at);
        if (!owner) return false;
        await tx.updatePasswordHash(owner.drivingSchoolId, owner.userId, passwordHash);
        await tx.expirePasswordResetTokens(owner, at);
        return true;
      });
      if (!changed) {
        throw globalError(
          'errors.invalid_password_token',
          'The link to set a password is unknown, used or expired.',
        );
      }
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
