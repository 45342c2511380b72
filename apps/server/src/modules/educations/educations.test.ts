import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  livePayMandates,
  paymentDocuments,
  studentEducationCourses,
  theoryCourses,
} from '../../db/schema';
import { DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import {
  createEducation,
  createStudent,
  fixtures,
  type StudentFixtures,
  secondSchool,
} from '../students/students.test-kit';

/*
 * Educations beyond the generic calls: one per licence class, at most three courses, the
 * finished mark and automatic payments, the archive rules, the timeline, tenant isolation.
 */

type Education = {
  id: number;
  studentId: number;
  licenseClass: string;
  status: string;
  finished: boolean;
  automaticPayment: boolean;
  archived: boolean;
  courseIds: number[];
};
type EducationEvent = { type: string; text: string; studentEducationId?: number };

describe.each(DRIVERS)('educations (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let f: StudentFixtures;
  beforeAll(async () => {
    f = await fixtures(t);
  });

  const finish = (id: number, finished: boolean, token = f.owner) =>
    t.call<Education>('POST', '/student-educations/change-finished-education-state', {
      token,
      query: { id, finished },
    });
  const automatic = (id: number, automaticPayment: boolean, token = f.owner) =>
    t.call<Education>('POST', '/student-educations/change-automatic-payment-state', {
      token,
      query: { id, automaticPayment },
    });
  const archive = (path: string, id: number, archived: boolean) =>
    t.call<Education>('POST', path, { token: f.owner, query: { id, archived } });

  async function course(n: number) {
    const [row] = await t.database.db
      .insert(theoryCourses)
      .values({
        drivingSchoolId: f.schoolId,
        shortDescription: `Ferienkurs ${n}`,
        start: '2026-07-06',
        end: '2026-07-17',
        quantity: 20,
        branchId: f.branchId,
      })
      .returning({ id: theoryCourses.id });
    return row?.id as number;
  }

  it('keeps one education per licence class and student', async () => {
    const studentId = await createStudent(t, f);
    await createEducation(t, f, studentId, { licenseClass: 'B' });
    const twice = await t.call('POST', '/student-educations', {
      token: f.owner,
      body: { studentId, licenseClass: 'B', courseIds: [], costBearerIds: [] },
    });
    expect(expectError(twice, 422, 'errors.validation').fieldErrors).toEqual([
      { field: 'licenseClass', error: 'validation.education_exists' },
    ]);
    // Another class is fine; another student may have class B.
    await createEducation(t, f, studentId, { licenseClass: 'A' });
    await createEducation(t, f, await createStudent(t, f), { licenseClass: 'B' });
  });

  it('takes at most three theory courses per education', async () => {
    const studentId = await createStudent(t, f);
    const courses = [await course(1), await course(2), await course(3), await course(4)];
    const four = await t.call('POST', '/student-educations', {
      token: f.owner,
      body: { studentId, licenseClass: 'B', courseIds: courses, costBearerIds: [] },
    });
    expect(expectError(four, 422, 'errors.validation').fieldErrors).toContainEqual({
      field: 'courseIds',
      error: 'validation.max_items',
    });
    const id = await createEducation(t, f, studentId, { courseIds: courses.slice(0, 3) });
    const got = await t.call<Education>('GET', `/student-educations/${id}`, { token: f.owner });
    expect(got.body.courseIds).toEqual(courses.slice(0, 3));
    // Whatever writes the fourth, the database refuses it (places 1–3 only).
    await expect(
      t.database.db.insert(studentEducationCourses).values({
        drivingSchoolId: f.schoolId,
        studentEducationId: id,
        theoryCourseId: courses[3] as number,
        position: 4,
      }),
    ).rejects.toThrow();
  });

  it('marks an education finished and takes the mark back unless a final invoice stands', async () => {
    const studentId = await createStudent(t, f);
    const id = await createEducation(t, f, studentId, { status: 'IN_TRAINING' });
    const done = await finish(id, true);
    expect(done.status, done.raw).toBe(200);
    expect(done.body).toMatchObject({ finished: true, status: 'FINISHED' });
    const back = await finish(id, false);
    expect(back.body).toMatchObject({ finished: false, status: 'IN_TRAINING' });

    await finish(id, true);
    const [invoice] = await t.database.db
      .insert(paymentDocuments)
      .values({
        drivingSchoolId: f.schoolId,
        type: 'FINAL_INVOICE',
        status: 'ISSUED',
        number: `E${driver}-${id}`,
        studentId,
        studentEducationId: id,
        recipientName: 'Lea Neumann',
        issueDate: '2026-06-01',
        issuedAt: new Date('2026-06-01T10:00:00Z'),
      })
      .returning({ id: paymentDocuments.id });
    expectError(await finish(id, false), 422, 'errors.final_invoice_exists');
    const still = await t.call<Education>('GET', `/student-educations/${id}`, { token: f.owner });
    expect(still.body.finished).toBe(true);
    expect(invoice).toBeDefined();

    const events = await t.call<EducationEvent[]>('GET', `/education-events/student/${studentId}`, {
      token: f.owner,
    });
    expect(
      events.body.filter((e) => e.studentEducationId === id && e.type === 'STATUS_CHANGE'),
    ).toHaveLength(3);

    // The instructor may read but not change; another school does not find it.
    expect((await finish(id, false, f.instructor)).status).toBe(403);
    const other = await secondSchool(t, `finish-${driver}`);
    expectError(await finish(id, true, other.token), 404, 'errors.not_found');
    expectError(await automatic(id, true, other.token), 404, 'errors.not_found');
  });

  it('switches automatic payments; live pay needs a confirmed mandate', async () => {
    const studentId = await createStudent(t, f);
    const classic = await createEducation(t, f, studentId, { paymentWorkflow: 'CLASSIC_PAY' });
    const on = await automatic(classic, true);
    expect(on.status, on.raw).toBe(200);
    expect(on.body.automaticPayment).toBe(true);
    expect((await automatic(classic, false)).body.automaticPayment).toBe(false);

    const live = await createEducation(t, f, studentId, {
      licenseClass: 'A',
      paymentWorkflow: 'LIVE_PAY',
    });
    expectError(await automatic(live, true), 422, 'errors.no_confirmed_mandate');
    await t.database.db.insert(livePayMandates).values({
      drivingSchoolId: f.schoolId,
      reference: `FW-${driver}-${studentId}`,
      studentId,
      holderName: 'Lea Neumann',
      iban: 'DE89370400440532013000',
      status: 'UNCONFIRMED',
    });
    expectError(await automatic(live, true), 422, 'errors.no_confirmed_mandate');
    await t.database.db
      .update(livePayMandates)
      .set({ status: 'CONFIRMED', signedAt: '2026-05-02' })
      .where(
        and(
          eq(livePayMandates.drivingSchoolId, f.schoolId),
          eq(livePayMandates.studentId, studentId),
        ),
      );
    const confirmed = await automatic(live, true);
    expect(confirmed.status, confirmed.raw).toBe(200);
    expect(confirmed.body.automaticPayment).toBe(true);
  });

  it('archives with the student; the student must leave the archive first', async () => {
    const studentId = await createStudent(t, f);
    const id = await createEducation(t, f, studentId);
    const archived = await archive('/students/archive', studentId, true);
    expect(archived.status, archived.raw).toBe(200);
    const education = await t.call<Education>('GET', `/student-educations/${id}`, {
      token: f.owner,
    });
    expect(education.body.archived).toBe(true);

    const refused = await archive('/student-educations/archive', id, false);
    const body = expectError(refused, 422, 'errors.student_archived');
    expect(body.globalErrors).toEqual(['errors.student_archived']);
    // An archived education cannot be changed.
    expectError(await finish(id, true), 422, 'errors.education_archived');

    expect((await archive('/students/archive', studentId, false)).status).toBe(200);
    // The educations stay archived until taken out one by one.
    const stays = await t.call<Education>('GET', `/student-educations/${id}`, { token: f.owner });
    expect(stays.body.archived).toBe(true);
    const back = await archive('/student-educations/archive', id, false);
    expect(back.status, back.raw).toBe(200);
    expect(back.body.archived).toBe(false);

    const events = await t.call<EducationEvent[]>('GET', `/education-events/student/${studentId}`, {
      token: f.owner,
    });
    const types = events.body.filter((e) => e.studentEducationId === id).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['CREATED', 'ARCHIVED', 'UNARCHIVED']));
  });

  it('hides the educations of other students from an instructor who sees only own ones', async () => {
    const foreign = await createStudent(t, f);
    const own = await createStudent(t, f, { instructorId: f.instructorId });
    const foreignEducation = await createEducation(t, f, foreign);
    const ownEducation = await createEducation(t, f, own);
    const hidden = await t.call('GET', `/student-educations/${foreignEducation}`, {
      token: f.instructor,
    });
    expect(hidden.status).toBe(404);
    const visible = await t.call('GET', `/student-educations/${ownEducation}`, {
      token: f.instructor,
    });
    expect(visible.status, visible.raw).toBe(200);
    const version = await t.call(
      'GET',
      `/student-educations/${foreignEducation}/theory-questions-version`,
      { token: f.instructor },
    );
    expect(version.status).toBe(404);
  });
});
