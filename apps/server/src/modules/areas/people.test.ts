import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  costBearerDocuments,
  documentsInProcessing,
  rolePermissions,
  storedFiles,
  studentDocuments,
  studentEducationCourses,
  theoryCourses,
} from '../../db/schema';
import { createSchool } from '../../db/seed';
import { describeResources } from '../../test/resource-kit';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';

/*
 * The people area: the generic calls of students, educations, registrations, cost bearers,
 * notes and to-dos (resource kit), then the rules beyond CRUD. Parent rows of other areas
 * (branches, theory courses) are inserted with the database directly, so these tests do not
 * depend on how far those areas are.
 */

type Fixtures = { schoolId: number; ownerId: number; instructorId: number; branchId: number };

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

/** The parents every people row needs, created once per test app. */
function parents(t: TestApp): Promise<Fixtures> {
  let made = fixtures.get(t);
  if (!made) {
    made = createParents(t);
    fixtures.set(t, made);
  }
  return made;
}

async function createParents(t: TestApp): Promise<Fixtures> {
  const db = t.database.db;
  const schoolId = t.demo.schoolId;
  // The resource kit's second school has an owner role without permissions, so its calls
  // would end in 403 before the tenant check is reached: allow it everything.
  await db
    .update(rolePermissions)
    .set({ allow: true })
    .where(ne(rolePermissions.drivingSchoolId, schoolId));
  return {
    schoolId,
    ownerId: t.demo.userIds[DEMO_OWNER.email] as number,
    instructorId: t.demo.userIds[DEMO_INSTRUCTOR.email] as number,
    branchId: await insertBranch(t, schoolId, 'Hauptstelle Mitte', 'HM'),
  };
}

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

async function insertCourse(t: TestApp, f: Fixtures, n: number) {
  const [course] = await t.database.db
    .insert(theoryCourses)
    .values({
      drivingSchoolId: f.schoolId,
      shortDescription: `Intensivkurs ${n}`,
      start: '2026-07-06',
      end: '2026-07-17',
      quantity: 20,
      branchId: f.branchId,
    })
    .returning({ id: theoryCourses.id });
  return course?.id as number;
}

const studentBody = (f: Fixtures, n: number) => ({
  salutation: 'MS',
  firstName: `Anna${n}`,
  lastName: `Schmidt${n}`,
  birthDate: '2006-03-14',
  birthPlace: 'Berlin',
  address: {
    street: 'Torstraße',
    houseNumber: String(n),
    postalCode: '10119',
    city: 'Berlin',
    country: 'DE',
  },
  phoneMobile: '+49 170 1234567',
  email: `anna.schmidt.${n}@example.de`,
  language: 'de',
  nationality: 'DE',
  mainClass: 'B',
  grantType: 'PARENTS',
  registrationDate: '2026-01-12',
  visualAid: true,
  paymentMethod: 'DIRECT_DEBIT',
  paymentWorkflow: 'CLASSIC_PAY',
  discount: 5.5,
  instructorId: f.instructorId,
  branchId: f.branchId,
  licenseClasses: ['AM'],
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  accountHolder: `Anna Schmidt ${n}`,
  studentCategoryIds: [],
});

/** Numbers for the students made as parents, apart from the ones the specs number. */
let serial = 50_000;

async function createStudent(t: TestApp, token: string, _n?: number) {
  const f = await parents(t);
  const response = await t.call<{ id: number }>('POST', '/students', {
    token,
    body: studentBody(f, ++serial),
  });
  expect(response.status, response.raw).toBe(201);
  return response.body.id;
}

async function createCostBearer(t: TestApp, token: string, n: number) {
  const response = await t.call<{ id: number }>('POST', '/cost-bearers', {
    token,
    body: { kind: 'JOB_CENTER', name: `Jobcenter Berlin ${n}`, eInvoiceFormat: 'PDF' },
  });
  expect(response.status, response.raw).toBe(201);
  return response.body.id;
}

describeResources('people', [
  {
    path: '/students',
    archivable: true,
    deletable: true,
    sample: async ({ t, n }) => studentBody(await parents(t), n),
    change: { lastName: 'Schmidt-Weber', phoneMobile: '+49 171 7654321', visualAid: false },
    searchField: 'lastName',
    sortField: 'lastName',
    invalid: { body: (valid) => ({ ...valid, email: 'keine-adresse' }), field: 'email' },
  },
  {
    path: '/student-educations',
    listable: true,
    archivable: true,
    deletable: true,
    async sample({ t, token, n }) {
      return {
        studentId: await createStudent(t, token, n),
        licenseClass: 'B',
        status: 'IN_TRAINING',
        paymentWorkflow: 'FLASH_PAY',
        driveBuzzEnabled: true,
        startDate: '2026-02-02',
        courseIds: [],
        costBearerIds: [],
      };
    },
    change: { status: 'THEORY_PASSED', baseLicenseClass: 'AM', startDate: '2026-03-02' },
    sortField: 'startDate',
    invalid: { body: (valid) => ({ ...valid, licenseClass: 'X' }), field: 'licenseClass' },
  },
  {
    path: '/registrations',
    archivable: false,
    deletable: true,
    sample: async ({ n }) => ({
      salutation: 'MR',
      firstName: `Jonas${n}`,
      lastName: `Krüger${n}`,
      birthDate: '2008-05-01',
      email: `jonas.krueger.${n}@example.de`,
      phone: '030 1234567',
      licenseClasses: ['B'],
      heldLicenseClasses: [],
      message: 'Bitte um Rückruf',
    }),
    change: { licenseClasses: ['B', 'BE'], message: 'Ferienkurs gewünscht' },
    ignore: [],
    searchField: 'lastName',
    sortField: 'lastName',
    invalid: { body: (valid) => ({ ...valid, licenseClasses: [] }), field: 'licenseClasses' },
  },
  {
    path: '/cost-bearers',
    archivable: true,
    deletable: true,
    sample: async ({ n }) => ({
      kind: 'COMPANY',
      name: `Spedition Berger ${n}`,
      contactPerson: 'Petra Berger',
      address: {
        street: 'Hafenweg',
        houseNumber: '3',
        postalCode: '13599',
        city: 'Berlin',
        country: 'DE',
      },
      email: `buchhaltung${n}@spedition-berger.de`,
      phone: '+49 30 5550123',
      customerNumber: `KT-${n}`,
      eInvoiceFormat: 'PDF',
    }),
    change: { eInvoiceFormat: 'XRECHNUNG', leitwegId: '991-33333TEST-33', name: 'Bezirksamt' },
    searchField: 'name',
    sortField: 'name',
    invalid: { body: (valid) => ({ ...valid, eInvoiceFormat: 'XRECHNUNG' }), field: 'leitwegId' },
  },
  {
    path: '/student-note',
    archivable: false,
    deletable: true,
    sample: async ({ t, token, n }) => ({
      studentId: await createStudent(t, token, n),
      text: `Sehtest fehlt noch (${n})`,
    }),
    change: { text: 'Sehtest abgegeben' },
    searchField: 'text',
    sortField: 'date',
    invalid: { body: (valid) => ({ ...valid, text: '' }), field: 'text' },
  },
  {
    path: '/cost-bearer-note',
    archivable: false,
    deletable: true,
    sample: async ({ t, token, n }) => ({
      costBearerId: await createCostBearer(t, token, n),
      text: `Bildungsgutschein angefordert (${n})`,
      date: '2026-03-01T09:30:00.000Z',
    }),
    change: { text: 'Gutschein liegt vor' },
    searchField: 'text',
    sortField: 'createdAt',
    invalid: { body: (valid) => ({ ...valid, text: '' }), field: 'text' },
  },
  {
    path: '/todos',
    archivable: false,
    deletable: true,
    async sample({ t, n }) {
      const f = await parents(t);
      return {
        title: `Prüfungsantrag ${n} einreichen`,
        description: 'Beim Bürgeramt',
        priority: 'HIGH',
        group: 'OFFICE',
        assigneeUserId: f.instructorId,
        dueDate: '2026-04-30',
      };
    },
    change: { status: 'DONE', priority: 'URGENT', group: 'EXAMS' },
    searchField: 'title',
    sortField: 'dueDate',
    invalid: { body: (valid) => ({ ...valid, group: 'kein gruppe' }), field: 'group' },
  },
]);

describe.each(DRIVERS)('people rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let f: Fixtures;
  let n = 1000;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    f = await parents(t);
  });

  const education = (studentId: number, extra: Record<string, unknown> = {}) =>
    t.call<{ id: number; courseIds: number[]; archived: boolean }>('POST', '/student-educations', {
      token: owner,
      body: { studentId, licenseClass: 'B', ...extra },
    });

  it('refuses a fourth theory course of an education, in the API and in the database', async () => {
    const studentId = await createStudent(t, owner, ++n);
    const courses = [
      await insertCourse(t, f, 1),
      await insertCourse(t, f, 2),
      await insertCourse(t, f, 3),
      await insertCourse(t, f, 4),
    ];
    const four = expectError(
      await education(studentId, { courseIds: courses }),
      422,
      'errors.validation',
    );
    expect(four.fieldErrors).toContainEqual({ field: 'courseIds', error: 'validation.max_items' });

    const three = await education(studentId, { courseIds: courses.slice(0, 3) });
    expect(three.status, three.raw).toBe(201);
    expect(three.body.courseIds).toEqual(courses.slice(0, 3));

    // Swapping one course keeps the others' places and gives the new one the free place.
    const swapped = await t.call<{ courseIds: number[] }>(
      'PUT',
      `/student-educations/${three.body.id}`,
      {
        token: owner,
        body: { studentId, licenseClass: 'B', courseIds: [courses[0], courses[3], courses[2]] },
      },
    );
    expect(swapped.status, swapped.raw).toBe(200);
    expect(swapped.body.courseIds).toEqual([courses[0], courses[3], courses[2]]);

    // Whatever writes: the database has places 1–3 only, each taken once.
    const db = t.database.db;
    const insert = (position: number) =>
      db.insert(studentEducationCourses).values({
        drivingSchoolId: f.schoolId,
        studentEducationId: three.body.id,
        theoryCourseId: courses[1] as number,
        position,
      });
    await expect(insert(4)).rejects.toThrow();
    await expect(insert(2)).rejects.toThrow();
  });

  it('takes an education out of the archive only when its student is not archived', async () => {
    const studentId = await createStudent(t, owner, ++n);
    const created = await education(studentId);
    expect(created.status, created.raw).toBe(201);

    const archived = await t.call<{ archived: boolean }>('POST', '/students/archive', {
      token: owner,
      query: { id: studentId, archived: true },
    });
    expect(archived.status, archived.raw).toBe(200);
    const archivedEducation = await t.call<{ archived: boolean }>(
      'GET',
      `/student-educations/${created.body.id}`,
      { token: owner },
    );
    expect(archivedEducation.body.archived).toBe(true);

    expectError(
      await t.call('POST', '/student-educations/archive', {
        token: owner,
        query: { id: created.body.id, archived: false },
      }),
      422,
      'errors.student_archived',
    );
    expectError(
      await t.call('PUT', `/students/${studentId}`, {
        token: owner,
        body: studentBody(f, n),
      }),
      422,
      'errors.student_archived',
    );
    expectError(await education(studentId, { licenseClass: 'A' }), 422, 'errors.student_archived');

    await t.call('POST', '/students/archive', {
      token: owner,
      query: { id: studentId, archived: false },
    });
    const back = await t.call<{ archived: boolean }>('POST', '/student-educations/archive', {
      token: owner,
      query: { id: created.body.id, archived: false },
    });
    expect(back.status, back.raw).toBe(200);
    expect(back.body.archived).toBe(false);

    const events = await t.call<{ type: string }[]>(
      'GET',
      `/education-events/student/${studentId}`,
      { token: owner },
    );
    expect(events.status, events.raw).toBe(200);
    expect(events.body.map((event) => event.type)).toEqual(['UNARCHIVED', 'ARCHIVED', 'CREATED']);
  });

  it('refuses a second unarchived education of the same class', async () => {
    const studentId = await createStudent(t, owner, ++n);
    expect((await education(studentId)).status).toBe(201);
    const again = expectError(await education(studentId), 422, 'errors.validation');
    expect(again.fieldErrors).toEqual([
      { field: 'licenseClass', error: 'validation.education_exists' },
    ]);
  });

  it('refuses a student e-mail used in the school, in any case, but not in another school', async () => {
    const email = `doppelt.${++n}@example.de`;
    const first = await t.call('POST', '/students', {
      token: owner,
      body: { ...studentBody(f, n), email },
    });
    expect(first.status, first.raw).toBe(201);
    const second = expectError(
      await t.call('POST', '/students', {
        token: owner,
        body: { ...studentBody(f, ++n), email: email.toUpperCase() },
      }),
      422,
      'errors.validation',
    );
    expect(second.fieldErrors).toEqual([{ field: 'email', error: 'validation.email_in_use' }]);

    expect(
      (await t.call('GET', `/students/email-check/${email.toUpperCase()}`, { token: owner }))
        .status,
    ).toBe(302);
    expectError(
      await t.call('GET', '/students/email-check/frei@example.de', { token: owner }),
      404,
      'errors.not_found',
    );

    const other = await createSchool(t.database.db, {
      name: 'Fahrschule Nebenan',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
      users: [
        {
          firstName: 'Nora',
          lastName: 'Nachbar',
          email: 'inhaber@fahrschule-nebenan.de',
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
    const otherBranch = await insertBranch(t, other.schoolId, 'Nebenan', 'NB');
    const otherOwner = await t.signIn('inhaber@fahrschule-nebenan.de', 'Nebenan#Schule1');
    const elsewhere = await t.call('POST', '/students', {
      token: otherOwner,
      body: { firstName: 'Anna', lastName: 'Schmidt', email, branchId: otherBranch },
    });
    expect(elsewhere.status, elsewhere.raw).toBe(201);
    // A branch of the other school is no branch of ours.
    const foreign = expectError(
      await t.call('POST', '/students', {
        token: owner,
        body: { firstName: 'Anna', lastName: 'Fremd', branchId: otherBranch },
      }),
      422,
      'errors.validation',
    );
    expect(foreign.fieldErrors).toEqual([{ field: 'branchId', error: 'validation.unknown_id' }]);
  });

  it('shows an instructor with visibility OWN only their own students', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const own = await createStudent(t, owner, ++n);
    const foreign = await t.call<{ id: number }>('POST', '/students', {
      token: owner,
      body: { ...studentBody(f, ++n), instructorId: f.ownerId },
    });
    expect(foreign.status, foreign.raw).toBe(201);

    const page = await t.call<{ data: { id: number; instructorId?: number }[]; total: number }>(
      'POST',
      '/students/filter',
      { token: instructor, body: { size: 200 } },
    );
    expect(page.status, page.raw).toBe(200);
    const ids = page.body.data.map((row) => row.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(foreign.body.id);
    expect(page.body.data.every((row) => row.instructorId === f.instructorId)).toBe(true);
    expect(page.body.total).toBe(page.body.data.length);

    const visible = await t.call<{ data: { id: number }[] }>(
      'POST',
      '/students/visible-for-current-user',
      { token: instructor, body: { size: 200 } },
    );
    expect(visible.body.data.map((row) => row.id)).not.toContain(foreign.body.id);
    expect((await t.call('GET', `/students/${own}`, { token: instructor })).status).toBe(200);
    expectError(
      await t.call('GET', `/students/${foreign.body.id}`, { token: instructor }),
      404,
      'errors.not_found',
    );
    // The owner (visibility ALL) sees both.
    const all = await t.call<{ data: { id: number }[] }>('POST', '/students/filter', {
      token: owner,
      body: { size: 200 },
    });
    expect(all.body.data.map((row) => row.id)).toEqual(
      expect.arrayContaining([own, foreign.body.id]),
    );
  });

  it('keeps categories, filters by class and lists students with their educations', async () => {
    const studentId = await createStudent(t, owner, ++n);
    await education(studentId, { licenseClass: 'A2' });
    const list = await t.call<{ data: { id: number; educationLicenseClasses: string[] }[] }>(
      'POST',
      '/students/student-list',
      { token: owner, body: { licenseClass: 'A2', size: 200 } },
    );
    expect(list.status, list.raw).toBe(200);
    const row = list.body.data.find((item) => item.id === studentId);
    expect(row?.educationLicenseClasses).toEqual(['A2']);
    const byInstructor = await t.call<{ data: { id: number }[] }>(
      'POST',
      `/students/by-instructor/${f.instructorId}`,
      { token: owner, body: { size: 200 } },
    );
    expect(byInstructor.body.data.map((item) => item.id)).toContain(studentId);
    const bad = await t.call('POST', '/students', {
      token: owner,
      body: { ...studentBody(f, ++n), iban: 'DE00370400440532013000' },
    });
    expect(expectError(bad, 422, 'errors.validation').fieldErrors[0]?.field).toBe('iban');
  });

  it('pays educations by cost bearers and keeps a paying cost bearer from deletion', async () => {
    const studentId = await createStudent(t, owner, ++n);
    const bearer = await createCostBearer(t, owner, n);
    const created = await education(studentId, { licenseClass: 'C', costBearerIds: [bearer] });
    expect(created.status, created.raw).toBe(201);
    const byStudent = await t.call<{ id: number }[]>(
      'GET',
      `/cost-bearers/byStudentId/${studentId}`,
      {
        token: owner,
      },
    );
    expect(byStudent.body.map((row) => row.id)).toEqual([bearer]);
    const educations = await t.call<{ studentEducationId: number }[]>(
      'GET',
      `/cost-bearers/student-education-by-cost-bearer/${bearer}`,
      { token: owner },
    );
    expect(educations.body.map((row) => row.studentEducationId)).toEqual([created.body.id]);
    expectError(
      await t.call('DELETE', `/cost-bearers/${bearer}`, { token: owner }),
      422,
      'errors.cost_bearer_in_use',
    );
    await t.call('POST', '/cost-bearers/archive', {
      token: owner,
      query: { id: bearer, archived: true },
    });
    const archivedBearer = expectError(
      await education(await createStudent(t, owner, ++n), { costBearerIds: [bearer] }),
      422,
      'errors.validation',
    );
    expect(archivedBearer.fieldErrors[0]?.field).toBe('costBearerIds');
  });

  it('moves to-dos on the board and stamps doneAt', async () => {
    const created = await t.call<{ id: number; doneAt?: string; createdByUserId: number }>(
      'POST',
      '/todos',
      { token: owner, body: { title: 'Fahrzeug zum TÜV' } },
    );
    expect(created.status, created.raw).toBe(201);
    expect(created.body.createdByUserId).toBe(f.ownerId);
    expect(created.body.doneAt).toBeUndefined();
    const done = await t.call<{ doneAt?: string; status: string }>(
      'PUT',
      `/todos/${created.body.id}/status`,
      { token: owner, body: { status: 'DONE' } },
    );
    expect(done.status, done.raw).toBe(200);
    expect(done.body.doneAt).toEqual(expect.any(String));
    const grouped = await t.call<{ group?: string; doneAt?: string }>(
      'PUT',
      `/todos/${created.body.id}/group`,
      { token: owner, body: { group: 'ACCOUNTING' } },
    );
    expect(grouped.body).toMatchObject({ group: 'ACCOUNTING', doneAt: done.body.doneAt });
    const reopened = await t.call<{ doneAt?: string }>('PUT', '/todos', {
      token: owner,
      body: { id: created.body.id, title: 'Fahrzeug zum TÜV', status: 'OPEN' },
    });
    expect(reopened.status, reopened.raw).toBe(200);
    expect(reopened.body.doneAt).toBeUndefined();
    for (const path of ['/task-statuses', '/task-priorities', '/task-groups']) {
      expect((await t.call('GET', path, { token: owner })).status).toBe(200);
    }
  });

  it('gives a student a checklist from a template and checks its items', async () => {
    const template = await t.call<{ id: number; items: { text: string }[] }>(
      'POST',
      '/checklist/templates',
      {
        token: owner,
        body: {
          name: 'Anmeldung vollständig',
          forCostBearers: false,
          items: ['Sehtest', 'Erste-Hilfe-Kurs', 'Passbild', 'Antrag gestellt'],
        },
      },
    );
    expect(template.status, template.raw).toBe(201);
    expect(template.body.items.map((item) => item.text)).toEqual([
      'Sehtest',
      'Erste-Hilfe-Kurs',
      'Passbild',
      'Antrag gestellt',
    ]);
    const studentId = await createStudent(t, owner, ++n);
    const added = await t.call<{ id: number; items: { id: number; checked: boolean }[] }>(
      'POST',
      `/checklist/template/${studentId}/${template.body.id}`,
      { token: owner },
    );
    expect(added.status, added.raw).toBe(201);
    expectError(
      await t.call('POST', `/checklist/template/${studentId}/${template.body.id}`, {
        token: owner,
      }),
      422,
      'errors.checklist_exists',
    );
    const item = added.body.items[0] as { id: number };
    const checked = await t.call<{ checked: boolean; checkedByUserId?: number }>(
      'PUT',
      `/checklist/check/${item.id}`,
      { token: owner, query: { checked: true } },
    );
    expect(checked.body).toMatchObject({ checked: true, checkedByUserId: f.ownerId });
    // Changing the template leaves the student's checklist as it is.
    await t.call('PUT', `/checklist/templates/${template.body.id}`, {
      token: owner,
      body: { name: 'Anmeldung', forCostBearers: false, items: ['Sehtest'] },
    });
    const lists = await t.call<{ items: unknown[] }[]>(
      'GET',
      `/checklist/by-student/${studentId}`,
      {
        token: owner,
      },
    );
    expect(lists.body[0]?.items).toHaveLength(4);
    const student = await t.call<{ checklistIds: number[] }>('GET', `/students/${studentId}`, {
      token: owner,
    });
    expect(student.body.checklistIds).toEqual([added.body.id]);
  });

  it('converts a registration into a student with educations', async () => {
    const registration = await t.call<{ id: number; read: boolean }>('POST', '/registrations', {
      token: owner,
      body: {
        firstName: 'Mia',
        lastName: `Neumann${++n}`,
        email: `mia.neumann.${n}@example.de`,
        licenseClasses: ['B', 'A1'],
        branchId: f.branchId,
      },
    });
    expect(registration.body.read).toBe(true);
    expectError(
      await t.call('PUT', `/registrations/${registration.body.id}/process-status`, {
        token: owner,
        body: { processStatus: 'CONVERTED' },
      }),
      422,
      'errors.validation',
    );
    const student = await t.call<{ id: number; email: string }>(
      'POST',
      `/registrations/${registration.body.id}/convert-to-student`,
      { token: owner, body: { instructorId: f.instructorId } },
    );
    expect(student.status, student.raw).toBe(201);
    const educations = await t.call<{ licenseClass: string }[]>(
      'GET',
      `/student-educations/student/${student.body.id}`,
      { token: owner },
    );
    expect(educations.body.map((row) => row.licenseClass).sort()).toEqual(['A1', 'B']);
    const after = await t.call<{ processStatus: string; matchedStudentId: number }>(
      'GET',
      `/registrations/${registration.body.id}`,
      { token: owner },
    );
    expect(after.body).toMatchObject({
      processStatus: 'CONVERTED',
      matchedStudentId: student.body.id,
    });
    const matches = await t.call<{ student: { id: number }; emailMatches: boolean }[]>(
      'GET',
      `/registrations/${registration.body.id}/student/matching-registration`,
      { token: owner },
    );
    expect(matches.body[0]).toMatchObject({ student: { id: student.body.id }, emailMatches: true });
    expectError(
      await t.call('POST', `/registrations/${registration.body.id}/convert-to-student`, {
        token: owner,
        body: {},
      }),
      422,
      'errors.registration_converted',
    );
  });

  it('answers a training contract and the documents of a student', async () => {
    const studentId = await createStudent(t, owner, ++n);
    const created = await education(studentId);
    const contract = await t.call<{ signed: boolean; parentSignatureRequired: boolean }>(
      'GET',
      `/training-contract/${created.body.id}`,
      { token: owner },
    );
    expect(contract.status, contract.raw).toBe(200);
    expect(contract.body.signed).toBe(false);
    const db = t.database.db;
    const [file] = await db
      .insert(storedFiles)
      .values({
        drivingSchoolId: f.schoolId,
        storageKey: `test/${n}`,
        fileName: 'Sehtest.pdf',
        mimeType: 'application/pdf',
        size: 1234,
        sha256: '0'.repeat(64),
      })
      .returning({ id: storedFiles.id });
    const [document] = await db
      .insert(studentDocuments)
      .values({
        drivingSchoolId: f.schoolId,
        studentId,
        type: 'EYE_TEST',
        fileId: file?.id as number,
        fileName: 'Sehtest.pdf',
      })
      .returning({ id: studentDocuments.id });
    const visible = await t.call<{ visible: boolean; size: number }>(
      'PUT',
      `/student-documents/visible/${document?.id}`,
      { token: owner, query: { visible: true } },
    );
    expect(visible.status, visible.raw).toBe(200);
    expect(visible.body).toMatchObject({ visible: true, size: 1234 });
    const listed = await t.call<unknown[]>('GET', `/student-documents/student/${studentId}`, {
      token: owner,
    });
    expect(listed.body).toHaveLength(1);
    const student = await t.call<{ documentIds: number[] }>('GET', `/students/${studentId}`, {
      token: owner,
    });
    expect(student.body.documentIds).toEqual([document?.id]);
    // A student with nothing to keep can be deleted; the documents go with them.
    expect((await t.call('DELETE', `/students/${studentId}`, { token: owner })).status).toBe(204);
    const gone = await db
      .select()
      .from(studentDocuments)
      .where(
        and(
          eq(studentDocuments.drivingSchoolId, f.schoolId),
          eq(studentDocuments.studentId, studentId),
        ),
      );
    expect(gone).toHaveLength(0);
  });

  it('answers the other domain calls within the contract', async () => {
    const db = t.database.db;
    const studentId = await createStudent(t, owner, ++n);
    const created = await education(studentId, { licenseClass: 'A1' });
    const bearer = await createCostBearer(t, owner, n);
    const ok = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      call: { body?: unknown; query?: Record<string, string | number | boolean> } = {},
    ) => {
      const response = await t.call<Record<string, unknown>>(method, path, {
        token: owner,
        ...call,
      });
      expect(response.status, `${method} ${path}: ${response.raw}`).toBeLessThan(300);
      return response.body;
    };
    await ok('GET', '/students/all-with-email');
    await ok('PUT', `/students/${studentId}/change-learning-app-login-allowed`, {
      query: { allowed: false },
    });
    expect((await ok('GET', `/students/${studentId}`)).learningAppLoginAllowed).toBe(false);
    await ok('POST', '/students-filter/filter', {
      query: { instructorId: f.instructorId },
      body: { size: 10, search: 'Anna' },
    });
    await ok('POST', '/student-educations/drive-buzz-enabled', {
      query: { id: created.body.id, driveBuzzEnabled: true },
    });
    expect(
      (await ok('GET', `/student-educations/${created.body.id}/theory-questions-version`))
        .theoryQuestionsVersion,
    ).toMatch(/^\d{4}-(04|10)$/);
    await ok('GET', `/student-educations/student/${studentId}`);
    await ok('GET', '/student-educations', { query: { studentId } });
    await ok('POST', '/student-note', { body: { studentId, text: 'Erste-Hilfe-Kurs fehlt' } });
    await ok('GET', `/student-note/student/${studentId}`);
    await ok('GET', '/student-note', { query: { studentId } });
    await ok('POST', '/cost-bearer-note', { body: { costBearerId: bearer, text: 'Rückruf' } });
    await ok('GET', `/cost-bearer-note/cost-bearer/${bearer}`);

    const registration = await ok('POST', '/registrations', {
      body: { firstName: 'Lea', lastName: 'Vogel', licenseClasses: ['B'] },
    });
    await ok('POST', '/registrations/change-read-state', {
      query: { registrationId: Number(registration.id), read: false },
    });
    expect((await ok('GET', '/registrations/count-unread')).count).toBeGreaterThanOrEqual(1);
    await ok('GET', '/registrations/registration-status-options');
    await ok('PUT', `/registrations/${registration.id}/process-status`, {
      body: { processStatus: 'CONTACTED' },
    });
    await ok('GET', '/registrations', { query: { read: false, processStatus: 'CONTACTED' } });

    const template = await ok('POST', '/checklist/templates', {
      body: { name: 'Bildungsgutschein', forCostBearers: true, items: ['Gutschein im Original'] },
    });
    await ok('GET', `/checklist/templates/${template.id}`);
    await ok('GET', '/checklist/templates', { query: { forCostBearers: true } });
    expectError(
      await t.call('POST', `/checklist/template/${studentId}/${template.id}`, { token: owner }),
      422,
      'errors.checklist_template_not_applicable',
    );
    const list = await ok('POST', `/checklist/template/cost-bearer/${bearer}/${template.id}`);
    const [item] = list.items as { id: number }[];
    await ok('PUT', `/checklist/cost-bearer/check/${item?.id}`, { query: { checked: true } });
    await ok('GET', `/checklist/by-cost-bearer/${bearer}`);
    await ok('DELETE', `/checklist/template/cost-bearer/${bearer}/${template.id}`);
    await ok('DELETE', `/checklist/templates/${template.id}`);

    // Files of a cost bearer and the documents in processing (rows made directly: the
    // uploads come with the file storage).
    const file = async (name: string) => {
      const [row] = await db
        .insert(storedFiles)
        .values({
          drivingSchoolId: f.schoolId,
          storageKey: `test/${name}/${n}`,
          fileName: name,
          mimeType: 'application/pdf',
          size: 2048,
          sha256: '0'.repeat(64),
        })
        .returning({ id: storedFiles.id });
      return row?.id as number;
    };
    const [document] = await db
      .insert(costBearerDocuments)
      .values({
        drivingSchoolId: f.schoolId,
        costBearerId: bearer,
        fileId: await file('Gutschein.pdf'),
        fileName: 'Gutschein.pdf',
      })
      .returning({ id: costBearerDocuments.id });
    await ok('PUT', `/cost-bearer-documents/${document?.id}`, {
      body: { type: 'EDUCATION_VOUCHER', fileName: 'Bildungsgutschein.pdf' },
    });
    const documents = await t.call<{ fileName: string }[]>(
      'GET',
      `/cost-bearer-documents/cost-bearer/${bearer}`,
      { token: owner },
    );
    expect(documents.body.map((row) => row.fileName)).toEqual(['Bildungsgutschein.pdf']);
    const [pending] = await db
      .insert(documentsInProcessing)
      .values({
        drivingSchoolId: f.schoolId,
        fileId: await file('Scan.pdf'),
        fileName: 'Scan.pdf',
        fromQrCode: true,
        studentId,
        type: 'FIRST_AID',
      })
      .returning({ id: documentsInProcessing.id });
    await ok('GET', '/documents-in-processing');
    const attached = await ok('POST', `/documents-in-processing/${pending?.id}/attach`, {
      body: { studentId, studentEducationId: created.body.id, type: 'FIRST_AID' },
    });
    expect(attached).toMatchObject({ studentId, type: 'FIRST_AID', fileName: 'Scan.pdf' });

    const unconfirmed = await createStudent(t, owner);
    await ok('DELETE', `/students/delete-uncomfirmed/${unconfirmed}`);
    expectError(
      await t.call('GET', `/students/${unconfirmed}`, { token: owner }),
      404,
      'errors.not_found',
    );
  });
});
