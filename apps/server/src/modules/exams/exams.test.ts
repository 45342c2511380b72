import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  branches,
  examParticipants,
  masterData,
  priceLists,
  prices,
  products,
  studentDocuments,
  studentEducations,
  students,
  testingOrganizations,
  theoryAnswers,
  theoryLessonParticipants,
  theoryLessons,
  theoryPreExamQuestions,
  theoryPreExams,
  theoryQuestions,
  users,
} from '../../db/schema';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { examPassRates } from './exam-pass-rates';
import { addMonths } from './exam-requirements';

/*
 * The exam server rules (issue 12, exams): the education status info, protocol upload and
 * download, the finished pre-exam, the one status enum, the 12-month window and the exam
 * application's expiry, the repeat fees after a failed exam, booking and ready marking,
 * participant removal, "only own students" and the pass rates.
 */

type Participant = {
  id: number;
  studentId: number;
  studentEducationId: number;
  status: string;
  ready: boolean;
  protocol?: { id: number; fileName: string; mimeType: string; size: number };
  practicalExamDeadline?: string;
  examApplicationExpiresAt?: string;
};
type Exam = { id: number; booked: boolean; participants: Participant[] };
type Info = {
  studentEducationId: number;
  requirements: { name: string; status: boolean; done?: number; needed?: number }[];
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

const today = berlinToday();

type Fixtures = {
  schoolId: number;
  jonasId: number;
  colleagueId: number;
  branchId: number;
  organizationId: number;
  otherOrganizationId: number;
};

async function createFixtures(t: TestApp): Promise<Fixtures> {
  const db = t.database.db;
  const schoolId = t.demo.schoolId;
  const jonasId = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
  const [colleague] = await db
    .insert(users)
    .values({
      drivingSchoolId: schoolId,
      firstName: 'Lea',
      lastName: 'Kraus',
      email: `lea.kraus.exams.${t.driver}@fahrschule-demo.de`,
      passwordHash: 'not-used',
      licenseClasses: ['B'],
    })
    .returning({ id: users.id });
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Filiale Lübeck',
      abbreviation: 'HL',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  const [tuev, dekra] = await db
    .insert(testingOrganizations)
    .values([
      { drivingSchoolId: schoolId, name: 'TÜV Nord', kind: 'TUEV' as const },
      { drivingSchoolId: schoolId, name: 'DEKRA Lübeck', kind: 'DEKRA' as const },
    ])
    .returning({ id: testingOrganizations.id });
  return {
    schoolId,
    jonasId,
    colleagueId: colleague?.id as number,
    branchId: branch?.id as number,
    organizationId: tuev?.id as number,
    otherOrganizationId: dekra?.id as number,
  };
}

describe.each(DRIVERS)('exams on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let jonas: string;
  let f: Fixtures;
  let n = 0;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    jonas = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    f = await createFixtures(t);
  });

  /** A student with one education; Jonas's own unless another instructor is given. */
  async function student(
    options: { licenseClass?: 'B' | 'BE' | 'B96'; instructorId?: number | null } = {},
  ) {
    n += 1;
    const db = t.database.db;
    const instructorId = options.instructorId === undefined ? f.jonasId : options.instructorId;
    const [row] = await db
      .insert(students)
      .values({
        drivingSchoolId: f.schoolId,
        firstName: `Mia${n}`,
        lastName: `Prüfling${n}`,
        branchId: f.branchId,
        instructorId,
      })
      .returning({ id: students.id });
    const studentId = row?.id as number;
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: f.schoolId,
        studentId,
        licenseClass: options.licenseClass ?? 'B',
        baseLicenseClass: options.licenseClass === 'BE' ? 'B' : null,
        branchId: f.branchId,
        instructorId,
        theoryQuestionsVersion: '2026-04',
      })
      .returning({ id: studentEducations.id });
    return { studentId, studentEducationId: education?.id as number };
  }

  const base = (kind: 'theory' | 'practical') => `/${kind}-exams`;

  async function createExam(
    kind: 'theory' | 'practical',
    date: string,
    extra: Record<string, unknown> = {},
  ) {
    const exam = await t.call<Exam>('POST', base(kind), {
      token: owner,
      body: {
        date,
        startTime: '08:00',
        minutes: 45,
        testingOrganizationId: f.organizationId,
        ...extra,
      },
    });
    expect(exam.status, exam.raw).toBe(201);
    return exam.body.id;
  }

  /** An exam with participants, marked ready and booked. */
  async function bookedExam(
    kind: 'theory' | 'practical',
    date: string,
    educationIds: number[],
    extra: Record<string, unknown> = {},
  ) {
    const examId = await createExam(kind, date, extra);
    const set = await t.call<Exam>('PUT', `${base(kind)}/participants`, {
      token: owner,
      body: { examId, studentEducationIds: educationIds },
    });
    expect(set.status, set.raw).toBe(200);
    const ids = set.body.participants.map((p) => p.id);
    const ready = await t.call<Exam>('POST', `${base(kind)}/${examId}/mark-as-ready`, {
      token: owner,
      body: { studentExamIds: ids },
    });
    expect(ready.status, ready.raw).toBe(200);
    const booked = await t.call<Exam>('POST', `${base(kind)}/${examId}/book`, { token: owner });
    expect(booked.status, booked.raw).toBe(200);
    return { examId, participants: booked.body.participants };
  }

  async function record(
    kind: 'theory' | 'practical',
    statuses: { studentExamId: number; status: string; points?: number }[],
  ) {
    return t.call<Participant[]>('PUT', `${base(kind)}/update-student-exam-statuses`, {
      token: owner,
      body: { statuses },
    });
  }

  const participantOf = (exam: { participants: Participant[] }, educationId: number) =>
    exam.participants.find((p) => p.studentEducationId === educationId) as Participant;

  async function info(kind: 'theory' | 'practical', ids: number[], token = owner) {
    const query = ids.map((id) => `studentEducationIds=${id}`).join('&');
    return t.call<Info[]>('GET', `${base(kind)}/education-status-info?${query}`, { token });
  }

  const requirement = (answer: Info, name: string) =>
    answer.requirements.find((r) => r.name === name);

  describe('the education status info', () => {
    it('lists what the theory exam needs and turns each true when it is there', async () => {
      const s = await student();
      const before = await info('theory', [s.studentEducationId]);
      expect(before.status, before.raw).toBe(200);
      const [first] = before.body as [Info];
      expect(first.requirements.map((r) => r.name)).toEqual([
        'theoryBasicComplete',
        'theoryClassSpecificComplete',
        'idCard',
        'passportPhoto',
        'applicationForm',
        'eyeTest',
        'firstAid',
        'feesPaid',
      ]);
      expect(requirement(first, 'theoryBasicComplete')).toEqual({
        name: 'theoryBasicComplete',
        status: false,
        done: 0,
        needed: 12,
      });
      expect(requirement(first, 'feesPaid')?.status).toBe(true);

      const db = t.database.db;
      // 12 basic lessons (one twice) and the 2 class-B lessons, all taken place; one future
      // class-B lesson does not count yet.
      const lesson = (lessonNumber: number, additional: boolean, date: string) => ({
        drivingSchoolId: f.schoolId,
        additional,
        lessonNumber,
        topic: `Lektion ${lessonNumber}`,
        licenseClasses: additional ? ['B' as const] : [],
        date,
        startTime: '18:00',
        instructorId: f.jonasId,
        branchId: f.branchId,
      });
      const lessons = await db
        .insert(theoryLessons)
        .values([
          ...Array.from({ length: 12 }, (_, i) => lesson(i + 1, false, addDays(today, -30 + i))),
          lesson(3, false, addDays(today, -1)),
          lesson(1, true, addDays(today, -2)),
          lesson(2, true, addDays(today, 7)),
        ])
        .returning({ id: theoryLessons.id });
      await db.insert(theoryLessonParticipants).values(
        lessons.map((row) => ({
          drivingSchoolId: f.schoolId,
          theoryLessonId: row.id,
          studentId: s.studentId,
          studentEducationId: s.studentEducationId,
        })),
      );
      const partly = ((await info('theory', [s.studentEducationId])).body as [Info])[0];
      expect(requirement(partly, 'theoryBasicComplete')).toMatchObject({ status: true, done: 12 });
      expect(requirement(partly, 'theoryClassSpecificComplete')).toMatchObject({
        status: false,
        done: 1,
        needed: 2,
      });
      await db
        .update(theoryLessons)
        .set({ date: addDays(today, -1) })
        .where(eq(theoryLessons.id, lessons[14]?.id as number));

      // The documents, of the student (no education) or of this education.
      const fileIds: number[] = [];
      for (const type of [
        'ID_CARD',
        'PASSPORT_PHOTO',
        'APPLICATION_FORM',
        'EYE_TEST',
        'FIRST_AID',
      ]) {
        const saved = await t.call<{ id: number }>('POST', '/student-documents', {
          token: owner,
          multipart: {
            fields: {
              studentId: s.studentId,
              type,
              ...(type === 'FIRST_AID' ? { studentEducationId: s.studentEducationId } : {}),
            },
            files: [{ fileName: `${type}.pdf`, mimeType: 'application/pdf', bytes: PDF }],
          },
        });
        expect(saved.status, saved.raw).toBe(201);
        fileIds.push(saved.body.id);
      }
      await db
        .update(studentEducations)
        .set({ examApplicationExpiresAt: addDays(today, -1) })
        .where(eq(studentEducations.id, s.studentEducationId));
      const after = ((await info('theory', [s.studentEducationId])).body as [Info])[0];
      expect(after.requirements.filter((r) => !r.status).map((r) => r.name)).toEqual([
        'examApplicationValid',
      ]);
      await db
        .update(studentEducations)
        .set({ examApplicationExpiresAt: addDays(today, 90) })
        .where(eq(studentEducations.id, s.studentEducationId));
      const ready = ((await info('theory', [s.studentEducationId])).body as [Info])[0];
      expect(ready.requirements.every((r) => r.status)).toBe(true);
    });

    it('answers the single "no data" entry where nothing is checked, in the order asked', async () => {
      const be = await student({ licenseClass: 'BE' });
      const b96 = await student({ licenseClass: 'B96' });
      const b = await student();
      const theory = await info('theory', [b.studentEducationId, be.studentEducationId]);
      expect(theory.status, theory.raw).toBe(200);
      expect(theory.body.map((e) => e.studentEducationId)).toEqual([
        b.studentEducationId,
        be.studentEducationId,
      ]);
      expect(theory.body[1]?.requirements).toEqual([{ name: 'no data', status: true }]);
      const practical = await info('practical', [b96.studentEducationId]);
      expect(practical.body[0]?.requirements).toEqual([{ name: 'no data', status: true }]);
      // BE has a practical exam but no theory exam: no theoryExamPassed.
      const bePractical = (await info('practical', [be.studentEducationId])).body[0] as Info;
      expect(bePractical.requirements.map((r) => r.name)).not.toContain('theoryExamPassed');
      expectError(await info('theory', [9_000_000_000]), 404, 'errors.not_found');
    });

    it('checks the passed theory exam and the special drives before the practical exam', async () => {
      const s = await student();
      const practical = async () =>
        ((await info('practical', [s.studentEducationId])).body as [Info])[0];
      const first = await practical();
      expect(first.requirements.map((r) => r.name)).toEqual([
        'idCard',
        'passportPhoto',
        'applicationForm',
        'eyeTest',
        'firstAid',
        'feesPaid',
        'theoryExamPassed',
        'overlandDrives',
        'motorwayDrives',
        'nightDrives',
      ]);
      expect(requirement(first, 'overlandDrives')).toEqual({
        name: 'overlandDrives',
        status: false,
        done: 0,
        needed: 5,
      });
      // Special drives: booked lessons that took place count, in 45-minute units.
      const drive = (
        hourType: 'OVERLAND' | 'MOTORWAY' | 'NIGHT',
        minutes: number,
        date: string,
        booked = true,
      ) => ({
        drivingSchoolId: f.schoolId,
        type: 'DRIVING' as const,
        date,
        startTime: '10:00',
        minutes,
        studentId: s.studentId,
        studentEducationId: s.studentEducationId,
        licenseClass: 'B',
        hourType,
        instructorId: f.jonasId,
        booked,
        bookedAt: booked ? new Date() : null,
      });
      await t.database.db
        .insert(appointments)
        .values([
          drive('OVERLAND', 90, addDays(today, -10)),
          drive('OVERLAND', 90, addDays(today, -9)),
          drive('OVERLAND', 45, addDays(today, -8)),
          drive('MOTORWAY', 90, addDays(today, -7)),
          drive('MOTORWAY', 90, addDays(today, 3)),
          drive('NIGHT', 135, addDays(today, -6)),
          drive('NIGHT', 90, addDays(today, -5), false),
        ]);
      const drives = await practical();
      expect(requirement(drives, 'overlandDrives')).toMatchObject({ status: true, done: 5 });
      expect(requirement(drives, 'motorwayDrives')).toMatchObject({ status: false, done: 2 });
      expect(requirement(drives, 'nightDrives')).toMatchObject({ status: true, done: 3 });
      expect(requirement(drives, 'theoryExamPassed')?.status).toBe(false);

      // A theory exam passed 13 months ago is too old; one passed last week opens the window.
      const old = await bookedExam('theory', addMonths(today, -13), [s.studentEducationId]);
      expect(
        (
          await record('theory', [
            { studentExamId: old.participants[0]?.id as number, status: 'PASSED', points: 4 },
          ])
        ).status,
      ).toBe(200);
      expect(requirement(await practical(), 'theoryExamPassed')?.status).toBe(false);
      const recent = await bookedExam('theory', addDays(today, -7), [s.studentEducationId]);
      expect(
        (
          await record('theory', [
            { studentExamId: recent.participants[0]?.id as number, status: 'PASSED', points: 0 },
          ])
        ).status,
      ).toBe(200);
      expect(requirement(await practical(), 'theoryExamPassed')?.status).toBe(true);
    });

    it("is refused for another instructor's student to an instructor who sees only own students", async () => {
      const other = await student({ instructorId: f.colleagueId });
      expect((await info('theory', [other.studentEducationId])).status).toBe(200);
      expectError(await info('theory', [other.studentEducationId], jonas), 404, 'errors.not_found');
    });
  });

  describe('exam protocols', () => {
    it('stores a PDF, PNG or JPEG up to 10 MB and answers it for download', async () => {
      const s = await student();
      const { participants } = await bookedExam('practical', addDays(today, 3), [
        s.studentEducationId,
      ]);
      const studentExamId = participants[0]?.id as number;
      const upload = (
        file: { fileName: string; mimeType: string; bytes: Buffer },
        kind: 'theory' | 'practical' = 'practical',
      ) =>
        t.call<Participant>('POST', `${base(kind)}/upload-protocol`, {
          token: owner,
          multipart: { fields: { studentExamId }, files: [file] },
        });
      expectError(
        await t.call('GET', `/practical-exams/protocol/${studentExamId}`, { token: owner }),
        404,
        'errors.not_found',
      );
      const text = await upload({
        fileName: 'protokoll.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from('Prüfung bestanden'),
      });
      expect(text.status, text.raw).toBe(422);
      expect(
        (text.body as unknown as { fieldErrors: { field: string; error: string }[] }).fieldErrors,
      ).toEqual([{ field: 'file', error: 'validation.file_type' }]);
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      expectError(
        await upload({ fileName: 'gross.pdf', mimeType: 'application/pdf', bytes: big }),
        413,
        'errors.file_too_large',
      );
      // The participant of a practical exam is no participant of a theory exam.
      expectError(
        await upload({ fileName: 'p.pdf', mimeType: 'application/pdf', bytes: PDF }, 'theory'),
        404,
        'errors.not_found',
      );

      const first = await upload({
        fileName: 'protokoll.pdf',
        mimeType: 'application/pdf',
        bytes: PDF,
      });
      expect(first.status, first.raw).toBe(200);
      expect(first.body.protocol).toMatchObject({
        fileName: 'protokoll.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
      });
      const second = await upload({ fileName: 'protokoll.png', mimeType: 'image/png', bytes: PNG });
      expect(second.status, second.raw).toBe(200);
      expect(second.body.protocol?.mimeType).toBe('image/png');
      const download = await t.call('GET', `/practical-exams/protocol/${studentExamId}`, {
        token: owner,
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toContain('image/png');
      expect(download.bytes.equals(PNG)).toBe(true);
      // Kept once as the education's EXAM_PROTOCOL document (the earlier one replaced).
      const documents = await t.database.db
        .select({ type: studentDocuments.type, fileName: studentDocuments.fileName })
        .from(studentDocuments)
        .where(
          and(
            eq(studentDocuments.studentEducationId, s.studentEducationId),
            eq(studentDocuments.type, 'EXAM_PROTOCOL'),
          ),
        );
      expect(documents).toEqual([{ type: 'EXAM_PROTOCOL', fileName: 'protokoll.png' }]);
      const exam = await t.call<Exam>('GET', `/practical-exams/${await examIdOf(studentExamId)}`, {
        token: owner,
      });
      expect(participantOf(exam.body, s.studentEducationId).protocol?.fileName).toBe(
        'protokoll.png',
      );
    });

    it("keeps another instructor's participants' protocols from an instructor who sees only own students", async () => {
      const other = await student({ instructorId: f.colleagueId });
      const { participants } = await bookedExam('theory', addDays(today, 4), [
        other.studentEducationId,
      ]);
      const studentExamId = participants[0]?.id as number;
      const up = await t.call('POST', '/theory-exams/upload-protocol', {
        token: jonas,
        multipart: {
          fields: { studentExamId },
          files: [{ fileName: 'p.pdf', mimeType: 'application/pdf', bytes: PDF }],
        },
      });
      // Instructors have no exam write permission at all; reading is checked per student.
      expect(up.status).toBe(403);
      expectError(
        await t.call('GET', `/theory-exams/protocol/${studentExamId}`, { token: jonas }),
        404,
        'errors.not_found',
      );
    });
  });

  async function examIdOf(studentExamId: number) {
    const [row] = await t.database.db
      .select({ examId: examParticipants.examId })
      .from(examParticipants)
      .where(eq(examParticipants.id, studentExamId));
    return row?.examId as number;
  }

  describe('the finished pre-exam', () => {
    it('answers the questions with the answers given; an unfinished one is 404', async () => {
      const mine = await student();
      const other = await student({ instructorId: f.colleagueId });
      const db = t.database.db;
      const [question] = await db
        .insert(theoryQuestions)
        .values({
          drivingSchoolId: f.schoolId,
          questionsVersion: '2026-04',
          officialNumber: `1.1.01-${String(100 + n).padStart(3, '0')}`,
          chapter: '1.1.01',
          points: 4,
          text: 'Womit müssen Sie rechnen?',
          basic: true,
          licenseClasses: [],
        })
        .returning({ id: theoryQuestions.id });
      const questionId = question?.id as number;
      const answers = await db
        .insert(theoryAnswers)
        .values([
          {
            drivingSchoolId: f.schoolId,
            theoryQuestionId: questionId,
            position: 1,
            text: 'Mit Gegenverkehr',
            correct: true,
          },
          {
            drivingSchoolId: f.schoolId,
            theoryQuestionId: questionId,
            position: 2,
            text: 'Mit nichts',
            correct: false,
          },
        ])
        .returning({ id: theoryAnswers.id });
      const preExam = async (
        s: { studentId: number; studentEducationId: number },
        finished: boolean,
      ) => {
        const [row] = await db
          .insert(theoryPreExams)
          .values({
            drivingSchoolId: f.schoolId,
            studentId: s.studentId,
            studentEducationId: s.studentEducationId,
            licenseClass: 'B',
            startedAt: new Date('2026-11-20T10:00:00Z'),
            finishedAt: finished ? new Date('2026-11-20T10:30:00Z') : null,
            questionCount: 30,
            errorPoints: finished ? 4 : null,
            passed: finished ? true : null,
          })
          .returning({ id: theoryPreExams.id });
        await db.insert(theoryPreExamQuestions).values({
          drivingSchoolId: f.schoolId,
          theoryPreExamId: row?.id as number,
          theoryQuestionId: questionId,
          position: 1,
          chosenAnswerIds: [answers[1]?.id as number],
          correct: false,
        });
        return row?.id as number;
      };
      const finished = await preExam(mine, true);
      const open = await preExam(mine, false);
      const others = await preExam(other, true);
      const detail = await t.call<{
        preExam: { id: number; finished: boolean; errorPoints: number };
        questions: {
          question: { id: number; answers: { id: number; correct: boolean }[] };
          chosenAnswerIds: number[];
          correct: boolean;
        }[];
      }>('GET', `/theory-pre-exams/finished/${finished}`, { token: jonas });
      expect(detail.status, detail.raw).toBe(200);
      expect(detail.body.preExam).toMatchObject({ id: finished, finished: true, errorPoints: 4 });
      expect(detail.body.questions).toHaveLength(1);
      expect(detail.body.questions[0]).toMatchObject({
        chosenAnswerIds: [answers[1]?.id],
        correct: false,
      });
      expect(detail.body.questions[0]?.question.answers.map((a) => a.correct)).toEqual([
        true,
        false,
      ]);
      expectError(
        await t.call('GET', `/theory-pre-exams/finished/${open}`, { token: owner }),
        404,
        'errors.not_found',
      );
      expectError(
        await t.call('GET', `/theory-pre-exams/finished/${others}`, { token: jonas }),
        404,
        'errors.not_found',
      );
      expect(
        (await t.call('GET', `/theory-pre-exams/finished/${others}`, { token: owner })).status,
      ).toBe(200);
    });
  });

  describe('statuses, booking, ready marking and removal', () => {
    it("knows only the contract's statuses and its changes", async () => {
      const s = await student();
      const { participants } = await bookedExam('theory', addDays(today, 5), [
        s.studentEducationId,
      ]);
      const id = participants[0]?.id as number;
      const unknown = await record('theory', [{ studentExamId: id, status: 'REGISTERED' }]);
      expect(unknown.status, unknown.raw).toBe(422);
      // A result only on or after the exam day.
      expectError(
        await record('theory', [{ studentExamId: id, status: 'PASSED' }]),
        422,
        'errors.exam_status_transition',
      );
      expectError(
        await record('theory', [{ studentExamId: id, status: 'READY' }]),
        422,
        'errors.exam_status_transition',
      );
      const cancelled = await record('theory', [{ studentExamId: id, status: 'CANCELLED' }]);
      expect(cancelled.body.map((p) => p.status)).toEqual(['CANCELLED']);
    });

    it('answers a failed booking and a failed ready marking with an error_message and changes nothing', async () => {
      const s = await student();
      const other = await student();
      const examId = await createExam('practical', addDays(today, 6));
      const otherExam = await bookedExam('practical', addDays(today, 6), [
        other.studentEducationId,
      ]);
      const set = await t.call<Exam>('PUT', '/practical-exams/participants', {
        token: owner,
        body: { examId, studentEducationIds: [s.studentEducationId] },
      });
      expectError(
        await t.call('POST', `/practical-exams/${examId}/book`, { token: owner }),
        422,
        'errors.exam_no_ready_participants',
      );
      expectError(
        await t.call('POST', `/practical-exams/${examId}/mark-as-ready`, {
          token: owner,
          body: { studentExamIds: [otherExam.participants[0]?.id as number] },
        }),
        422,
        'errors.not_a_participant',
      );
      const unchanged = await t.call<Exam>('GET', `/practical-exams/${examId}`, { token: owner });
      expect(unchanged.body.booked).toBe(false);
      expect(unchanged.body.participants.map((p) => [p.status, p.ready])).toEqual([
        ['PLANNED', false],
      ]);
      expectError(
        await t.call('POST', `/practical-exams/${otherExam.examId}/book`, { token: owner }),
        422,
        'errors.exam_booked',
      );
      // Removing a participant without a result.
      const removed = await t.call(
        'DELETE',
        `/practical-exams/student-exam/${set.body.participants[0]?.id}`,
        { token: owner },
      );
      expect(removed.status, removed.raw).toBe(204);
      expect(
        (await t.call<Exam>('GET', `/practical-exams/${examId}`, { token: owner })).body
          .participants,
      ).toEqual([]);
      expectError(
        await t.call('DELETE', `/theory-exams/student-exam/${otherExam.participants[0]?.id}`, {
          token: owner,
        }),
        404,
        'errors.not_found',
      );
    });

    it('shows an instructor who sees only own students only those among the participants', async () => {
      const mine = await student();
      const theirs = await student({ instructorId: f.colleagueId });
      const { examId } = await bookedExam('theory', addDays(today, 8), [
        mine.studentEducationId,
        theirs.studentEducationId,
      ]);
      const asOwner = await t.call<Exam>('GET', `/theory-exams/${examId}`, { token: owner });
      expect(asOwner.body.participants).toHaveLength(2);
      const asJonas = await t.call<Exam>('GET', `/theory-exams/${examId}`, { token: jonas });
      expect(asJonas.status, asJonas.raw).toBe(200);
      expect(asJonas.body.participants.map((p) => p.studentId)).toEqual([mine.studentId]);
      const listed = await t.call<Exam[]>('GET', '/theory-exams', {
        token: jonas,
        query: { from: addDays(today, 8), to: addDays(today, 8) },
      });
      expect(
        listed.body.find((e) => e.id === examId)?.participants.map((p) => p.studentId),
      ).toEqual([mine.studentId]);
      const page = await t.call<{ data: Exam[] }>('POST', '/theory-exams/filter', {
        token: jonas,
        body: { from: addDays(today, 8), to: addDays(today, 8) },
      });
      expect(page.body.data.find((e) => e.id === examId)?.participants).toHaveLength(1);
    });
  });

  describe('the 12-month window and the exam application', () => {
    it('answers practicalExamDeadline for a passed theory exam and the application expiry', async () => {
      const s = await student();
      const date = addDays(today, -3);
      const { examId, participants } = await bookedExam('theory', date, [s.studentEducationId]);
      const id = participants[0]?.id as number;
      expect(participants[0]?.practicalExamDeadline).toBeUndefined();
      await t.database.db
        .update(studentEducations)
        .set({ examApplicationExpiresAt: addDays(today, 20) })
        .where(eq(studentEducations.id, s.studentEducationId));
      const passed = await record('theory', [{ studentExamId: id, status: 'PASSED', points: 2 }]);
      expect(passed.status, passed.raw).toBe(200);
      expect(passed.body[0]).toMatchObject({
        practicalExamDeadline: addMonths(date, 12),
        examApplicationExpiresAt: addDays(today, 20),
      });
      const exam = await t.call<Exam>('GET', `/theory-exams/${examId}`, { token: owner });
      expect(participantOf(exam.body, s.studentEducationId).practicalExamDeadline).toBe(
        addMonths(date, 12),
      );
      const education = await t.call<{
        practicalExamDeadline?: string;
        examApplicationExpiresAt?: string;
        theoryExamDate?: string;
      }>('GET', `/student-educations/${s.studentEducationId}`, { token: owner });
      expect(education.status, education.raw).toBe(200);
      expect(education.body).toMatchObject({
        practicalExamDeadline: addMonths(date, 12),
        examApplicationExpiresAt: addDays(today, 20),
        // The latest planned or passed theory exam, set by the exam calls.
        theoryExamDate: date,
      });
      // Once the practical exam is passed, no deadline is left to warn of.
      const practical = await bookedExam('practical', addDays(today, -1), [s.studentEducationId]);
      const practicalId = practical.participants[0]?.id as number;
      const done = await record('practical', [{ studentExamId: practicalId, status: 'PASSED' }]);
      expect(done.status, done.raw).toBe(200);
      const after = await t.call<{ practicalExamDeadline?: string }>(
        'GET',
        `/student-educations/${s.studentEducationId}`,
        { token: owner },
      );
      expect(after.body.practicalExamDeadline).toBeUndefined();
      // Corrected to FAILED: no window any more.
      const failed = await record('theory', [{ studentExamId: id, status: 'FAILED', points: 12 }]);
      expect(failed.body[0]?.practicalExamDeadline).toBeUndefined();
    });

    it('adds 12 months to the day (29 February becomes 28 February)', () => {
      expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
      expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
      expect(addMonths('2026-12-31', -13)).toBe('2025-11-30');
    });
  });

  describe('the repeat fees after a failed exam', () => {
    let presentationId: number;

    beforeAll(async () => {
      const db = t.database.db;
      const [list] = await db
        .insert(priceLists)
        .values({ drivingSchoolId: f.schoolId, name: `Prüfungen ${driver}` })
        .returning({ id: priceLists.id });
      await db.update(branches).set({ priceListId: list?.id }).where(eq(branches.id, f.branchId));
      const [presentation] = await db
        .insert(products)
        .values({
          drivingSchoolId: f.schoolId,
          type: 'DRIVING_LESSON',
          name: 'Vorstellung zur Prüfung',
          vatRate: 19,
          hourType: 'EXAM_PRESENTATION',
          duration: 45,
        })
        .returning({ id: products.id });
      presentationId = presentation?.id as number;
      await db.insert(prices).values({
        drivingSchoolId: f.schoolId,
        priceListId: list?.id as number,
        productId: presentationId,
        licenseClass: 'B',
        price: 19500,
      });
    });

    const bookFees = (educationId: number, studentExamId: number) =>
      t.call<
        { id: number; productId: number; price: number; type: string; studentEducationId: number }[]
      >('POST', `/products/student-booked-product/on-failed-exam/${educationId}/${studentExamId}`, {
        token: owner,
      });

    it('books the exam presentation of the price list once per failed exam, only when called', async () => {
      const s = await student();
      const { participants } = await bookedExam('practical', addDays(today, -1), [
        s.studentEducationId,
      ]);
      const id = participants[0]?.id as number;
      expectError(await bookFees(s.studentEducationId, id), 422, 'errors.exam_not_failed');
      const failed = await record('practical', [{ studentExamId: id, status: 'FAILED' }]);
      expect(failed.status, failed.raw).toBe(200);
      // Recording FAILED booked nothing by itself (the switch is off).
      const none = await t.database.db
        .select()
        .from(examParticipants)
        .where(eq(examParticipants.id, id));
      expect(none[0]?.repeatFeesBookedAt).toBeNull();
      const other = await student();
      expectError(await bookFees(other.studentEducationId, id), 404, 'errors.not_found');
      const booked = await bookFees(s.studentEducationId, id);
      expect(booked.status, booked.raw).toBe(201);
      expect(booked.body).toEqual([
        expect.objectContaining({
          productId: presentationId,
          type: 'DRIVING_LESSON',
          price: 19500,
          studentEducationId: s.studentEducationId,
        }),
      ]);
      expectError(await bookFees(s.studentEducationId, id), 422, 'errors.already_booked');
      // The education's booked products list it, newest first, once.
      const list = await t.call<{ id: number; productId: number; invoiced: boolean }[]>(
        'GET',
        `/student-educations/${s.studentEducationId}/booked-products`,
        { token: owner },
      );
      expect(list.status, list.raw).toBe(200);
      expect(list.body.filter((row) => row.productId === presentationId)).toEqual([
        expect.objectContaining({ id: booked.body[0]?.id, invoiced: false }),
      ]);
      expect(list.body[0]?.id).toBe(booked.body[0]?.id);
      expectError(
        await t.call('GET', '/student-educations/999999/booked-products', { token: owner }),
        404,
        'errors.not_found',
      );
    });

    it("books it with the status change when the school's switch is on", async () => {
      const db = t.database.db;
      const [current] = await db
        .select()
        .from(masterData)
        .where(eq(masterData.drivingSchoolId, f.schoolId));
      if (current) {
        await db
          .update(masterData)
          .set({ automaticExamOrganisationFees: true })
          .where(eq(masterData.drivingSchoolId, f.schoolId));
      } else {
        await db
          .insert(masterData)
          .values({ drivingSchoolId: f.schoolId, automaticExamOrganisationFees: true });
      }
      try {
        const s = await student();
        const { participants } = await bookedExam('theory', addDays(today, -1), [
          s.studentEducationId,
        ]);
        const id = participants[0]?.id as number;
        const failed = await record('theory', [
          { studentExamId: id, status: 'FAILED', points: 20 },
        ]);
        expect(failed.status, failed.raw).toBe(200);
        const [row] = await db.select().from(examParticipants).where(eq(examParticipants.id, id));
        expect(row?.repeatFeesBookedAt).not.toBeNull();
        expectError(await bookFees(s.studentEducationId, id), 422, 'errors.already_booked');
      } finally {
        await db
          .update(masterData)
          .set({ automaticExamOrganisationFees: false })
          .where(eq(masterData.drivingSchoolId, f.schoolId));
      }
    });
  });

  describe('pass rates', () => {
    it('counts passed and failed per instructor, testing organisation and class', async () => {
      // A school of its own period: far in the past, so other tests' exams stay out.
      const day = '2020-03-02';
      const a = await student();
      const b = await student();
      const c = await student({ instructorId: f.colleagueId });
      const d = await student({ instructorId: f.colleagueId });
      const tuev = await bookedExam('practical', day, [
        a.studentEducationId,
        b.studentEducationId,
        c.studentEducationId,
      ]);
      const dekra = await bookedExam('practical', day, [d.studentEducationId], {
        testingOrganizationId: f.otherOrganizationId,
      });
      const recorded = await record('practical', [
        { studentExamId: participantOf(tuev, a.studentEducationId).id, status: 'PASSED' },
        { studentExamId: participantOf(tuev, b.studentEducationId).id, status: 'FAILED' },
        { studentExamId: participantOf(tuev, c.studentEducationId).id, status: 'PASSED' },
        { studentExamId: participantOf(dekra, d.studentEducationId).id, status: 'ABSENT' },
      ]);
      expect(recorded.status, recorded.raw).toBe(200);
      const rates = await examPassRates(t.database.db, f.schoolId, {
        from: day,
        to: day,
        kind: 'PRACTICAL',
      });
      expect(rates.total).toEqual({ key: 'all', passed: 2, failed: 1, absent: 1, rate: 2 / 3 });
      expect(rates.byInstructor).toEqual(
        expect.arrayContaining([
          { key: f.jonasId, passed: 1, failed: 1, absent: 0, rate: 0.5 },
          { key: f.colleagueId, passed: 1, failed: 0, absent: 1, rate: 1 },
        ]),
      );
      expect(rates.byTestingOrganization).toEqual(
        expect.arrayContaining([
          { key: f.organizationId, passed: 2, failed: 1, absent: 0, rate: 2 / 3 },
          { key: f.otherOrganizationId, passed: 0, failed: 0, absent: 1, rate: null },
        ]),
      );
      expect(rates.byLicenseClass).toEqual([
        { key: 'B', passed: 2, failed: 1, absent: 0 + 1, rate: 2 / 3 },
      ]);
      const theory = await examPassRates(t.database.db, f.schoolId, {
        from: day,
        to: day,
        kind: 'THEORY',
      });
      expect(theory.total.rate).toBeNull();
    });
  });
});
