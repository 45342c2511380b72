import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  costBearers,
  rolePermissions,
  storedFiles,
  studentEducations,
  studentQuestionAnswers,
  students,
  testingOrganizations,
  theoryChapters,
  theoryPreExams,
  theoryQuestions,
  users,
  vehicles,
} from '../../db/schema';
import { describeResources } from '../../test/resource-kit';
import { DEMO_OWNER, DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { PNG_BYTES } from '../students/students.test-kit';

/*
 * The planning area: the generic calls of appointments, theory courses, theory lessons,
 * theory and practical exams (resource kit), then the rules beyond CRUD. Parent rows of other
 * areas (branches, vehicles, testing organizations, students, educations) are inserted with
 * the database directly, so these tests do not depend on how far those areas are.
 */

type Fixtures = {
  schoolId: number;
  ownerId: number;
  instructorId: number;
  branchId: number;
  vehicleId: number;
  testingOrganizationId: number;
};

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

/** The parents every planning row needs, created once per test app. */
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
  // would end in 403 before the tenant check is reached. Allow it everything, so the
  // isolation test sees what the other school's owner would see (404 for our rows).
  await db
    .update(rolePermissions)
    .set({ allow: true })
    .where(ne(rolePermissions.drivingSchoolId, schoolId));
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Hauptstelle',
      abbreviation: 'HS',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      drivingSchoolId: schoolId,
      name: 'Golf',
      plate: 'B-FS 101',
      kind: 'CAR',
      transmission: 'MANUAL',
      licenseClasses: ['B'],
    })
    .returning({ id: vehicles.id });
  const [organization] = await db
    .insert(testingOrganizations)
    .values({ drivingSchoolId: schoolId, name: 'TÜV Nord', kind: 'TUEV' })
    .returning({ id: testingOrganizations.id });
  const userIds = Object.values(t.demo.userIds);
  return {
    schoolId,
    ownerId: userIds[0] as number,
    instructorId: userIds[2] as number,
    branchId: branch?.id as number,
    vehicleId: vehicle?.id as number,
    testingOrganizationId: organization?.id as number,
  };
}

/** A student with one education of class B. */
async function studentWithEducation(db: Db, f: Fixtures, n: number) {
  const [student] = await db
    .insert(students)
    .values({
      drivingSchoolId: f.schoolId,
      firstName: `Lena${n}`,
      lastName: `Schulz${n}`,
      branchId: f.branchId,
    })
    .returning({ id: students.id });
  const studentId = student?.id as number;
  const [education] = await db
    .insert(studentEducations)
    .values({
      drivingSchoolId: f.schoolId,
      studentId,
      licenseClass: 'B',
      branchId: f.branchId,
      theoryQuestionsVersion: '2026-04',
    })
    .returning({ id: studentEducations.id });
  return { studentId, studentEducationId: education?.id as number };
}

const today = berlinToday();

describeResources('planning', [
  {
    path: '/appointments',
    archivable: false,
    deletable: true,
    async sample({ t, n }) {
      const f = await parents(t);
      // In the current week, so the period list (this week by default) shows it.
      return {
        type: 'OTHER',
        date: today,
        startTime: `${String(6 + (n % 12)).padStart(2, '0')}:15`,
        minutes: 45,
        instructorId: f.instructorId,
        vehicleId: f.vehicleId,
        title: `Werkstatt ${n}`,
        note: `Notiz Nummer ${n}`,
        branchId: f.branchId,
        // The samples share a day and may overlap: as if the user confirmed the booking checks.
        confirmedFindings: ['INSTRUCTOR_OVERLAP', 'VEHICLE_OVERLAP'],
      };
    },
    change: { minutes: 90, title: 'Werkstatttermin', note: 'verschoben' },
    ignore: ['confirmedFindings'],
    searchField: 'note',
    sortField: 'date',
    invalid: { body: (valid) => ({ ...valid, minutes: 2 }), field: 'minutes' },
  },
  {
    path: '/theory-courses',
    archivable: true,
    deletable: true,
    async sample({ t, n }) {
      const f = await parents(t);
      return {
        shortDescription: `Intensivkurs ${n}`,
        start: addDays(today, n % 30),
        end: addDays(today, (n % 30) + 14),
        quantity: 20,
        licenseClasses: ['B'],
        branchId: f.branchId,
        instructorId: f.instructorId,
      };
    },
    change: { shortDescription: 'Ferienkurs Juli', quantity: 24, shownOnWebPage: true },
    searchField: 'shortDescription',
    sortField: 'start',
    invalid: {
      body: (valid) => ({ ...valid, end: addDays(today, -1), start: today }),
      field: 'end',
    },
  },
  {
    path: '/theory-lesson',
    archivable: false,
    deletable: true,
    async sample({ t, n }) {
      const f = await parents(t);
      return {
        additional: false,
        lessonNumber: 1 + (n % 12),
        topic: `Lektion Nummer ${n}`,
        licenseClasses: [],
        date: addDays(today, n % 20),
        startTime: '18:00',
        minutes: 90,
        instructorId: f.instructorId,
        branchId: f.branchId,
      };
    },
    change: { room: 'Raum 2', startTime: '18:30', lessonNumber: 7 },
    searchField: 'topic',
    sortField: 'lessonNumber',
    invalid: {
      body: (valid) => ({ ...valid, additional: true, licenseClasses: [] }),
      field: 'licenseClasses',
    },
  },
  ...(['theory', 'practical'] as const).map((kind) => ({
    path: `/${kind}-exams`,
    archivable: true,
    deletable: true,
    async sample({ t, n }: { t: TestApp; n: number }) {
      const f = await parents(t);
      return {
        date: addDays(today, 3 + (n % 40)),
        startTime: '09:00',
        minutes: kind === 'theory' ? 45 : 60,
        testingOrganizationId: f.testingOrganizationId,
        listNumber: `L-${kind}-${n}`,
        proctorId: f.instructorId,
        places: 8,
        licenseClass: 'B',
        ...(kind === 'practical' ? { vehicleId: f.vehicleId } : {}),
      };
    },
    change: { examiner: 'Herr Prüfer', places: 10, location: 'TÜV Station Nord' },
    searchField: 'listNumber',
    sortField: 'date',
    invalid: {
      body: (valid: Record<string, unknown>) => ({ ...valid, minutes: 2 }),
      field: 'minutes',
    },
  })),
]);

describe.each(DRIVERS)('planning rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let f: Fixtures;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    f = await parents(t);
  });

  const lesson = async (n: number, extra: Record<string, unknown> = {}) => {
    const { studentId, studentEducationId } = await studentWithEducation(t.database.db, f, n);
    return {
      type: 'DRIVING',
      // A day of its own per lesson: saving refuses an unconfirmed overlap.
      date: addDays(today, n),
      startTime: '10:00',
      minutes: 90,
      studentId,
      studentEducationId,
      hourType: 'OVERLAND',
      instructorId: f.instructorId,
      vehicleId: f.vehicleId,
      ...extra,
    };
  };

  it('creates a driving lesson with the education class and payroll default', async () => {
    const body = await lesson(1);
    const created = await t.call<Record<string, unknown>>('POST', '/appointments', {
      token: owner,
      body,
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({
      licenseClass: 'B',
      includeInPayroll: true,
      released: false,
      signed: false,
    });
  });

  it('asks for student, education and hour type of a driving lesson', async () => {
    const response = await t.call('POST', '/appointments', {
      token: owner,
      body: {
        type: 'DRIVING',
        date: today,
        startTime: '08:00',
        minutes: 45,
        instructorId: f.instructorId,
      },
    });
    const error = expectError(response, 422, 'errors.validation');
    expect(error.fieldErrors.map((e) => e.field).sort()).toEqual([
      'hourType',
      'studentEducationId',
      'studentId',
    ]);
  });

  it('refuses an education of another student', async () => {
    const a = await lesson(2);
    const b = await studentWithEducation(t.database.db, f, 3);
    const response = await t.call('POST', '/appointments', {
      token: owner,
      body: { ...a, studentEducationId: b.studentEducationId },
    });
    const error = expectError(response, 422, 'errors.validation');
    expect(error.fieldErrors).toEqual([
      { field: 'studentEducationId', error: 'validation.invalid' },
    ]);
  });

  it('keeps a released appointment as it is: no change, no delete, no undoing', async () => {
    const body = await lesson(4, { released: true });
    const created = await t.call<{ id: number; released: boolean; releasedAt: string }>(
      'POST',
      '/appointments',
      { token: owner, body },
    );
    expect(created.status, created.raw).toBe(201);
    expect(created.body.released).toBe(true);
    expect(created.body.releasedAt).toEqual(expect.any(String));
    const id = created.body.id;

    expectError(
      await t.call('PUT', `/appointments/${id}`, {
        token: owner,
        body: { ...body, minutes: 45, released: true },
      }),
      422,
      'errors.appointment_released',
    );
    expectError(
      await t.call('PUT', `/appointments/${id}`, {
        token: owner,
        body: { ...body, released: false },
      }),
      422,
      'errors.appointment_released',
    );
    expectError(
      await t.call('DELETE', `/appointments/${id}`, { token: owner }),
      422,
      'errors.appointment_released',
    );
    const after = await t.call<{ minutes: number; released: boolean }>(
      'GET',
      `/appointments/${id}`,
      { token: owner },
    );
    expect(after.body).toMatchObject({ minutes: 90, released: true });
  });

  it('releases on update, and then refuses changes', async () => {
    const body = await lesson(5);
    const created = await t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
    const released = await t.call<{ released: boolean }>(
      'PUT',
      `/appointments/${created.body.id}`,
      {
        token: owner,
        body: { ...body, released: true },
      },
    );
    expect(released.status, released.raw).toBe(200);
    expect(released.body.released).toBe(true);
    expectError(
      await t.call('PUT', `/appointments/${created.body.id}`, { token: owner, body }),
      422,
      'errors.appointment_released',
    );
  });

  it('keeps an invoiced appointment as it is', async () => {
    const body = await lesson(6);
    const created = await t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
    await t.database.db
      .update(appointments)
      .set({ invoiced: true })
      .where(
        and(eq(appointments.drivingSchoolId, f.schoolId), eq(appointments.id, created.body.id)),
      );
    expectError(
      await t.call('PUT', `/appointments/${created.body.id}`, { token: owner, body }),
      422,
      'errors.appointment_invoiced',
    );
    expectError(
      await t.call('DELETE', `/appointments/${created.body.id}`, { token: owner }),
      422,
      'errors.appointment_invoiced',
    );
  });

  it('creates every occurrence of a weekly series with one seriesId', async () => {
    const start = addDays(today, 7);
    const created = await t.call<{ id: number; seriesId: number }>('POST', '/appointments', {
      token: owner,
      body: {
        type: 'PRIVATE',
        date: start,
        startTime: '07:00',
        minutes: 30,
        instructorId: f.instructorId,
        title: 'Sport',
        repeatRule: 'WEEKLY',
        repeatUntil: addDays(start, 28),
      },
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body.seriesId).toBe(created.body.id);
    const series = await t.database.db
      .select({ date: appointments.date })
      .from(appointments)
      .where(eq(appointments.seriesId, created.body.id));
    expect(series.map((row) => row.date).sort()).toEqual(
      [0, 7, 14, 21, 28].map((days) => addDays(start, days)),
    );
    expectError(
      await t.call('POST', '/appointments', {
        token: owner,
        body: {
          type: 'PRIVATE',
          date: start,
          startTime: '07:00',
          minutes: 30,
          instructorId: f.instructorId,
          repeatRule: 'DAILY',
        },
      }),
      422,
      'errors.validation',
    );
  });

  it('filters by period, instructor, vehicle and type', async () => {
    const body = await lesson(7, { date: addDays(today, 40) });
    const created = await t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
    const found = await t.call<{ data: { id: number }[]; total: number }>(
      'POST',
      '/appointments/filter',
      {
        token: owner,
        body: {
          from: addDays(today, 40),
          to: addDays(today, 40),
          instructorIds: [f.instructorId],
          vehicleIds: [f.vehicleId],
          types: ['DRIVING'],
        },
      },
    );
    expect(found.status, found.raw).toBe(200);
    expect(found.body.data.map((row) => row.id)).toEqual([created.body.id]);
    const student = await t.call<{ data: { id: number }[] }>(
      'POST',
      `/appointments/${body.studentId}`,
      { token: owner, body: {} },
    );
    expect(student.status, student.raw).toBe(200);
    expect(student.body.data.map((row) => row.id)).toEqual([created.body.id]);
  });

  it('checks a booking for overlaps, hours, corridor, class and the daily limit', async () => {
    const db = t.database.db;
    await db
      .update(users)
      .set({
        dayWorkHours: [
          'MONDAY',
          'TUESDAY',
          'WEDNESDAY',
          'THURSDAY',
          'FRIDAY',
          'SATURDAY',
          'SUNDAY',
        ].map((weekday) => ({ weekday, ranges: [{ from: '08:00', to: '18:00' }] })) as never,
      })
      .where(eq(users.id, f.instructorId));
    const date = addDays(today, 60);
    const first = await lesson(50, { date, startTime: '09:00', minutes: 90 });
    const created = await t.call<{ id: number }>('POST', '/appointments', {
      token: owner,
      body: first,
    });
    expect(created.status, created.raw).toBe(201);
    const check = (kind: string, body: Record<string, unknown>) =>
      t.call<{ ok: boolean; findings: { kind: string }[] }>(
        'POST',
        `/calendar/instructor/${f.instructorId}/${kind}`,
        { token: owner, body },
      );
    const clash = await check('check-overlapping-appointments', {
      date,
      startTime: '09:45',
      minutes: 45,
      studentEducationId: first.studentEducationId,
      licenseClass: 'A',
    });
    expect(clash.status, clash.raw).toBe(200);
    expect(clash.body.findings.map((x) => x.kind)).toEqual([
      'INSTRUCTOR_OVERLAP',
      'CLASS_MISMATCH',
    ]);
    const itself = await check('check-overlapping-appointments', {
      appointmentId: created.body.id,
      date,
      startTime: '09:45',
      minutes: 45,
    });
    expect(itself.body).toEqual({ ok: true, findings: [] });

    const late = await check('check-working-hours', {
      date,
      startTime: '19:00',
      minutes: 90,
      branchId: f.branchId,
    });
    expect(late.body.findings.map((x) => x.kind)).toEqual([
      'OUTSIDE_WORKING_HOURS',
      'OUTSIDE_WORK_CORRIDOR',
    ]);
    for (const [n, startTime] of [
      [51, '10:30'],
      [52, '12:00'],
      [53, '13:30'],
      [54, '15:00'],
    ] as const) {
      const more = await t.call('POST', '/appointments', {
        token: owner,
        body: await lesson(n, { date, startTime, minutes: 90 }),
      });
      expect(more.status, more.raw).toBe(201);
    }
    const fits = await check('check-working-hours', { date, startTime: '16:30', minutes: 45 });
    expect(fits.body).toEqual({ ok: true, findings: [] });
    const tooMuch = await check('check-working-hours', { date, startTime: '16:30', minutes: 90 });
    expect(tooMuch.body.findings).toEqual([
      expect.objectContaining({ kind: 'DAILY_LIMIT', dayMinutes: 540, limitMinutes: 495 }),
    ]);
    const weekly = await t.call<{ ok: boolean; occurrences: { date: string; ok: boolean }[] }>(
      'POST',
      `/calendar/instructor/${f.instructorId}/repeating-event/check-overlapping-appointments`,
      {
        token: owner,
        body: {
          date,
          startTime: '09:00',
          minutes: 45,
          repeatRule: 'WEEKLY',
          repeatUntil: addDays(date, 21),
        },
      },
    );
    expect(weekly.status, weekly.raw).toBe(200);
    expect(weekly.body.occurrences.map((o) => o.ok)).toEqual([false, true, true, true]);
    expectError(
      await t.call('POST', '/calendar/instructor/999999/check-working-hours', {
        token: owner,
        body: { date, startTime: '09:00', minutes: 45 },
      }),
      404,
      'errors.not_found',
    );
  });

  it("finds appointments by the student's name", async () => {
    const body = await lesson(60, { date: addDays(today, 70) });
    const created = await t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
    const found = await t.call<{ data: { id: number }[] }>('POST', '/appointments/filter', {
      token: owner,
      body: { search: 'lena60 schulz60' },
    });
    expect(found.status, found.raw).toBe(200);
    expect(found.body.data.map((row) => row.id)).toEqual([created.body.id]);
  });

  it("answers a student's learning statistics, metrics and last wrong answer, and resets them", async () => {
    const db = t.database.db;
    const { studentId, studentEducationId } = await studentWithEducation(db, f, 70);
    const questions = await db
      .insert(theoryQuestions)
      .values(
        [
          ['1.1.01-001', true, []],
          ['1.1.01-002', true, []],
          ['1.2.01-001', false, ['A']],
        ].map(([officialNumber, basic, classes]) => ({
          drivingSchoolId: f.schoolId,
          questionsVersion: '2026-04',
          officialNumber: officialNumber as string,
          chapter: (officialNumber as string).slice(0, 6),
          points: 3,
          text: 'Womit müssen Sie rechnen?',
          basic: basic as boolean,
          licenseClasses: classes as string[],
        })),
      )
      .returning({ id: theoryQuestions.id });
    const [q1, q2] = questions.map((q) => q.id) as [number, number];
    const at = (iso: string) => new Date(iso);
    await db.insert(studentQuestionAnswers).values(
      [
        [q1, false, '2026-03-01T10:00:00Z', 30],
        [q1, true, '2026-03-02T10:00:00Z', 20],
        [q2, false, '2026-03-02T10:05:00Z', 70],
      ].map(([theoryQuestionId, correct, answeredAt, seconds]) => ({
        drivingSchoolId: f.schoolId,
        studentId,
        studentEducationId,
        theoryQuestionId: theoryQuestionId as number,
        correct: correct as boolean,
        answeredAt: at(answeredAt as string),
        seconds: seconds as number,
        chosenAnswerIds: [1],
      })),
    );
    await db.insert(theoryPreExams).values({
      drivingSchoolId: f.schoolId,
      studentId,
      studentEducationId,
      licenseClass: 'B',
      startedAt: at('2026-03-03T10:00:00Z'),
      finishedAt: at('2026-03-03T10:30:00Z'),
      questionCount: 30,
      errorPoints: 6,
      passed: true,
    });
    const stats = await t.call('GET', '/student-question-answers/stats-for-fsc', {
      token: owner,
      query: { studentEducationId },
    });
    expect(stats.status, stats.raw).toBe(200);
    expect(stats.body).toEqual({
      studentEducationId,
      questionCount: 2,
      answeredCount: 2,
      correctCount: 1,
      wrongCount: 1,
      progress: 50,
      preExamCount: 1,
      preExamsPassed: 1,
      lastActivityAt: '2026-03-02T10:05:00.000Z',
    });
    const metrics = await t.call<{ totalMinutes: number; activeDays: number }>(
      'GET',
      '/student-question-answers/metrics-for-fsc',
      { token: owner, query: { studentEducationId } },
    );
    expect(metrics.status, metrics.raw).toBe(200);
    expect(metrics.body).toMatchObject({ totalMinutes: 2, activeDays: 2 });
    const wrong = await t.call<{ answeredAt: string }>(
      'GET',
      `/student-question-answers/student/${studentId}/question/${q1}/last-wrong-answer`,
      { token: owner },
    );
    expect(wrong.status, wrong.raw).toBe(200);
    expect(wrong.body.answeredAt).toBe('2026-03-01T10:00:00.000Z');
    const preExams = await t.call<unknown[]>('GET', `/theory-pre-exams/student/${studentId}`, {
      token: owner,
    });
    expect(preExams.status, preExams.raw).toBe(200);
    expect(preExams.body).toHaveLength(1);
    const reset = await t.call('DELETE', '/student-question-answers/reset-questions', {
      token: owner,
      query: { studentEducationId },
    });
    expect(reset.status, reset.raw).toBe(204);
    const none = await t.call(
      'GET',
      `/student-question-answers/student/${studentId}/question/${q1}/last-wrong-answer`,
      { token: owner },
    );
    expect(none.status, none.raw).toBe(204);
  });

  it('lists what a cost bearer pays for', async () => {
    const db = t.database.db;
    const [payer] = await db
      .insert(costBearers)
      .values({
        drivingSchoolId: f.schoolId,
        kind: 'EMPLOYMENT_AGENCY',
        name: 'Agentur für Arbeit Berlin',
      })
      .returning({ id: costBearers.id });
    const body = await lesson(80, { costBearerId: payer?.id });
    const created = await t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
    expect(created.status, created.raw).toBe(201);
    const listed = await t.call<{ id: number }[]>('GET', `/appointments/cost-bearer/${payer?.id}`, {
      token: owner,
    });
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.map((row) => row.id)).toEqual([created.body.id]);
    expectError(
      await t.call('GET', '/appointments/cost-bearer/999999', { token: owner }),
      404,
      'errors.not_found',
    );
  });

  const course = async (quantity = 2) => {
    const response = await t.call<{ id: number }>('POST', '/theory-courses', {
      token: owner,
      body: {
        shortDescription: 'Abendkurs',
        start: today,
        end: addDays(today, 30),
        quantity,
        branchId: f.branchId,
      },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body.id;
  };

  it('assigns students to a course within its places and the 3-course limit', async () => {
    const a = await studentWithEducation(t.database.db, f, 20);
    const b = await studentWithEducation(t.database.db, f, 21);
    const id = await course(2);
    const assigned = await t.call<{ studentEducationId: number; lastName: string }[]>(
      'PUT',
      `/theory-courses/${id}/students`,
      { token: owner, body: { studentEducationIds: [a.studentEducationId, b.studentEducationId] } },
    );
    expect(assigned.status, assigned.raw).toBe(200);
    expect(assigned.body.map((row) => row.lastName)).toEqual(['Schulz20', 'Schulz21']);
    const found = await t.call<{ studentCount: number }>('GET', `/theory-courses/${id}`, {
      token: owner,
    });
    expect(found.body.studentCount).toBe(2);
    const c = await studentWithEducation(t.database.db, f, 22);
    expectError(
      await t.call('PUT', `/theory-courses/${id}/students`, {
        token: owner,
        body: {
          studentEducationIds: [a.studentEducationId, b.studentEducationId, c.studentEducationId],
        },
      }),
      422,
      'errors.course_full',
    );
    expectError(
      await t.call('PUT', `/theory-courses/${id}`, {
        token: owner,
        body: {
          shortDescription: 'Abendkurs',
          start: today,
          end: addDays(today, 30),
          quantity: 1,
          branchId: f.branchId,
        },
      }),
      422,
      'errors.course_quantity_below_students',
    );
    expectError(
      await t.call('DELETE', `/theory-courses/${id}`, { token: owner }),
      422,
      'errors.course_in_use',
    );
    for (const _ of [1, 2]) {
      const other = await course(5);
      const put = await t.call('PUT', `/theory-courses/${other}/students`, {
        token: owner,
        body: { studentEducationIds: [a.studentEducationId] },
      });
      expect(put.status, put.raw).toBe(200);
    }
    const fourth = await course(5);
    expectError(
      await t.call('PUT', `/theory-courses/${fourth}/students`, {
        token: owner,
        body: { studentEducationIds: [a.studentEducationId] },
      }),
      422,
      'errors.course_limit_reached',
    );
    const list = await t.call<
      { course: { id: number }; freePlaces: number; lessonCount: number }[]
    >('POST', '/theory-courses/theory-list/filter', { token: owner, body: { size: 200 } });
    expect(list.status, list.raw).toBe(200);
    const options = await t.call<unknown[]>(
      'GET',
      '/theory-courses/student-filter-theory-courses',
      { token: owner },
    );
    expect(options.status, options.raw).toBe(200);
    const upcoming = await t.call<unknown[]>(
      'GET',
      '/theory-courses/upcoming-five-theory-courses',
      { token: owner },
    );
    expect(upcoming.status, upcoming.raw).toBe(200);
  });

  it('books students into theory lessons that match their education', async () => {
    const student = await studentWithEducation(t.database.db, f, 30);
    const id = await course(10);
    const lessonBody = {
      theoryCourseId: id,
      additional: false,
      lessonNumber: 3,
      date: today,
      startTime: '18:00',
      minutes: 90,
      instructorId: f.instructorId,
      branchId: f.branchId,
    };
    const lesson = await t.call<{ id: number; topic: string; minutes: number }>(
      'POST',
      '/theory-lesson',
      { token: owner, body: lessonBody },
    );
    expect(lesson.status, lesson.raw).toBe(201);
    expect(lesson.body).toMatchObject({ topic: 'Rechtliche Rahmenbedingungen', minutes: 90 });
    const match = await t.call<{ matches: boolean; reasons: string[] }>(
      'GET',
      `/theory-lesson/${lesson.body.id}/check-student-match/${student.studentId}`,
      { token: owner },
    );
    expect(match.status, match.raw).toBe(200);
    expect(match.body).toMatchObject({ matches: false, reasons: ['theory.match.not_in_course'] });

    const modules = await t.call<{ studentEducationId: number }[]>(
      'POST',
      `/theory-courses/${id}/book-module`,
      {
        token: owner,
        body: { studentEducationId: student.studentEducationId, theoryLessonIds: [lesson.body.id] },
      },
    );
    expect(modules.status, modules.raw).toBe(200);
    expect(modules.body).toHaveLength(1);

    const booked = await t.call<{ booked: boolean; participants: { studentId: number }[] }>(
      'POST',
      `/theory-lesson/${lesson.body.id}/book`,
      { token: owner, body: { studentIds: [student.studentId] } },
    );
    expect(booked.status, booked.raw).toBe(200);
    expect(booked.body.booked).toBe(true);
    expect(booked.body.participants.map((p) => p.studentId)).toEqual([student.studentId]);

    const additional = await t.call<{ id: number }>('POST', '/theory-lesson', {
      token: owner,
      body: {
        ...lessonBody,
        theoryCourseId: undefined,
        additional: true,
        lessonNumber: 1,
        licenseClasses: ['A'],
      },
    });
    expect(additional.status, additional.raw).toBe(201);
    expectError(
      await t.call('POST', `/theory-lesson/${additional.body.id}/book`, {
        token: owner,
        body: { studentIds: [student.studentId] },
      }),
      422,
      'errors.theory_lesson_no_match',
    );
    const byCourse = await t.call<unknown[]>('GET', `/theory-lesson/course/${id}`, {
      token: owner,
    });
    expect(byCourse.status, byCourse.raw).toBe(200);
    expect(byCourse.body).toHaveLength(1);
  });

  it('runs an exam from planning to results', async () => {
    const a = await studentWithEducation(t.database.db, f, 40);
    const b = await studentWithEducation(t.database.db, f, 41);
    const exam = await t.call<{ id: number }>('POST', '/theory-exams', {
      token: owner,
      body: {
        date: today,
        startTime: '08:00',
        minutes: 45,
        testingOrganizationId: f.testingOrganizationId,
        places: 2,
      },
    });
    expect(exam.status, exam.raw).toBe(201);
    const examId = exam.body.id;
    expectError(
      await t.call('GET', `/practical-exams/${examId}`, { token: owner }),
      404,
      'errors.not_found',
    );
    const withParticipants = await t.call<{
      participants: { id: number; status: string; attempt: number }[];
    }>('PUT', '/theory-exams/participants', {
      token: owner,
      body: { examId, studentEducationIds: [a.studentEducationId, b.studentEducationId] },
    });
    expect(withParticipants.status, withParticipants.raw).toBe(200);
    const participants = withParticipants.body.participants;
    expect(participants.map((p) => [p.status, p.attempt])).toEqual([
      ['PLANNED', 1],
      ['PLANNED', 1],
    ]);
    const [first, second] = participants.map((p) => p.id) as [number, number];
    expectError(
      await t.call('POST', `/theory-exams/${examId}/book`, { token: owner }),
      422,
      'errors.exam_no_ready_participants',
    );
    const ready = await t.call<{ participants: { status: string; ready: boolean }[] }>(
      'POST',
      `/theory-exams/${examId}/mark-as-ready`,
      { token: owner, body: { studentExamIds: [first, second] } },
    );
    expect(ready.status, ready.raw).toBe(200);
    expect(ready.body.participants.every((p) => p.status === 'READY' && p.ready)).toBe(true);
    const booked = await t.call<{ booked: boolean; participants: { status: string }[] }>(
      'POST',
      `/theory-exams/${examId}/book`,
      { token: owner },
    );
    expect(booked.status, booked.raw).toBe(200);
    expect(booked.body.booked).toBe(true);
    expect(booked.body.participants.map((p) => p.status)).toEqual(['BOOKED', 'BOOKED']);
    expectError(
      await t.call('POST', `/theory-exams/${examId}/book`, { token: owner }),
      422,
      'errors.exam_booked',
    );
    expectError(
      await t.call('PUT', '/theory-exams/update-student-exam-statuses', {
        token: owner,
        body: { statuses: [{ studentExamId: first, status: 'PLANNED' }] },
      }),
      422,
      'errors.exam_status_transition',
    );
    const results = await t.call<{ status: string; points?: number }[]>(
      'PUT',
      '/theory-exams/update-student-exam-statuses',
      {
        token: owner,
        body: {
          statuses: [
            { studentExamId: first, status: 'PASSED', points: 6 },
            { studentExamId: second, status: 'FAILED', points: 14 },
          ],
        },
      },
    );
    expect(results.status, results.raw).toBe(200);
    expect(results.body.map((p) => [p.status, p.points])).toEqual([
      ['PASSED', 6],
      ['FAILED', 14],
    ]);
    expectError(
      await t.call('DELETE', `/theory-exams/student-exam/${first}`, { token: owner }),
      422,
      'errors.exam_participant_has_result',
    );
    expectError(
      await t.call('DELETE', `/theory-exams/${examId}`, { token: owner }),
      422,
      'errors.exam_has_results',
    );
    // The next exam is the failed student's second attempt.
    const retry = await t.call<{ id: number }>('POST', '/theory-exams', {
      token: owner,
      body: {
        date: addDays(today, 14),
        startTime: '08:00',
        minutes: 45,
        testingOrganizationId: f.testingOrganizationId,
      },
    });
    const again = await t.call<{ participants: { attempt: number }[] }>(
      'PUT',
      '/theory-exams/participants',
      {
        token: owner,
        body: { examId: retry.body.id, studentEducationIds: [b.studentEducationId] },
      },
    );
    expect(again.body.participants.map((p) => p.attempt)).toEqual([2]);
    const filtered = await t.call<{ data: { id: number }[] }>('POST', '/theory-exams/filter', {
      token: owner,
      body: { studentId: b.studentId, status: 'FAILED' },
    });
    expect(filtered.body.data.map((e) => e.id)).toEqual([examId]);
  });

  it('saves the lesson-view dashboard as a whole', async () => {
    const saved = await t.call<{ widgets: { id: number; title: string }[]; youtubeLink?: string }>(
      'PUT',
      '/unterricht-dashboard',
      {
        token: owner,
        body: {
          widgets: [
            { title: 'Willkommen', text: 'Schön, dass du da bist.', position: 0 },
            {
              title: 'Lernapp',
              position: 1,
              buttonTitle: 'Öffnen',
              buttonUrl: 'https://example.de/app',
            },
          ],
          youtubeLink: 'https://www.youtube.com/watch?v=abc',
        },
      },
    );
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.widgets.map((w) => w.title)).toEqual(['Willkommen', 'Lernapp']);
    const kept = saved.body.widgets[1] as { id: number };
    const again = await t.call<{ widgets: { id: number; title: string }[]; youtubeLink?: string }>(
      'PUT',
      '/unterricht-dashboard',
      { token: owner, body: { widgets: [{ id: kept.id, title: 'Lern-App', position: 0 }] } },
    );
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual({ widgets: [{ id: kept.id, title: 'Lern-App', position: 0 }] });
    const link = await t.call('GET', '/unterricht-dashboard/youtube-link', { token: owner });
    expect(link.body).toEqual({});
    expectError(
      await t.call('PUT', '/unterricht-dashboard', {
        token: owner,
        body: { widgets: [{ id: 999999, title: 'x', position: 0 }] },
      }),
      422,
      'errors.validation',
    );
  });

  it("keeps a widget's image: uploaded as PNG or JPEG up to 2 MB, answered inline, replaced and removed with the widget", async () => {
    const saved = await t.call<{ widgets: { id: number }[] }>('PUT', '/unterricht-dashboard', {
      token: owner,
      body: {
        widgets: [
          { title: 'Vorfahrt', position: 0 },
          { title: 'Zweiter', position: 1 },
        ],
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    const [first, second] = saved.body.widgets as [{ id: number }, { id: number }];
    const upload = (widgetId: number, bytes: Buffer, mimeType = 'image/png') =>
      t.call<{ id: number; image?: string }>('POST', '/unterricht-dashboard/img', {
        token: owner,
        query: { widgetId },
        multipart: { files: [{ fileName: 'bild.png', mimeType, bytes }] },
      });
    const files = async () =>
      (await t.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const before = await files();
    const done = await upload(first.id, PNG_BYTES);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.image).toBe(`data:image/png;base64,${PNG_BYTES.toString('base64')}`);
    // A second image replaces the first: one stored file for the widget.
    expect((await upload(first.id, PNG_BYTES)).status).toBe(200);
    expect(await files()).toBe(before + 1);
    const read = await t.call<{ widgets: { id: number; image?: string }[] }>(
      'GET',
      '/unterricht-dashboard',
      { token: owner },
    );
    expect(read.body.widgets.find((w) => w.id === first.id)?.image).toBe(done.body.image);
    expect(read.body.widgets.find((w) => w.id === second.id)?.image).toBeUndefined();

    expectError(await upload(first.id, Buffer.from('%PDF-1.4 no image')), 422, 'errors.validation');
    expectError(
      await upload(first.id, Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)])),
      413,
      'errors.file_too_large',
    );
    expectError(await upload(999999, PNG_BYTES), 404, 'errors.not_found');
    // The widget left out of a save takes its image along.
    const kept = await t.call('PUT', '/unterricht-dashboard', {
      token: owner,
      body: { widgets: [{ id: second.id, title: 'Zweiter', position: 0 }] },
    });
    expect(kept.status, kept.raw).toBe(200);
    expect(await files()).toBe(before);
  });

  it("keeps the school's question explanations and theme-loop detail URLs", async () => {
    const put = await t.call('PUT', '/standard-question-explanation/1.1.01-001', {
      token: owner,
      rawBody: 'Beim Abbiegen auf Radfahrer achten.',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status, put.raw).toBe(204);
    const modified = await t.call<{ lastModified?: string }>(
      'GET',
      '/standard-question-explanation/last-modified',
      { token: owner },
    );
    expect(modified.body.lastModified).toEqual(expect.any(String));
    expect(
      (await t.call('DELETE', '/standard-question-explanation/1.1.01-001', { token: owner }))
        .status,
    ).toBe(204);
    expectError(
      await t.call('DELETE', '/standard-question-explanation/1.1.01-001', { token: owner }),
      404,
      'errors.not_found',
    );

    await t.database.db.insert(theoryChapters).values([
      { drivingSchoolId: f.schoolId, officialNumber: '1.1', name: 'Gefahrenlehre' },
      {
        drivingSchoolId: f.schoolId,
        officialNumber: '1.1.01',
        name: 'Grundformen des Verkehrsverhaltens',
      },
    ]);
    const details = await t.call<{ detailsUrl: string; questionCount: number }>(
      'PUT',
      '/theme-loop/1.1.01/details',
      {
        token: owner,
        rawBody: 'https://fahrschule.example/themen/1-1-01',
        headers: { 'content-type': 'text/plain' },
      },
    );
    expect(details.status, details.raw).toBe(200);
    expect(details.body).toMatchObject({
      detailsUrl: 'https://fahrschule.example/themen/1-1-01',
      questionCount: expect.any(Number),
    });
    const categories = await t.call<{ subcategories: unknown[] }[]>(
      'GET',
      '/theme-loop/category-subcategory',
      { token: owner },
    );
    expect(categories.status, categories.raw).toBe(200);
    expect(categories.body[0]?.subcategories).toHaveLength(1);
    expectError(
      await t.call('GET', '/wiki-drive-buzz/books/12', { token: owner }),
      404,
      'errors.not_found',
    );
    const book = await t.call<{ title: string; chapters: unknown[] }>(
      'GET',
      '/wiki-drive-buzz/books/59',
      { token: owner },
    );
    expect(book.body).toEqual({ id: 59, title: 'Basiswissen', chapters: [] });
  });
});
