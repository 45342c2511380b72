import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../http/jwt';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  useTestApp,
} from '../../test/test-app';
import { hashOneTimeToken, newOneTimeToken } from './secrets';
import { createSessionRepository } from './session.repository';

/*
 * Issue 10, finding 10: a password change or reset, and archiving a user, end the user's
 * existing access tokens (they carry the user's token version, which both raise).
 */
describe.each(DRIVERS)('access tokens end with the password or the archive (%s)', (driver) => {
  const t = useTestApp(driver);

  /** A call any signed-in user may make: the permissions of their own role. */
  const works = async (token: string, roleName: string) => {
    const response = await t.call('GET', '/roles/permissions', {
      token,
      query: { drivingSchoolId: t.demo.schoolId, roleId: t.demo.roleIds[roleName] as number },
    });
    return response;
  };

  it('a password reset ends every token of the user, not those of others', async () => {
    const [first, second, owner] = [
      await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
      await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
      await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
    ];
    expect((await works(first, 'Büro')).status).toBe(200);
    expect((await works(second, 'Büro')).status).toBe(200);

    const link = newOneTimeToken();
    await createSessionRepository(t.database.db).createPasswordResetToken(
      { drivingSchoolId: t.demo.schoolId, userId: t.demo.userIds[DEMO_OFFICE.email] as number },
      hashOneTimeToken(link),
      new Date(Date.now() + 60_000),
    );
    const newPassword = 'Neues#Buero2';
    const changed = await t.call('POST', '/set-fsc-user-password', {
      query: { passwordToken: link, rawPassword: newPassword },
    });
    expect(changed.status, changed.raw).toBe(204);

    for (const token of [first, second]) {
      expectError(await works(token, 'Büro'), 401, 'errors.unauthorized');
    }
    // Someone else's session goes on; the new password signs in at once.
    expect((await works(owner, 'Inhaber')).status).toBe(200);
    const fresh = await t.signIn(DEMO_OFFICE.email, newPassword);
    expect((await works(fresh, 'Büro')).status).toBe(200);
  });

  it('archiving ends the tokens: taking the user out of the archive does not revive them', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const old = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    expect((await works(old, 'Fahrlehrer')).status).toBe(200);
    const id = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
    const archive = (archived: boolean) =>
      t.call('POST', '/users/archive', { token: owner, query: { id, archived } });

    expect((await archive(true)).status).toBe(200);
    expectError(await works(old, 'Fahrlehrer'), 401, 'errors.unauthorized');
    expect((await archive(false)).status).toBe(200);
    expectError(await works(old, 'Fahrlehrer'), 401, 'errors.unauthorized');

    const fresh = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    expect((await works(fresh, 'Fahrlehrer')).status).toBe(200);
    // Taking a user out of the archive alone ends nothing.
    expect((await archive(false)).status).toBe(200);
    expect((await works(fresh, 'Fahrlehrer')).status).toBe(200);
  });

  it('accepts a token of the user’s current version, also one signed without a version', async () => {
    // Tokens signed before the version existed carry none: version 0, valid until a change.
    const issuedAt = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({
      drivingSchoolId: t.demo.schoolId,
      roleId: t.demo.roleIds.Inhaber as number,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(t.demo.userIds[DEMO_OWNER.email]))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await works(legacy, 'Inhaber')).status).toBe(200);
    const [, payload] = (await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password)).split('.');
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toMatchObject({
      ver: 0,
    });
  });
});
