import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  type LicenseClass,
  storedFiles,
  studentEducations,
  students,
  theoryLessonParticipants,
} from '../../db/schema';
import { pdfText } from '../../test/pdf-text';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { SIGNATURE_MAX_BYTES } from '../appointments/driving-lessons';
import { addDays, berlinToday } from '../resources/kit';

/*
 * The theory rules (issue 12): the student match and booking of a lesson, the course limits
 * and module booking, "only own students", the signatures and the attendance PDF, the theory
 * progress of an education and the lessons in the calendar.
 */

type Participant = {
  id: number;
  studentId: number;
  studentEducationId: number;
  firstName: string;
  lastName: string;
  signed: boolean;
  signedAt?: string;
};
type Lesson = { id: number; booked: boolean; topic: string; participants: Participant[] };
type Match = {
  matches: boolean;
  alreadyAttended: boolean;
  studentEducationIds: number[];
  reasons: string[];
};
type Progress = {
  studentEducationId: number;
  licenseClass: string;
  basic: { required: number; attended: number[]; missing: number[] };
  additional: { required: number; attended: number[]; missing: number[] };
  complete: boolean;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const today = berlinToday();

describe.each(DRIVERS)('theory on %s', (driver) => {
  const t: TestApp = useTestApp(driver);
  let owner: string;
  let jonas: string;
  let schoolId: number;
  let jonasId: number;
  let branchId: number;
  let n = 0;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    jonas = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    schoolId = t.demo.schoolId;
    jonasId = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
    const [branch] = await t.database.db
      .insert(branches)
      .values({
        drivingSchoolId: schoolId,
        name: 'Filiale Kiel',
        abbreviation: 'KI',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      })
      .returning({ id: branches.id });
    branchId = branch?.id as number;
  });

  /** A student with one education; Jonas's own student when `own`. */
  async function student(licenseClass: LicenseClass = 'B', own = false) {
    n += 1;
    const db = t.database.db;
    const [row] = await db
      .insert(students)
      .values({
        drivingSchoolId: schoolId,
        firstName: `Jürgen${n}`,
        lastName: `Müller${n}`,
        branchId,
        instructorId: own ? jonasId : null,
      })
      .returning({ id: students.id });
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: schoolId,
        studentId: row?.id as number,
        licenseClass,
        branchId,
        theoryQuestionsVersion: '2026-04',
      })
      .returning({ id: studentEducations.id });
    return { studentId: row?.id as number, studentEducationId: education?.id as number };
  }

  async function course(quantity = 10) {
    const response = await t.call<{ id: number }>('POST', '/theory-courses', {
      token: owner,
      body: {
        shortDescription: `Kurs ${n}`,
        start: addDays(today, -30),
        end: addDays(today, 30),
        quantity,
        branchId,
      },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body.id;
  }

  async function lesson(body: Record<string, unknown> = {}) {
    const response = await t.call<Lesson>('POST', '/theory-lesson', {
      token: owner,
      body: {
        additional: false,
        lessonNumber: 1,
        date: today,
        startTime: '18:00',
        minutes: 90,
        instructorId: jonasId,
        branchId,
        ...body,
      },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  }

  const book = (lessonId: number | string, studentIds: number[], token = owner) =>
    t.call<Lesson>('POST', `/theory-lesson/${lessonId}/book`, { token, body: { studentIds } });

  const sign = (lessonId: number, studentId: number, bytes: Buffer, token = owner) =>
    t.call<Participant>('POST', '/theory-lesson-documents/upload-signature', {
      token,
      query: { studentId, theoryLessonId: lessonId },
      multipart: {
        files: [{ field: 'file', fileName: 'unterschrift.png', mimeType: 'image/png', bytes }],
      },
    });

  describe('student match and booking', () => {
    it('matches by class, course places and attendance', async () => {
      const b = await student('B');
      const a = await student('A');
      const basic = await lesson({ lessonNumber: 2 });
      const forA = await lesson({ additional: true, lessonNumber: 1, licenseClasses: ['A'] });
      const check = (lessonId: number, studentId: number) =>
        t.call<Match>('GET', `/theory-lesson/${lessonId}/check-student-match/${studentId}`, {
          token: owner,
        });

      // A basic lesson outside a course fits every class.
      const fits = await check(basic.id, b.studentId);
      expect(fits.status, fits.raw).toBe(200);
      expect(fits.body).toMatchObject({
        matches: true,
        alreadyAttended: false,
        studentEducationIds: [b.studentEducationId],
        reasons: [],
      });
      // An additional lesson of class A does not fit a class B education.
      expect((await check(forA.id, b.studentId)).body).toMatchObject({
        matches: false,
        reasons: ['theory.match.class_not_covered'],
      });
      expect((await check(forA.id, a.studentId)).body.matches).toBe(true);

      // A second lesson of the same topic: already attended, booking again is allowed.
      expect((await book(basic.id, [b.studentId])).status).toBe(200);
      const again = await lesson({ lessonNumber: 2, date: addDays(today, -7) });
      expect((await check(again.id, b.studentId)).body).toMatchObject({
        matches: true,
        alreadyAttended: true,
      });

      // A lesson of a course: the education must be in the course, or have a free course place.
      const courseId = await course();
      const inCourse = await lesson({ theoryCourseId: courseId, lessonNumber: 4 });
      expect((await check(inCourse.id, b.studentId)).body).toMatchObject({
        matches: false,
        reasons: ['theory.match.not_in_course'],
      });
      const put = await t.call('PUT', `/theory-courses/${courseId}/students`, {
        token: owner,
        body: { studentEducationIds: [b.studentEducationId] },
      });
      expect(put.status, put.raw).toBe(200);
      expect((await check(inCourse.id, b.studentId)).body.matches).toBe(true);

      // No active education at all.
      const finished = await student('B');
      await t.database.db
        .update(studentEducations)
        .set({ status: 'FINISHED' })
        .where(eq(studentEducations.id, finished.studentEducationId));
      expect((await check(basic.id, finished.studentId)).body).toMatchObject({
        matches: false,
        reasons: ['theory.match.no_active_education'],
      });
      expectError(await check(basic.id, 999_999), 404, 'errors.not_found');
    });

    it('sets the booked flag, refuses a student without a matching education and a missing lesson id', async () => {
      const b = await student('B');
      const target = await lesson({ lessonNumber: 5 });
      expect(target.booked).toBe(false);
      const booked = await book(target.id, [b.studentId, b.studentId]);
      expect(booked.status, booked.raw).toBe(200);
      expect(booked.body.booked).toBe(true);
      expect(booked.body.participants).toEqual([
        expect.objectContaining({
          studentId: b.studentId,
          studentEducationId: b.studentEducationId,
          signed: false,
        }),
      ]);
      // Booking the same student again leaves the booking as it is.
      const twice = await book(target.id, [b.studentId]);
      expect(twice.body.participants).toHaveLength(1);

      const forA = await lesson({ additional: true, lessonNumber: 2, licenseClasses: ['A'] });
      const refused = expectError(
        await book(forA.id, [b.studentId]),
        422,
        'errors.theory_lesson_no_match',
      );
      expect(refused.globalErrors).toEqual([
        'errors.theory_lesson_no_match',
        'theory.match.class_not_covered',
      ]);
      const unchanged = await t.call<Lesson>('GET', `/theory-lesson/${forA.id}`, { token: owner });
      expect(unchanged.body.booked).toBe(false);

      // Spec 000 §5: without a theory lesson id the booking is refused with
      // 'Theory lesson ID is not provided', as a translated key.
      for (const id of ['undefined', 'null', '0', '']) {
        const missing = expectError(
          await book(id, [b.studentId]),
          422,
          'errors.theory_lesson_id_missing',
        );
        expect(missing.message).toBe('Theory lesson ID is not provided');
      }
      expectError(await book(999_999, [b.studentId]), 404, 'errors.not_found');
    });
  });

  describe('courses', () => {
    it('keeps an education in at most 3 courses, also when booking modules', async () => {
      const b = await student('B');
      for (const _ of [1, 2, 3]) {
        const id = await course();
        const put = await t.call('PUT', `/theory-courses/${id}/students`, {
          token: owner,
          body: { studentEducationIds: [b.studentEducationId] },
        });
        expect(put.status, put.raw).toBe(200);
      }
      const fourth = await course();
      expectError(
        await t.call('PUT', `/theory-courses/${fourth}/students`, {
          token: owner,
          body: { studentEducationIds: [b.studentEducationId] },
        }),
        422,
        'errors.course_limit_reached',
      );
      const module = await lesson({ theoryCourseId: fourth, lessonNumber: 6 });
      expectError(
        await t.call('POST', `/theory-courses/${fourth}/book-module`, {
          token: owner,
          body: { studentEducationId: b.studentEducationId, theoryLessonIds: [module.id] },
        }),
        422,
        'errors.course_limit_reached',
      );
      const match = await t.call<Match>(
        'GET',
        `/theory-lesson/${module.id}/check-student-match/${b.studentId}`,
        { token: owner },
      );
      expect(match.body.reasons).toEqual(['theory.match.course_limit_reached']);
    });

    it('books modules of a course, joining it, and refuses lessons of another course', async () => {
      const b = await student('B');
      const id = await course(1);
      const first = await lesson({ theoryCourseId: id, lessonNumber: 7 });
      const second = await lesson({ theoryCourseId: id, lessonNumber: 8 });
      const booked = await t.call<Participant[]>('POST', `/theory-courses/${id}/book-module`, {
        token: owner,
        body: { studentEducationId: b.studentEducationId, theoryLessonIds: [first.id, second.id] },
      });
      expect(booked.status, booked.raw).toBe(200);
      expect(booked.body.map((p) => p.studentEducationId)).toEqual([
        b.studentEducationId,
        b.studentEducationId,
      ]);
      const students = await t.call<{ studentEducationId: number; attendedLessonCount: number }[]>(
        'GET',
        `/theory-courses/${id}/students`,
        { token: owner },
      );
      expect(students.body).toEqual([
        expect.objectContaining({
          studentEducationId: b.studentEducationId,
          attendedLessonCount: 2,
        }),
      ]);
      // The course has one place: nobody else joins through a module.
      const other = await student('B');
      expectError(
        await t.call('POST', `/theory-courses/${id}/book-module`, {
          token: owner,
          body: { studentEducationId: other.studentEducationId, theoryLessonIds: [first.id] },
        }),
        422,
        'errors.course_full',
      );
      const elsewhere = await lesson({ lessonNumber: 9 });
      expectError(
        await t.call('POST', `/theory-courses/${id}/book-module`, {
          token: owner,
          body: { studentEducationId: b.studentEducationId, theoryLessonIds: [elsewhere.id] },
        }),
        422,
        'errors.lesson_not_in_course',
      );
    });
  });

  describe('only own students', () => {
    it("shows an instructor only their own students among a lesson's participants", async () => {
      const own = await student('B', true);
      const others = await student('B', false);
      const target = await lesson({ lessonNumber: 10, date: addDays(today, 1) });
      const booked = await book(target.id, [own.studentId, others.studentId]);
      expect(booked.body.participants).toHaveLength(2);

      const seen = await t.call<Lesson>('GET', `/theory-lesson/${target.id}`, { token: jonas });
      expect(seen.status, seen.raw).toBe(200);
      expect(seen.body.participants.map((p) => p.studentId)).toEqual([own.studentId]);
      const page = await t.call<{ data: Lesson[] }>('POST', '/theory-lesson/filter', {
        token: jonas,
        body: { from: addDays(today, 1), to: addDays(today, 1), size: 200 },
      });
      const inPage = page.body.data.find((l) => l.id === target.id);
      expect(inPage?.participants.map((p) => p.studentId)).toEqual([own.studentId]);
      const list = await t.call<Lesson[]>('GET', '/theory-lesson', { token: jonas });
      expect(list.body.find((l) => l.id === target.id)?.participants).toHaveLength(1);

      // Another instructor's student is no student of Jonas: no match check, no progress.
      expectError(
        await t.call('GET', `/theory-lesson/${target.id}/check-student-match/${others.studentId}`, {
          token: jonas,
        }),
        404,
        'errors.not_found',
      );
      expectError(
        await t.call('GET', `/student-educations/${others.studentEducationId}/theory-progress`, {
          token: jonas,
        }),
        404,
        'errors.not_found',
      );
      const progress = await t.call(
        'GET',
        `/student-educations/${own.studentEducationId}/theory-progress`,
        {
          token: jonas,
        },
      );
      expect(progress.status, progress.raw).toBe(200);
    });
  });

  describe('signatures and the attendance record', () => {
    it('stores a PNG signature of a participant, replaces and deletes it', async () => {
      const b = await student('B');
      const stranger = await student('B');
      const target = await lesson({ lessonNumber: 11 });
      await book(target.id, [b.studentId]);

      const signed = await sign(target.id, b.studentId, PNG);
      expect(signed.status, signed.raw).toBe(200);
      expect(signed.body).toMatchObject({ studentId: b.studentId, signed: true });
      expect(Date.parse(signed.body.signedAt as string)).toBeGreaterThan(Date.now() - 60_000);
      const fileOf = async () =>
        (
          await t.database.db
            .select({ fileId: theoryLessonParticipants.signatureFileId })
            .from(theoryLessonParticipants)
            .where(eq(theoryLessonParticipants.id, signed.body.id))
        )[0]?.fileId ?? null;
      const first = await fileOf();
      expect(first).not.toBeNull();

      // Signing again replaces the file: the first one is gone.
      expect((await sign(target.id, b.studentId, PNG)).status).toBe(200);
      const second = await fileOf();
      expect(second).not.toBe(first);
      const remaining = await t.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, first as number)));
      expect(remaining).toEqual([]);

      // Wrong type, too large, not a participant, no write permission.
      const notPng = expectError(
        await sign(target.id, b.studentId, Buffer.from('%PDF-1.7 keine Unterschrift')),
        422,
        'errors.validation',
      );
      expect(notPng.fieldErrors).toEqual([{ field: 'file', error: 'validation.file_type' }]);
      const large = Buffer.concat([PNG, Buffer.alloc(SIGNATURE_MAX_BYTES)]);
      expectError(await sign(target.id, b.studentId, large), 413, 'errors.file_too_large');
      expectError(await sign(target.id, stranger.studentId, PNG), 422, 'errors.not_a_participant');
      expectError(await sign(999_999, b.studentId, PNG), 404, 'errors.not_found');
      // An instructor whose role lacks MODULE_THEORY_WRITE reads theory but collects no
      // signature (the demo's instructor role has it: they hold the lessons).
      const roles = await t.call<Array<{ id: number; name: string }>>('GET', '/roles', {
        token: owner,
      });
      const instructorRole = roles.body.find((role) => role.name === 'Fahrlehrer');
      if (!instructorRole) throw new Error('no demo instructor role');
      const role = await t.call<{
        permissions: Array<{ permission: string; allow: boolean }>;
      }>('GET', `/roles/${instructorRole.id}`, { token: owner });
      const setTheoryWrite = async (allow: boolean) => {
        const changed = await t.call('PUT', `/roles/${instructorRole.id}/permissions`, {
          token: owner,
          body: {
            permissions: role.body.permissions.map((entry) =>
              entry.permission === 'MODULE_THEORY_WRITE' ? { ...entry, allow } : entry,
            ),
          },
        });
        expect(changed.status, changed.raw).toBe(200);
      };
      await setTheoryWrite(false);
      expectError(await sign(target.id, b.studentId, PNG, jonas), 403, 'errors.forbidden');
      await setTheoryWrite(true);

      const lessonNow = await t.call<Lesson>('GET', `/theory-lesson/${target.id}`, {
        token: owner,
      });
      expect(lessonNow.body.participants[0]).toMatchObject({ signed: true });

      const deleted = await t.call('DELETE', '/theory-lesson-documents/signature', {
        token: owner,
        query: { studentTheoryLessonId: signed.body.id },
      });
      expect(deleted.status, deleted.raw).toBe(204);
      expect(await fileOf()).toBeNull();
      const files = await t.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.id, second as number));
      expect(files).toEqual([]);
      const after = await t.call<Lesson>('GET', `/theory-lesson/${target.id}`, { token: owner });
      expect(after.body.participants).toEqual([
        expect.objectContaining({ studentId: b.studentId, signed: false }),
      ]);
      expect(after.body.participants[0]?.signedAt).toBeUndefined();
      expectError(
        await t.call('DELETE', '/theory-lesson-documents/signature', {
          token: owner,
          query: { studentTheoryLessonId: 999_999 },
        }),
        404,
        'errors.not_found',
      );
    });

    it('answers the attendance record as a PDF', async () => {
      const own = await student('B', true);
      const others = await student('B');
      const target = await lesson({
        lessonNumber: 12,
        topic: 'Umweltschutz und Lernen aus Erfahrung',
      });
      const booked = await book(target.id, [own.studentId, others.studentId]);
      const nameOf = (studentId: number) => {
        const p = booked.body.participants.find((row) => row.studentId === studentId);
        return `${p?.lastName}${p?.firstName}`;
      };
      expect((await sign(target.id, own.studentId, PNG)).status).toBe(200);

      const pdf = await t.call('GET', `/theory-lesson-documents/${target.id}`, { token: owner });
      expect(pdf.status, pdf.raw.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename=/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // The signature is embedded as an image (the 1×1 PNG); unsigned rows have none.
      expect(pdf.bytes.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 1\b/);
      // The record lists both attendees (name cells run together in the text), the signer
      // with the time of signing, the other one as not signed.
      const text = pdfText(pdf.bytes);
      for (const shown of [
        'Umweltschutz und Lernen aus Erfahrung',
        'Grundstoff, Lektion 12',
        'Jonas Weber',
        'Filiale Kiel',
        nameOf(own.studentId),
        nameOf(others.studentId),
        'nicht unterschrieben',
        '2 Teilnehmer, davon 1 unterschrieben.',
      ]) {
        expect(text).toContain(shown);
      }
      // An instructor who sees only own students gets a record of those.
      const jonasPdf = await t.call('GET', `/theory-lesson-documents/${target.id}`, {
        token: jonas,
      });
      expect(jonasPdf.status).toBe(200);
      const jonasText = pdfText(jonasPdf.bytes);
      expect(jonasText).toContain(nameOf(own.studentId));
      expect(jonasText).not.toContain(nameOf(others.studentId));
      expect(jonasText).toContain('1 Teilnehmer, davon 1 unterschrieben.');
      expectError(
        await t.call('GET', '/theory-lesson-documents/999999', { token: owner }),
        404,
        'errors.not_found',
      );
    });
  });

  describe('theory progress', () => {
    it('counts each lesson number once and lists what is missing', async () => {
      const b = await student('B');
      const forB = { additional: true, licenseClasses: ['B'] };
      const yesterday = addDays(today, -1);
      for (const [number, date] of [
        [1, yesterday],
        [1, today], // the same topic twice counts once
        [3, yesterday],
      ] as const) {
        const l = await lesson({ lessonNumber: number, date });
        expect((await book(l.id, [b.studentId])).status).toBe(200);
      }
      const additional = await lesson({ ...forB, lessonNumber: 2, date: yesterday });
      await book(additional.id, [b.studentId]);
      // Booked for a later day: not attended yet.
      const later = await lesson({ lessonNumber: 4, date: addDays(today, 3) });
      await book(later.id, [b.studentId]);

      const progress = await t.call<Progress>(
        'GET',
        `/student-educations/${b.studentEducationId}/theory-progress`,
        { token: owner },
      );
      expect(progress.status, progress.raw).toBe(200);
      expect(progress.body).toEqual({
        studentEducationId: b.studentEducationId,
        licenseClass: 'B',
        basic: { required: 12, attended: [1, 3], missing: [2, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        additional: { required: 2, attended: [2], missing: [1] },
        complete: false,
      });

      // Every lesson: complete.
      for (let number = 1; number <= 12; number += 1) {
        const l = await lesson({ lessonNumber: number, date: yesterday });
        await book(l.id, [b.studentId]);
      }
      const last = await lesson({ ...forB, lessonNumber: 1, date: yesterday });
      await book(last.id, [b.studentId]);
      const done = await t.call<Progress>(
        'GET',
        `/student-educations/${b.studentEducationId}/theory-progress`,
        { token: owner },
      );
      expect(done.body).toMatchObject({
        basic: { missing: [] },
        additional: { attended: [1, 2], missing: [] },
        complete: true,
      });
      expectError(
        await t.call('GET', '/student-educations/999999/theory-progress', { token: owner }),
        404,
        'errors.not_found',
      );
    });
  });
});
