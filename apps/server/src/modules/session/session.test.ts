import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '../../db/schema';
import { createSchool } from '../../db/seed';
import type { RolePermission, TokenResponse } from '../../http/contract-types';
import { signAccessToken } from '../../http/jwt';
import { startSmtpSink } from '../../test/smtp-sink';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../test/test-app';
import { PERMISSION_KEYS } from './permission-keys';
import { hashOneTimeToken, newOneTimeToken } from './secrets';
import { createSessionRepository } from './session.repository';
import { createSessionService } from './session.service';

const noMail = { send: () => Promise.reject(new Error('no mail')), close: () => {} };

describe.each(DRIVERS)('session on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp.url }) });

  const signInCall = (email: string, password: string) =>
    t.call<TokenResponse>('POST', '/generate-token', { body: { email, password } });
  const permissionsOf = (token: string, drivingSchoolId: number, roleId: number) =>
    t.call<RolePermission[]>('GET', '/roles/permissions', {
      token,
      query: { drivingSchoolId, roleId },
    });

  describe('generateToken', () => {
    it('signs in with e-mail (any case) and password', async () => {
      const response = await signInCall(DEMO_OWNER.email.toUpperCase(), DEMO_OWNER.password);
      expect(response.status, response.raw).toBe(200);
      expect(response.body.instructor).toMatchObject({
        email: DEMO_OWNER.email,
        firstName: 'Erika',
        lastName: 'Mustermann',
        roleNames: ['Inhaber'],
        drivingSchoolId: t.demo.schoolId,
        archived: false,
      });
      expect(response.body.userSettings).toEqual({ language: 'de', sidebarCollapsed: false });
      const [, payload] = response.body.token.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      expect(claims).toMatchObject({
        sub: String(t.demo.userIds[DEMO_OWNER.email]),
        drivingSchoolId: t.demo.schoolId,
        roleId: t.demo.roleIds.Inhaber,
      });
      expect(claims.exp - claims.iat).toBe(12 * 60 * 60);
    });

    it('refuses a wrong password and an unknown e-mail alike', async () => {
      const wrong = expectError(
        await signInCall(DEMO_OWNER.email, 'Demo#Falsch1'),
        401,
        'errors.invalid_credentials',
      );
      const unknown = expectError(
        await signInCall('niemand@fahrschule-demo.de', DEMO_OWNER.password),
        401,
        'errors.invalid_credentials',
      );
      expect(unknown.message).toBe(wrong.message);
    });
  });

  describe('the bearer token', () => {
    let owner: string;
    beforeAll(async () => {
      owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    });
    const filter = (headers: Record<string, string>) =>
      t.call('POST', '/users/filter', { headers, body: {} });

    it('is required', async () => {
      expectError(await filter({}), 401, 'errors.unauthorized');
      expectError(await filter({ authorization: `Basic ${owner}` }), 401, 'errors.unauthorized');
      expectError(await filter({ authorization: 'Bearer' }), 401, 'errors.unauthorized');
    });

    it('works while valid', async () => {
      expect((await filter({ authorization: `Bearer ${owner}` })).status).toBe(200);
    });

    it('is refused when expired', async () => {
      const claims = {
        userId: t.demo.userIds[DEMO_OWNER.email] as number,
        drivingSchoolId: t.demo.schoolId,
        roleId: t.demo.roleIds.Inhaber as number,
      };
      const thirteenHoursAgo = new Date(Date.now() - 13 * 60 * 60 * 1000);
      const expired = await signAccessToken(TEST_JWT_SECRET, claims, thirteenHoursAgo);
      const body = expectError(
        await filter({ authorization: `Bearer ${expired}` }),
        401,
        'errors.unauthorized',
      );
      expect(body.message).toMatch(/expired/);
    });

    it('is refused when signed with another secret', async () => {
      const forged = await new SignJWT({
        drivingSchoolId: t.demo.schoolId,
        roleId: t.demo.roleIds.Inhaber,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(t.demo.userIds[DEMO_OWNER.email]))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      expectError(await filter({ authorization: `Bearer ${forged}` }), 401, 'errors.unauthorized');
    });

    it('is refused when its payload was changed', async () => {
      const [header, payload, signature] = owner.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tampered = Buffer.from(JSON.stringify({ ...claims, drivingSchoolId: 999 })).toString(
        'base64url',
      );
      expectError(
        await filter({ authorization: `Bearer ${header}.${tampered}.${signature}` }),
        401,
        'errors.unauthorized',
      );
    });

    it('is refused unsigned (alg none)', async () => {
      const [, payload] = owner.split('.') as [string, string, string];
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expectError(
        await filter({ authorization: `Bearer ${none}.${payload}.` }),
        401,
        'errors.unauthorized',
      );
    });
  });

  describe('getRolePermissions', () => {
    it('answers every key with allow yes or no for the caller’s own role', async () => {
      const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
      const response = await permissionsOf(
        token,
        t.demo.schoolId,
        t.demo.roleIds.Fahrlehrer as number,
      );
      expect(response.status, response.raw).toBe(200);
      expect(response.body.map((p) => p.permission)).toEqual(PERMISSION_KEYS);
      const allowed = response.body.filter((p) => p.allow).map((p) => p.permission);
      expect(allowed.sort()).toEqual(
        [
          'MODULE_COMMUNICATION',
          'MODULE_CUSTOMERS',
          'MODULE_EXAM',
          'MODULE_TASK',
          'MODULE_TASK_WRITE',
          'MODULE_THEORY',
          'MODULE_THEORY_WRITE',
          'MODULE_TIME_PLANNER',
          'MODULE_TIME_PLANNER_WRITE',
        ].sort(),
      );
    });

    it('gives the owner every key and the office all but MODULE_COMPANY_WRITE', async () => {
      const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
      const ownerPermissions = await permissionsOf(
        owner,
        t.demo.schoolId,
        t.demo.roleIds.Inhaber as number,
      );
      expect(ownerPermissions.body.every((p) => p.allow)).toBe(true);
      const officePermissions = await permissionsOf(
        office,
        t.demo.schoolId,
        t.demo.roleIds.Büro as number,
      );
      expect(officePermissions.body.filter((p) => !p.allow).map((p) => p.permission)).toEqual([
        'MODULE_COMPANY_WRITE',
      ]);
    });

    it('refuses another role or school than the token’s (403)', async () => {
      const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
      expectError(
        await permissionsOf(token, t.demo.schoolId, t.demo.roleIds.Inhaber as number),
        403,
        'errors.forbidden',
      );
      expectError(
        await permissionsOf(token, t.demo.schoolId + 1000, t.demo.roleIds.Fahrlehrer as number),
        403,
        'errors.forbidden',
      );
    });

    it('reads permissions per request, so a role change applies at once', async () => {
      const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
      const filter = () => t.call('POST', '/users/filter', { token, body: {} });
      expectError(await filter(), 403, 'errors.forbidden');
      const row = and(
        eq(rolePermissions.roleId, t.demo.roleIds.Fahrlehrer as number),
        eq(rolePermissions.permission, 'MODULE_COMPANY'),
      );
      await t.database.db.update(rolePermissions).set({ allow: true }).where(row);
      try {
        expect((await filter()).status).toBe(200);
      } finally {
        await t.database.db.update(rolePermissions).set({ allow: false }).where(row);
      }
      expectError(await filter(), 403, 'errors.forbidden');
    });
  });

  describe('password reset', () => {
    const email = 'passwort@sonnenschein.test';
    const firstPassword = 'Erstes#Passwort1';

    beforeAll(async () => {
      await createSchool(t.database.db, {
        name: 'Fahrschule Passwort',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
        users: [
          {
            firstName: 'Paula',
            lastName: 'Passwort',
            email,
            password: firstPassword,
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
    });

    const requestChange = (userEmail: string) =>
      t.call('POST', '/request-fsc-user-password-change', { query: { userEmail } });
    const setPassword = (passwordToken: string, rawPassword: string) =>
      t.call('POST', '/set-fsc-user-password', { query: { passwordToken, rawPassword } });

    async function requestLink(): Promise<string> {
      const response = await requestChange(email.toUpperCase());
      expect(response.status, response.raw).toBe(204);
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.subject).toBe('Neues Passwort für Fahrwerk festlegen');
      expect(mail.text).toContain('Guten Tag Paula Passwort,');
      expect(mail.text).toContain('24 Stunden');
      const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      const url = new URL(link as string);
      expect(url.origin).toBe(TEST_PUBLIC_URL);
      return url.searchParams.get('token') as string;
    }

    it('answers 404 errors.no_user for an unknown address and 422 for a malformed one', async () => {
      expectError(await requestChange('unbekannt@sonnenschein.test'), 404, 'errors.no_user');
      const malformed = expectError(await requestChange('kein-email'), 422, 'errors.validation');
      expect(malformed.fieldErrors).toEqual([{ field: 'userEmail', error: 'validation.email' }]);
    });

    it('mails a link; weak passwords are refused; the token works once', async () => {
      const token = await requestLink();

      const tooShort = expectError(await setPassword(token, 'Kurz#1'), 422, 'errors.validation');
      expect(tooShort.fieldErrors).toEqual([
        { field: 'rawPassword', error: 'validation.min_length' },
      ]);
      for (const weak of ['ohnegross#1', 'OHNEKLEIN#1', 'OhneZiffer#', 'OhneSonder1']) {
        const body = expectError(await setPassword(token, weak), 422, 'errors.validation');
        expect(body.fieldErrors).toEqual([
          { field: 'rawPassword', error: 'validation.password_rule' },
        ]);
      }

      const newPassword = 'Neues#Passwort2';
      const changed = await setPassword(token, newPassword);
      expect(changed.status, changed.raw).toBe(204);
      expectError(await signInCall(email, firstPassword), 401, 'errors.invalid_credentials');
      await t.signIn(email, newPassword);

      const reused = expectError(
        await setPassword(token, 'Drittes#Passwort3'),
        422,
        'errors.invalid_password_token',
      );
      expect(reused.globalErrors).toEqual(['errors.invalid_password_token']);
      await t.signIn(email, newPassword);
    });

    it('a newer password change voids older links', async () => {
      const older = await requestLink();
      const newer = await requestLink();
      expect((await setPassword(newer, 'Viertes#Passwort4')).status).toBe(204);
      expectError(
        await setPassword(older, 'Fuenftes#Passwort5'),
        422,
        'errors.invalid_password_token',
      );
    });

    it('refuses an expired link', async () => {
      const token = newOneTimeToken();
      const repository = createSessionRepository(t.database.db);
      const user = await repository.findUserByEmail(email);
      await repository.createPasswordResetToken(
        { drivingSchoolId: user?.drivingSchoolId as number, userId: user?.id as number },
        hashOneTimeToken(token),
        new Date(Date.now() - 1000),
      );
      expectError(
        await setPassword(token, 'Sechstes#Passwort6'),
        422,
        'errors.invalid_password_token',
      );
    });
  });

  describe('generateTokenForSupportUser', () => {
    it('signs in once with a token issued for support staff', async () => {
      const service = createSessionService({
        db: t.database.db,
        jwtSecret: TEST_JWT_SECRET,
        publicUrl: TEST_PUBLIC_URL,
        mailer: noMail,
      });
      const issued = await service.issueSupportToken(DEMO_OFFICE.email);
      expect(issued.url.startsWith(`${TEST_PUBLIC_URL}/support-user-token-login/`)).toBe(true);
      const minutes = (issued.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
      const token = issued.url.split('/').pop() as string;

      const first = await t.call<TokenResponse>('POST', '/generate-token-for-support-user', {
        body: { token },
      });
      expect(first.status, first.raw).toBe(200);
      expect(first.body.instructor.email).toBe(DEMO_OFFICE.email);
      expect(
        (await permissionsOf(first.body.token, t.demo.schoolId, t.demo.roleIds.Büro as number))
          .status,
      ).toBe(200);

      const second = await t.call('POST', '/generate-token-for-support-user', { body: { token } });
      expectError(second, 401, 'errors.invalid_support_token');
    });

    it('refuses an unknown token', async () => {
      const response = await t.call('POST', '/generate-token-for-support-user', {
        body: { token: newOneTimeToken() },
      });
      expectError(response, 401, 'errors.invalid_support_token');
    });
  });

  describe('requestStudentPasswordChangeFromFsc', () => {
    it('is not implemented yet (no students): 501 errors.not_implemented', async () => {
      const response = await t.call('POST', '/request-password-change/from-fsc', {
        query: { studentEmail: 'schueler@fahrschule-demo.de' },
      });
      expectError(response, 501, 'errors.not_implemented');
    });
  });
});
