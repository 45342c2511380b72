import { beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../../db/seed';
import type { User } from '../../http/contract-types';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';

type Page = { data: User[]; total: number };

describe.each(DRIVERS)('users on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  let instructor: string;

  beforeAll(async () => {
    [owner, office, instructor] = await Promise.all([
      t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
      t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
      t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password),
    ]);
  });

  const filter = (token: string, body: object = {}) =>
    t.call<Page>('POST', '/users/filter', { token, body });
  const idOf = (email: string) => t.demo.userIds[email] as number;

  describe('filterUsers', () => {
    it('answers the school’s active users, sorted by last name, with roles', async () => {
      const response = await filter(owner);
      expect(response.status, response.raw).toBe(200);
      expect(response.body.total).toBe(3);
      expect(response.body.data.map((u) => u.lastName)).toEqual(['Bauer', 'Mustermann', 'Weber']);
      const jonas = response.body.data.find((u) => u.email === DEMO_INSTRUCTOR.email);
      expect(jonas).toMatchObject({
        firstName: 'Jonas',
        roleNames: ['Fahrlehrer'],
        roleIds: [t.demo.roleIds.Fahrlehrer],
        studentVisibility: 'OWN',
        archived: false,
        drivingSchoolId: t.demo.schoolId,
      });
    });

    it('pages, sorts and searches', async () => {
      const second = await filter(owner, { page: 1, size: 2 });
      expect(second.body).toMatchObject({ total: 3 });
      expect(second.body.data.map((u) => u.lastName)).toEqual(['Weber']);

      const byEmailDesc = await filter(owner, { sort: [{ field: 'email', direction: 'desc' }] });
      expect(byEmailDesc.body.data.map((u) => u.email)).toEqual([
        DEMO_OWNER.email,
        DEMO_INSTRUCTOR.email,
        DEMO_OFFICE.email,
      ]);

      const search = await filter(owner, { search: 'WEBER' });
      expect(search.body.data.map((u) => u.lastName)).toEqual(['Weber']);
      const fullName = await filter(owner, { search: 'erika muster' });
      expect(fullName.body.total).toBe(1);
      // `%` is searched for literally, not as a wildcard.
      expect((await filter(owner, { search: '%' })).body.total).toBe(0);
    });

    it('refuses a sort field users do not have', async () => {
      const response = await filter(owner, { sort: [{ field: 'passwordHash' }] });
      const body = expectError(response, 422, 'errors.validation');
      expect(body.fieldErrors).toEqual([{ field: 'sort.0.field', error: 'validation.enum' }]);
    });

    it('is allowed to owner and office, not to the instructor (no MODULE_COMPANY)', async () => {
      expect((await filter(office)).status).toBe(200);
      expectError(await filter(instructor), 403, 'errors.forbidden');
    });
  });

  describe('getUser', () => {
    it('answers one user of the school', async () => {
      const response = await t.call<User>('GET', `/users/${idOf(DEMO_OFFICE.email)}`, {
        token: owner,
      });
      expect(response.status, response.raw).toBe(200);
      expect(response.body).toMatchObject({ email: DEMO_OFFICE.email, roleNames: ['Büro'] });
    });

    it('answers 404 for an unknown id and 403 for the instructor', async () => {
      expectError(await t.call('GET', '/users/999999', { token: owner }), 404, 'errors.not_found');
      expectError(
        await t.call('GET', `/users/${idOf(DEMO_OWNER.email)}`, { token: instructor }),
        403,
        'errors.forbidden',
      );
    });
  });

  describe('archiveUser', () => {
    const archive = (token: string, id: number, archived: boolean) =>
      t.call<User>('POST', '/users/archive', { token, query: { id, archived } });

    it('needs MODULE_COMPANY_WRITE: the office gets 403', async () => {
      expectError(
        await archive(office, idOf(DEMO_INSTRUCTOR.email), true),
        403,
        'errors.forbidden',
      );
    });

    it('archives and unarchives; an archived user signs in no more and their token stops', async () => {
      const jonasId = idOf(DEMO_INSTRUCTOR.email);
      const archived = await archive(owner, jonasId, true);
      expect(archived.status, archived.raw).toBe(200);
      expect(archived.body).toMatchObject({ id: jonasId, archived: true });

      const listed = await filter(owner, { archived: true });
      expect(listed.body.data.map((u) => u.id)).toEqual([jonasId]);
      expect((await filter(owner)).body.total).toBe(2);

      expectError(
        await t.call('POST', '/generate-token', {
          body: { email: DEMO_INSTRUCTOR.email, password: DEMO_INSTRUCTOR.password },
        }),
        401,
        'errors.user_archived',
      );
      const ownPermissions = await t.call('GET', '/roles/permissions', {
        token: instructor,
        query: { drivingSchoolId: t.demo.schoolId, roleId: t.demo.roleIds.Fahrlehrer as number },
      });
      expectError(ownPermissions, 401, 'errors.unauthorized');

      const restored = await archive(owner, jonasId, false);
      expect(restored.body).toMatchObject({ id: jonasId, archived: false });
      await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    });

    it('refuses to archive yourself', async () => {
      const response = await archive(owner, idOf(DEMO_OWNER.email), true);
      const body = expectError(response, 422, 'errors.cannot_archive_self');
      expect(body.globalErrors).toEqual(['errors.cannot_archive_self']);
    });

    it('answers 404 for an unknown user', async () => {
      expectError(await archive(owner, 999999, true), 404, 'errors.not_found');
    });
  });

  describe('tenant isolation', () => {
    let otherOwner: string;
    let other: Awaited<ReturnType<typeof createSchool>>;

    beforeAll(async () => {
      other = await createSchool(t.database.db, {
        name: 'Fahrschule Regenbogen',
        roles: [
          {
            name: 'Inhaber',
            type: 'OWNER',
            description: '',
            allow: ['MODULE_COMPANY', 'MODULE_COMPANY_WRITE'],
          },
        ],
        users: [
          {
            firstName: 'Rita',
            lastName: 'Regen',
            email: 'rita@regenbogen.test',
            password: 'Regen#Bogen1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      otherOwner = await t.signIn('rita@regenbogen.test', 'Regen#Bogen1');
    });

    it('cannot read another school’s user by id', async () => {
      const response = await t.call('GET', `/users/${idOf(DEMO_OWNER.email)}`, {
        token: otherOwner,
      });
      expectError(response, 404, 'errors.not_found');
    });

    it('sees only its own users in the filter', async () => {
      const everyone = await filter(otherOwner, { size: 200 });
      expect(everyone.body.total).toBe(1);
      expect(everyone.body.data.map((u) => u.email)).toEqual(['rita@regenbogen.test']);
      const searched = await filter(otherOwner, { search: 'fahrschule-demo' });
      expect(searched.body.total).toBe(0);
    });

    it('cannot archive another school’s user', async () => {
      const response = await t.call('POST', '/users/archive', {
        token: otherOwner,
        query: { id: idOf(DEMO_OFFICE.email), archived: true },
      });
      expectError(response, 404, 'errors.not_found');
      const office = await t.call<User>('GET', `/users/${idOf(DEMO_OFFICE.email)}`, {
        token: owner,
      });
      expect(office.body.archived).toBe(false);
    });

    it('cannot read another school’s role permissions', async () => {
      const response = await t.call('GET', '/roles/permissions', {
        token: otherOwner,
        query: { drivingSchoolId: t.demo.schoolId, roleId: t.demo.roleIds.Inhaber as number },
      });
      expectError(response, 403, 'errors.forbidden');
      const ownSchoolForeignRole = await t.call('GET', '/roles/permissions', {
        token: otherOwner,
        query: { drivingSchoolId: other.schoolId, roleId: t.demo.roleIds.Inhaber as number },
      });
      expectError(ownSchoolForeignRole, 403, 'errors.forbidden');
    });
  });
});
