import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branches, rolePermissions, theoryCourses, users } from '../../db/schema';
import { createSchool } from '../../db/seed';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { registrationToken, schoolOfToken } from './public-registrations';

type Registration = {
  id: number;
  firstName: string;
  read: boolean;
  processStatus: string;
  fromPublicPage: boolean;
  privacyAcceptedAt?: string;
  matchedStudentId?: number;
  licenseClasses: string[];
};

async function insertBranch(t: TestApp, schoolId: number, name: string, abbreviation: string) {
  const [branch] = await t.database.db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name,
      abbreviation,
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  return branch?.id as number;
}

const person = {
  salutation: 'MS',
  firstName: 'Lena',
  lastName: 'Neumann',
  birthDate: '2008-03-14',
  email: 'lena.neumann@example.de',
  phone: '0171 2345678',
  licenseClasses: ['B'],
  message: 'Ich möchte im Sommer anfangen.',
  privacyAccepted: true,
};

describe('registration token', () => {
  it('names its school and refuses forged or other tokens', () => {
    const token = registrationToken(TEST_JWT_SECRET, 42);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(schoolOfToken(TEST_JWT_SECRET, token)).toBe(42);
    expect(schoolOfToken('another-secret-0123456789abcdefghij', token)).toBeUndefined();
    const forged = `${(43).toString(36)}-${token.split('-')[1]}`;
    expect(schoolOfToken(TEST_JWT_SECRET, forged)).toBeUndefined();
    expect(schoolOfToken(TEST_JWT_SECRET, 'nonsense-token-abcdef')).toBeUndefined();
    expect(registrationToken(TEST_JWT_SECRET, 43)).not.toBe(token);
  });
});

describe.each(DRIVERS)('registrations (%s)', (driver) => {
  const t = useTestApp(driver);

  async function publicToken(token: string) {
    const response = await t.call<{ url: string }>(
      'GET',
      '/driving-schools/current/drive-buzz-registration-url',
      { token },
    );
    expect(response.status, response.raw).toBe(200);
    const prefix = `${TEST_PUBLIC_URL}/register/`;
    expect(response.body.url.startsWith(prefix)).toBe(true);
    return response.body.url.slice(prefix.length);
  }

  it('shows the form, takes a registration unread and NEW, and refuses bad input', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    // Any signed-in user gets the same school link.
    const schoolToken = await publicToken(owner);
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    expect(await publicToken(instructor)).toBe(schoolToken);

    const branchId = await insertBranch(t, t.demo.schoolId, 'Hauptstelle', 'HS');
    const [course] = await t.database.db
      .insert(theoryCourses)
      .values({
        drivingSchoolId: t.demo.schoolId,
        shortDescription: 'Ferienkurs Klasse B',
        start: '2099-07-06',
        end: '2099-07-17',
        quantity: 14,
        shownOnWebPage: true,
        branchId,
      })
      .returning({ id: theoryCourses.id });
    await t.database.db.insert(theoryCourses).values({
      drivingSchoolId: t.demo.schoolId,
      shortDescription: 'Interner Kurs',
      start: '2099-08-06',
      end: '2099-08-17',
      quantity: 14,
      shownOnWebPage: false,
      branchId,
    });
    // Five weeks of evenings: shown, but no fast-lane course (the holiday course, 11 days from
    // its first to its last, is one).
    await t.database.db.insert(theoryCourses).values({
      drivingSchoolId: t.demo.schoolId,
      shortDescription: 'Abendkurs',
      start: '2099-09-01',
      end: '2099-10-06',
      quantity: 14,
      shownOnWebPage: true,
      branchId,
    });

    const form = await t.call<{
      schoolName: string;
      branches: { id: number; name: string }[];
      licenseClasses: string[];
      theoryCourses: { id: number; name: string; fastlane: boolean }[];
    }>('GET', `/public/registrations/${schoolToken}`);
    expect(form.status, form.raw).toBe(200);
    expect(form.body.schoolName.length).toBeGreaterThan(0);
    expect(form.body.branches).toEqual([
      expect.objectContaining({ id: branchId, name: 'Hauptstelle' }),
    ]);
    expect(form.body.licenseClasses).toContain('B');
    expect(form.body.theoryCourses.map((c) => [c.name, c.fastlane])).toEqual([
      ['Ferienkurs Klasse B', true],
      ['Abendkurs', false],
    ]);

    const before = await t.call<{ count: number }>('GET', '/registrations/count-unread', {
      token: owner,
    });
    const sent = await t.call('POST', `/public/registrations/${schoolToken}`, {
      body: { ...person, branchId, theoryCourseId: course?.id },
    });
    expect(sent.status, sent.raw).toBe(204);
    const after = await t.call<{ count: number }>('GET', '/registrations/count-unread', {
      token: owner,
    });
    expect(after.body.count).toBe(before.body.count + 1);
    const list = await t.call<Registration[]>('GET', '/registrations', {
      token: owner,
      query: { read: false },
    });
    const arrived = list.body.find((r) => r.firstName === 'Lena');
    expect(arrived).toMatchObject({
      read: false,
      processStatus: 'NEW',
      fromPublicPage: true,
      licenseClasses: ['B'],
    });
    expect(arrived?.privacyAcceptedAt).toEqual(expect.any(String));

    // Without e-mail and phone the school cannot answer.
    expectError(
      await t.call('POST', `/public/registrations/${schoolToken}`, {
        body: { ...person, email: undefined, phone: undefined },
      }),
      422,
      'errors.contact_required',
    );
    // The privacy notice must be accepted.
    const privacy = expectError(
      await t.call('POST', `/public/registrations/${schoolToken}`, {
        body: { ...person, privacyAccepted: false },
      }),
      422,
      'errors.validation',
    );
    expect(privacy.fieldErrors.map((e) => e.field)).toContain('privacyAccepted');
    // Required fields.
    expectError(
      await t.call('POST', `/public/registrations/${schoolToken}`, {
        body: { ...person, birthDate: undefined, licenseClasses: [] },
      }),
      422,
      'errors.validation',
    );
    // A course not shown on the page is not offered.
    const [hidden] = await t.database.db
      .select({ id: theoryCourses.id })
      .from(theoryCourses)
      .where(eq(theoryCourses.shortDescription, 'Interner Kurs'));
    const hiddenCourse = expectError(
      await t.call('POST', `/public/registrations/${schoolToken}`, {
        body: { ...person, theoryCourseId: hidden?.id },
      }),
      422,
      'errors.validation',
    );
    expect(hiddenCourse.fieldErrors).toEqual([
      { field: 'theoryCourseId', error: 'validation.unknown_id' },
    ]);
    // Unknown and forged tokens name no school.
    expectError(
      await t.call('GET', '/public/registrations/zz-0123456789abcdef0123456789abcdef'),
      404,
      'errors.not_found',
    );
    expectError(
      await t.call('POST', '/public/registrations/zz-0123456789abcdef0123456789abcdef', {
        body: person,
      }),
      404,
      'errors.not_found',
    );
  });

  it('offers only the classes the instructors teach, when they name any', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const schoolToken = await publicToken(owner);
    await t.database.db
      .update(users)
      .set({ licenseClasses: [] })
      .where(eq(users.drivingSchoolId, t.demo.schoolId));
    await t.database.db
      .update(users)
      .set({ licenseClasses: ['B', 'BE', 'A'] })
      .where(eq(users.email, DEMO_INSTRUCTOR.email));
    const form = await t.call<{ licenseClasses: string[] }>(
      'GET',
      `/public/registrations/${schoolToken}`,
    );
    expect(form.body.licenseClasses).toEqual(['A', 'B', 'BE']);
    const refused = expectError(
      await t.call('POST', `/public/registrations/${schoolToken}`, {
        body: { ...person, licenseClasses: ['CE'] },
      }),
      422,
      'errors.validation',
    );
    expect(refused.fieldErrors).toEqual([{ field: 'licenseClasses', error: 'validation.enum' }]);
  });

  it('hands out the fast-lane link and one onboarding link per class taught, all on the same page', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const url = `${TEST_PUBLIC_URL}/register/${await publicToken(instructor)}`;
    const fastlane = await t.call<{ url: string }>(
      'GET',
      '/driving-schools/current/drive-buzz-registration-fastlane-url',
      { token: instructor },
    );
    expect(fastlane.body).toEqual({ url: `${url}?fastlane=1` });
    await t.database.db
      .update(users)
      .set({ licenseClasses: [] })
      .where(eq(users.drivingSchoolId, t.demo.schoolId));
    await t.database.db
      .update(users)
      .set({ licenseClasses: ['B', 'A'] })
      .where(eq(users.email, DEMO_INSTRUCTOR.email));
    const links = await t.call<{ key: string; label: string; url: string }[]>(
      'GET',
      '/driving-schools/current/drive-buzz-onboarding-links',
      { token: instructor },
    );
    expect(links.status, links.raw).toBe(200);
    expect(links.body).toEqual([
      { key: 'registration', label: 'Anmeldung', url },
      { key: 'fastlane', label: 'Anmeldung Intensivkurs (Fast Lane)', url: `${url}?fastlane=1` },
      { key: 'class-A', label: 'Anmeldung Klasse A', url: `${url}?klasse=A`, licenseClass: 'A' },
      { key: 'class-B', label: 'Anmeldung Klasse B', url: `${url}?klasse=B`, licenseClass: 'B' },
    ]);
    expectError(
      await t.call('GET', '/driving-schools/current/drive-buzz-onboarding-links'),
      401,
      'errors.unauthorized',
    );
  });

  it('keeps schools apart: a token reaches only its school, branches of others are refused', async () => {
    const other = await createSchool(t.database.db, {
      name: 'Fahrschule Nebenan',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
      users: [
        {
          firstName: 'Nora',
          lastName: 'Nachbar',
          email: 'inhaber@nebenan-anmeldung.de',
          password: 'Nebenan#Schule1',
          roles: ['Inhaber'],
          studentVisibility: 'ALL',
        },
      ],
    });
    await t.database.db
      .update(rolePermissions)
      .set({ allow: true })
      .where(eq(rolePermissions.drivingSchoolId, other.schoolId));
    const otherOwner = await t.signIn('inhaber@nebenan-anmeldung.de', 'Nebenan#Schule1');
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const otherToken = await publicToken(otherOwner);
    const ourToken = await publicToken(owner);
    expect(otherToken).not.toBe(ourToken);

    const form = await t.call<{ schoolName: string }>('GET', `/public/registrations/${otherToken}`);
    expect(form.body.schoolName).toBe('Fahrschule Nebenan');

    const ourBranch = await insertBranch(t, t.demo.schoolId, 'Filiale Süd', 'FS');
    const foreign = expectError(
      await t.call('POST', `/public/registrations/${otherToken}`, {
        body: { ...person, branchId: ourBranch },
      }),
      422,
      'errors.validation',
    );
    expect(foreign.fieldErrors).toEqual([{ field: 'branchId', error: 'validation.unknown_id' }]);

    const sent = await t.call('POST', `/public/registrations/${otherToken}`, {
      body: { ...person, firstName: 'Nachbarsperson' },
    });
    expect(sent.status, sent.raw).toBe(204);
    const theirs = await t.call<Registration[]>('GET', '/registrations', { token: otherOwner });
    expect(theirs.body.map((r) => r.firstName)).toEqual(['Nachbarsperson']);
    const ours = await t.call<Registration[]>('GET', '/registrations', { token: owner });
    expect(ours.body.some((r) => r.firstName === 'Nachbarsperson')).toBe(false);
    const theirId = theirs.body[0]?.id as number;
    expectError(
      await t.call('POST', '/registrations/change-read-state', {
        token: owner,
        query: { registrationId: theirId, read: true },
      }),
      404,
      'errors.not_found',
    );
    expectError(
      await t.call('POST', `/registrations/${theirId}/convert-to-student`, {
        token: owner,
        body: {},
      }),
      404,
      'errors.not_found',
    );
  });

  it('toggles read, changes the status, matches students and converts into a student', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const branchId = await insertBranch(t, t.demo.schoolId, 'Zentrale', 'ZE');
    const created = await t.call<Registration>('POST', '/registrations', {
      token: owner,
      body: {
        firstName: 'Jonas',
        lastName: 'Becker',
        birthDate: '2007-01-02',
        email: 'jonas.becker@example.de',
        licenseClasses: ['B', 'BE'],
        branchId,
      },
    });
    expect(created.status, created.raw).toBe(201);
    // An office entry starts read.
    expect(created.body).toMatchObject({ read: true, processStatus: 'NEW', fromPublicPage: false });
    const id = created.body.id;

    const unread = await t.call<Registration>('POST', '/registrations/change-read-state', {
      token: owner,
      query: { registrationId: id, read: false },
    });
    expect(unread.body.read).toBe(false);
    const count = await t.call<{ count: number }>('GET', '/registrations/count-unread', {
      token: owner,
    });
    expect(count.body.count).toBeGreaterThanOrEqual(1);

    const options = await t.call<{ id: string; label: string }[]>(
      'GET',
      '/registrations/registration-status-options',
      { token: owner },
    );
    expect(options.body.map((o) => o.id)).toContain('CONTACTED');
    const contacted = await t.call<Registration>('PUT', `/registrations/${id}/process-status`, {
      token: owner,
      body: { processStatus: 'CONTACTED' },
    });
    expect(contacted.body.processStatus).toBe('CONTACTED');
    const manual = expectError(
      await t.call('PUT', `/registrations/${id}/process-status`, {
        token: owner,
        body: { processStatus: 'CONVERTED' },
      }),
      422,
      'errors.validation',
    );
    expect(manual.fieldErrors).toEqual([{ field: 'processStatus', error: 'validation.enum' }]);

    // A student with the same name and birth date in other letter case is a match; one with
    // the same e-mail ranks first.
    const twin = await t.call<{ id: number }>('POST', '/students', {
      token: owner,
      body: { firstName: 'JONAS', lastName: 'becker', birthDate: '2007-01-02', branchId },
    });
    expect(twin.status, twin.raw).toBe(201);
    const byMail = await t.call<{ id: number }>('POST', '/students', {
      token: owner,
      body: { firstName: 'J.', lastName: 'B.', email: 'Jonas.Becker@example.de', branchId },
    });
    expect(byMail.status, byMail.raw).toBe(201);
    const matches = await t.call<
      { student: { id: number }; emailMatches: boolean; nameAndBirthDateMatch: boolean }[]
    >('GET', `/registrations/${id}/student/matching-registration`, { token: owner });
    expect(matches.status, matches.raw).toBe(200);
    expect(
      matches.body.map((m) => [m.student.id, m.emailMatches, m.nameAndBirthDateMatch]),
    ).toEqual([
      [byMail.body.id, true, false],
      [twin.body.id, false, true],
    ]);

    // Converting with the e-mail of another student is refused; the person is then merged.
    expectError(
      await t.call('POST', `/registrations/${id}/convert-to-student`, { token: owner, body: {} }),
      422,
      'errors.validation',
    );
    const merged = await t.call<{ id: number }>('POST', `/registrations/${id}/convert-to-student`, {
      token: owner,
      body: { studentId: byMail.body.id },
    });
    expect(merged.status, merged.raw).toBe(201);
    expect(merged.body.id).toBe(byMail.body.id);
    const after = await t.call<Registration>('GET', `/registrations/${id}`, { token: owner });
    expect(after.body).toMatchObject({
      processStatus: 'CONVERTED',
      read: true,
      matchedStudentId: byMail.body.id,
    });
    expectError(
      await t.call('POST', `/registrations/${id}/convert-to-student`, { token: owner, body: {} }),
      422,
      'errors.registration_converted',
    );

    // A new person becomes a new student with educations; deleting the registration keeps it.
    const fresh = await t.call<Registration>('POST', '/registrations', {
      token: owner,
      body: { firstName: 'Mia', lastName: 'Klein', licenseClasses: ['A2'], branchId },
    });
    const student = await t.call<{ id: number; firstName: string }>(
      'POST',
      `/registrations/${fresh.body.id}/convert-to-student`,
      { token: owner },
    );
    expect(student.status, student.raw).toBe(201);
    expect(student.body.firstName).toBe('Mia');
    const educations = await t.call<{ licenseClass: string }[]>(
      'GET',
      `/student-educations/student/${student.body.id}`,
      { token: owner },
    );
    expect(educations.status, educations.raw).toBe(200);
    expect(educations.body.map((e) => e.licenseClass)).toEqual(['A2']);
    const deleted = await t.call('DELETE', `/registrations/${fresh.body.id}`, { token: owner });
    expect(deleted.status).toBe(204);
    const stillThere = await t.call('GET', `/students/${student.body.id}`, { token: owner });
    expect(stillThere.status).toBe(200);
    expectError(
      await t.call('GET', `/registrations/${fresh.body.id}`, { token: owner }),
      404,
      'errors.not_found',
    );

    // Merging a registration that adds nothing to the student (found by the contract fuzzer:
    // an empty update was a 500).
    const bare = await t.call<Registration>('POST', '/registrations', {
      token: owner,
      body: { firstName: 'Jonas', lastName: 'Becker', branchId },
    });
    const same = await t.call<{ id: number }>(
      'POST',
      `/registrations/${bare.body.id}/convert-to-student`,
      { token: owner, body: { studentId: twin.body.id } },
    );
    expect(same.status, same.raw).toBe(201);
    expect(same.body.id).toBe(twin.body.id);
  });

  it('needs the customer write permission and a sign-in', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const response = await t.call('POST', '/registrations', {
      token: instructor,
      body: { firstName: 'Kein', lastName: 'Recht' },
    });
    // Instructors read customers but may not write them.
    expectError(response, 403, 'errors.forbidden');
    expectError(await t.call('GET', '/registrations/count-unread'), 401, 'errors.unauthorized');
  });
});
