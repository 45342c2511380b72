import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createSchool } from '../../db/seed';
import type { User } from '../../http/contract-types';
import { startSmtpSink } from '../../test/smtp-sink';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../test/test-app';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Page = { data: User[]; total: number };

describe.each(DRIVERS)('users on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    return () => stopSmtp();
  });
  async function stopSmtp() {
    const running = smtp;
    smtp = undefined;
    await running?.close();
  }
  const nextMail = () => {
    if (!smtp) throw new Error('The SMTP sink is stopped.');
    return smtp.next();
  };
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp?.url ?? '' }) });
  let owner: string;
  let office: string;
  let instructor: string;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: the SMTP sink starts before useTestApp's hook, signing in needs the app after it
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
      // Archiving ended the token for good: back from the archive, the user signs in anew.
      const stillEnded = await t.call('GET', '/roles/permissions', {
        token: instructor,
        query: { drivingSchoolId: t.demo.schoolId, roleId: t.demo.roleIds.Fahrlehrer as number },
      });
      expectError(stillEnded, 401, 'errors.unauthorized');
      instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
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
  // Runs after the tests above, which count the demo school's three users.
  describe('creating users and avatars', () => {
    const newUser = (overrides: object = {}) => ({
      firstName: 'Nina',
      lastName: 'Neumann',
      email: 'nina.neumann@sonnenschein.test',
      phone: '+49 30 1234567',
      roleIds: [t.demo.roleIds.Fahrlehrer, t.demo.roleIds.Büro],
      branchIds: [],
      calendarReadAccessUserIds: [idOf(DEMO_OFFICE.email)],
      calendarWriteAccessUserIds: [idOf(DEMO_OWNER.email)],
      mobileCalendarAccess: true,
      studentVisibility: 'OWN',
      dayWorkHours: [
        {
          weekday: 'MONDAY',
          ranges: [
            { from: '08:00', to: '12:00' },
            { from: '13:00', to: '17:00' },
          ],
        },
      ],
      licenseClasses: ['B'],
      ...overrides,
    });
    const create = (body: object, token = owner) => t.call<User>('POST', '/users', { token, body });

    describe('createUser', () => {
      it('creates the user with everything and mails a German link to set the password (7 days)', async () => {
        const response = await create(newUser());
        expect(response.status, response.raw).toBe(201);
        expect(response.body).toMatchObject({
          firstName: 'Nina',
          email: 'nina.neumann@sonnenschein.test',
          phone: '+49 30 1234567',
          roleIds: [t.demo.roleIds.Fahrlehrer, t.demo.roleIds.Büro],
          roleNames: ['Fahrlehrer', 'Büro'],
          calendarReadAccessUserIds: [idOf(DEMO_OFFICE.email)],
          calendarWriteAccessUserIds: [idOf(DEMO_OWNER.email)],
          mobileCalendarAccess: true,
          studentVisibility: 'OWN',
          licenseClasses: ['B'],
          archived: false,
        });
        expect(response.body.dayWorkHours).toHaveLength(1);

        const mail = await nextMail();
        expect(mail.to).toEqual(['nina.neumann@sonnenschein.test']);
        expect(mail.subject).toContain('Fahrwerk');
        expect(mail.text).toContain('Guten Tag Nina Neumann,');
        expect(mail.text).toContain('7 Tage');
        const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)?.[1] as string;
        const url = new URL(link);
        expect(url.origin).toBe(TEST_PUBLIC_URL);
        const token = url.searchParams.get('token') as string;

        // Nobody can sign in before the password is set; the password rule holds.
        const weak = expectError(
          await t.call('POST', '/set-fsc-user-password', {
            query: { passwordToken: token, rawPassword: 'schwach12' },
          }),
          422,
          'errors.validation',
        );
        expect(weak.fieldErrors).toEqual([
          { field: 'rawPassword', error: 'validation.password_rule' },
        ]);
        const set = await t.call('POST', '/set-fsc-user-password', {
          query: { passwordToken: token, rawPassword: 'Erstes#Passwort1' },
        });
        expect(set.status, set.raw).toBe(204);
        const signedIn = await t.call<{ instructor: User }>('POST', '/generate-token', {
          body: { email: 'nina.neumann@sonnenschein.test', password: 'Erstes#Passwort1' },
        });
        expect(signedIn.status, signedIn.raw).toBe(200);
        // The first role is the current one.
        expect(signedIn.body.instructor.roleNames[0]).toBe('Fahrlehrer');

        const read = await t.call<User>('GET', `/users/${response.body.id}`, { token: owner });
        expect(read.body).toMatchObject({ branchIds: [], mobileCalendarAccess: true });
      });

      it('refuses an e-mail in use (any case, any school) and unknown roles', async () => {
        const taken = expectError(
          await create(newUser({ email: DEMO_INSTRUCTOR.email.toUpperCase() })),
          422,
          'errors.validation',
        );
        expect(taken.fieldErrors).toEqual([{ field: 'email', error: 'validation.email_in_use' }]);
        const role = expectError(
          await create(newUser({ email: 'x1@sonnenschein.test', roleIds: [999999] })),
          422,
          'errors.validation',
        );
        expect(role.fieldErrors).toEqual([{ field: 'roleIds', error: 'validation.not_found' }]);
        const missing = expectError(
          await create(newUser({ email: 'x2@sonnenschein.test', roleIds: [] })),
          422,
          'errors.validation',
        );
        expect(missing.fieldErrors.map((e) => e.field)).toContain('roleIds');
      });

      it('refuses malformed work hours and unknown calendar users', async () => {
        const hours = expectError(
          await create(
            newUser({
              email: 'x3@sonnenschein.test',
              dayWorkHours: [{ weekday: 'TUESDAY', ranges: [{ from: '14:00', to: '09:00' }] }],
            }),
          ),
          422,
          'errors.validation',
        );
        expect(hours.fieldErrors).toEqual([
          { field: 'dayWorkHours.0.ranges.0.to', error: 'validation.time_order' },
        ]);
        const sharing = expectError(
          await create(
            newUser({ email: 'x4@sonnenschein.test', calendarReadAccessUserIds: [999999] }),
          ),
          422,
          'errors.validation',
        );
        expect(sharing.fieldErrors).toEqual([
          { field: 'calendarReadAccessUserIds', error: 'validation.not_found' },
        ]);
        const rows = await t.database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, 'x4@sonnenschein.test'));
        expect(rows).toEqual([]);
      });

      it('needs company write: office and instructor get 403', async () => {
        expectError(
          await create(newUser({ email: 'x5@sonnenschein.test' }), office),
          403,
          'errors.forbidden',
        );
        expectError(
          await create(newUser({ email: 'x6@sonnenschein.test' }), instructor),
          403,
          'errors.forbidden',
        );
      });
    });

    describe('work hours', () => {
      it('reads and replaces the week; refuses overlaps and a weekday twice', async () => {
        const id = idOf(DEMO_INSTRUCTOR.email);
        const week = [
          { weekday: 'MONDAY', ranges: [{ from: '07:30', to: '16:00' }] },
          { weekday: 'FRIDAY', ranges: [{ from: '08:00', to: '12:00' }] },
        ];
        const put = await t.call('PUT', `/instructor-work-hours/${id}`, {
          token: owner,
          body: { dayWorkHours: week },
        });
        expect(put.status, put.raw).toBe(200);
        const read = await t.call('GET', `/instructor-work-hours/${id}`, { token: owner });
        expect(read.body).toEqual({ dayWorkHours: week });

        const overlap = expectError(
          await t.call('PUT', `/instructor-work-hours/${id}`, {
            token: owner,
            body: {
              dayWorkHours: [
                {
                  weekday: 'MONDAY',
                  ranges: [
                    { from: '08:00', to: '12:00' },
                    { from: '11:00', to: '13:00' },
                  ],
                },
                { weekday: 'MONDAY', ranges: [] },
              ],
            },
          }),
          422,
          'errors.validation',
        );
        expect(overlap.fieldErrors).toEqual([
          { field: 'dayWorkHours.0.ranges.1.from', error: 'validation.overlap' },
          { field: 'dayWorkHours.1.weekday', error: 'validation.duplicate' },
        ]);
        const outside = expectError(
          await t.call('PUT', `/instructor-work-hours/${id}`, {
            token: owner,
            body: {
              dayWorkHours: [{ weekday: 'MONDAY', ranges: [{ from: '08:00', to: '25:00' }] }],
            },
          }),
          422,
          'errors.validation',
        );
        expect(outside.fieldErrors.length).toBeGreaterThan(0);
      });
    });

    describe('avatars', () => {
      const upload = (
        token: string,
        fields: object,
        file = { fileName: 'foto.png', mimeType: 'image/png', bytes: PNG },
      ) =>
        t.call<User>('POST', '/users/avatar', {
          token,
          multipart: {
            fields: fields as Record<string, string | number>,
            files: [{ field: 'file', ...file }],
          },
        });

      it('a user replaces their own avatar; anyone signed in reads it', async () => {
        const id = idOf(DEMO_INSTRUCTOR.email);
        expectError(
          await t.call('GET', `/users/${id}/avatar`, { token: owner }),
          404,
          'errors.not_found',
        );
        const first = await upload(instructor, {});
        expect(first.status, first.raw).toBe(200);
        expect(first.body.avatar).toMatchObject({ fileName: 'foto.png', mimeType: 'image/png' });
        const second = await upload(
          instructor,
          {},
          { fileName: 'neu.png', mimeType: 'image/png', bytes: PNG },
        );
        expect(second.body.avatar?.id).not.toBe(first.body.avatar?.id);
        const read = await t.call('GET', `/users/${id}/avatar`, { token: office });
        expect(read.status).toBe(200);
        expect(read.headers['content-type']).toBe('image/png');
        expect(Buffer.compare(read.bytes, PNG)).toBe(0);
      });

      it("another user's avatar needs company write; only JPEG and PNG", async () => {
        const ownerId = idOf(DEMO_OWNER.email);
        expectError(await upload(office, { userId: ownerId }), 403, 'errors.forbidden');
        const byOwner = await upload(owner, { userId: idOf(DEMO_OFFICE.email) });
        expect(byOwner.status, byOwner.raw).toBe(200);
        expect(byOwner.body.id).toBe(idOf(DEMO_OFFICE.email));
        // A user who does not exist is a field error (found by the contract fuzzer: was 404).
        const nobody = expectError(
          await upload(owner, { userId: 999_999 }),
          422,
          'errors.validation',
        );
        expect(nobody.fieldErrors).toEqual([{ field: 'userId', error: 'validation.unknown_id' }]);
        const pdf = expectError(
          await upload(
            owner,
            {},
            { fileName: 'x.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
          ),
          422,
          'errors.validation',
        );
        expect(pdf.fieldErrors).toEqual([{ field: 'file', error: 'validation.file_type' }]);
        const big = await upload(
          owner,
          {},
          {
            fileName: 'gross.png',
            mimeType: 'image/png',
            bytes: Buffer.alloc(5 * 1024 * 1024 + 1),
          },
        );
        expectError(big, 413, 'errors.file_too_large');
      });
    });
  });

  describe('without a mail server', () => {
    // Last in the file: it stops the SMTP sink, so the invitation is refused.
    it('answers errors.email_not_sent and creates no user', async () => {
      await stopSmtp();
      const response = await t.call('POST', '/users', {
        token: owner,
        body: {
          firstName: 'Ohne',
          lastName: 'Post',
          email: 'ohne.post@sonnenschein.test',
          roleIds: [t.demo.roleIds.Fahrlehrer],
          studentVisibility: 'ALL',
        },
      });
      const body = expectError(response, 422, 'errors.email_not_sent');
      expect(body.globalErrors).toEqual(['errors.email_not_sent']);
      const rows = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'ohne.post@sonnenschein.test'));
      expect(rows).toEqual([]);
    });
  });
});
