import { beforeAll, describe, expect, it } from 'vitest';
import { theoryAnswers, theoryQuestions } from '../../db/schema';
import { DEMO_OWNER, DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import { drawPreExam, scorePreExam } from './learning.resources';
import { learningStudent } from './learning-fixtures';

/*
 * The pre-exam (issue 16): drawn like a first licence's theory exam (20 basic, 10 class
 * questions), answered without solutions, scored by the exam's rules (more than 10 error
 * points, or two wrong 5-point questions, fail), handed in once.
 */

describe('drawing and scoring a pre-exam', () => {
  const pool = [
    ...Array.from({ length: 40 }, (_, i) => ({ id: i, basic: true })),
    ...Array.from({ length: 15 }, (_, i) => ({ id: 100 + i, basic: false })),
  ];
  it('draws 20 basic and 10 class questions, basic first, none twice', () => {
    const drawn = drawPreExam(pool);
    expect(drawn).toHaveLength(30);
    expect(drawn.slice(0, 20).every((q) => q.basic)).toBe(true);
    expect(drawn.slice(20).every((q) => !q.basic)).toBe(true);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(30);
  });
  it('fills up with basic questions when the class has fewer than 10', () => {
    const drawn = drawPreExam(pool.filter((q) => q.basic || q.id < 104));
    expect(drawn.filter((q) => !q.basic)).toHaveLength(4);
    expect(drawn).toHaveLength(30);
    expect(drawPreExam(pool.slice(0, 12))).toHaveLength(12);
  });
  it.each([
    [[], 0, true],
    [[4, 3, 3], 10, true],
    [[4, 4, 3], 11, false],
    [[5, 5], 10, false],
    [[5, 3, 2], 10, true],
  ])('wrong questions of %j points: %i error points, passed %s', (wrong, points, passed) => {
    const results = [
      ...wrong.map((p) => ({ points: p, correct: false })),
      { points: 5, correct: true },
    ];
    expect(scorePreExam(results)).toEqual({ errorPoints: points, passed });
  });
});

describe.each(DRIVERS)('pre-exams (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let owner: string;
  let educationId: number;
  let emptyEducationId: number;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const db = t.database.db;
    const drivingSchoolId = t.demo.schoolId;
    const { studentId, educationIds } = await learningStudent(
      t,
      { firstName: 'Tom', lastName: 'Prüfling' },
      [
        { licenseClass: 'B', version: '2026-10' },
        { licenseClass: 'C', version: '2020-01' },
      ],
    );
    educationId = educationIds[0] as number;
    emptyEducationId = educationIds[1] as number;
    expect(studentId).toBeGreaterThan(0);
    // 25 basic questions (the first two worth 5 points) and 12 of class B, each with one
    // correct answer at position 1; one basic number question.
    const rows = [
      ...Array.from({ length: 25 }, (_, i) => ({
        n: `1.1.01-${String(i + 1).padStart(3, '0')}`,
        basic: true,
        points: i < 2 ? 5 : 3,
      })),
      ...Array.from({ length: 12 }, (_, i) => ({
        n: `2.2.01-${String(i + 1).padStart(3, '0')}`,
        basic: false,
        points: 4,
      })),
    ];
    const questions = await db
      .insert(theoryQuestions)
      .values(
        rows.map((row, i) => ({
          drivingSchoolId,
          questionsVersion: '2026-10',
          officialNumber: row.n,
          chapter: row.n.slice(0, 6),
          points: row.points,
          text: 'Wie verhalten Sie sich?',
          basic: row.basic,
          licenseClasses: row.basic ? [] : ['B' as const],
          numeric: i === 24,
        })),
      )
      .returning({ id: theoryQuestions.id, numeric: theoryQuestions.numeric });
    await db.insert(theoryAnswers).values(
      questions.flatMap((question) =>
        question.numeric
          ? [
              {
                drivingSchoolId,
                theoryQuestionId: question.id,
                position: 1,
                text: 'km/h',
                correct: true,
                value: '50',
              },
            ]
          : [1, 2, 3].map((position) => ({
              drivingSchoolId,
              theoryQuestionId: question.id,
              position,
              text: `Antwort ${position}`,
              correct: position === 1,
            })),
      ),
    );
  });

  type Started = {
    preExam: { id: number; questionCount: number; finished: boolean };
    questions: {
      theoryQuestionId: number;
      points: number;
      numeric: boolean;
      answers: { id: number; text: string }[];
    }[];
  };
  const start = (studentEducationId = educationId) =>
    t.call<Started>('POST', '/theory-pre-exams', { token: owner, body: { studentEducationId } });

  it('starts with 30 questions without their solutions and scores the handed-in answers', async () => {
    const started = await start();
    expect(started.status, started.raw).toBe(201);
    const { preExam, questions } = started.body;
    expect(preExam).toMatchObject({ questionCount: 30, finished: false });
    expect(questions).toHaveLength(30);
    expect(started.raw).not.toContain('"correct"');
    expect(started.raw).not.toContain('"value"');
    // Right everywhere except two 4-point class questions and one 3-point question: 11 points.
    const wrongIds = new Set([
      ...questions
        .filter((q) => q.points === 4)
        .slice(0, 2)
        .map((q) => q.theoryQuestionId),
      questions.find((q) => q.points === 3 && !q.numeric)?.theoryQuestionId,
    ]);
    const answers = questions.map((q) =>
      q.numeric
        ? { theoryQuestionId: q.theoryQuestionId, numericValue: '50' }
        : {
            theoryQuestionId: q.theoryQuestionId,
            chosenAnswerIds: [q.answers[wrongIds.has(q.theoryQuestionId) ? 1 : 0]?.id as number],
          },
    );
    const finished = await t.call('POST', `/theory-pre-exams/${preExam.id}/finish`, {
      token: owner,
      body: { answers },
    });
    expect(finished.status, finished.raw).toBe(200);
    expect(finished.body).toMatchObject({ finished: true, errorPoints: 11, passed: false });
    const detail = await t.call<{ questions: { correct: boolean }[] }>(
      'GET',
      `/theory-pre-exams/finished/${preExam.id}`,
      { token: owner },
    );
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body.questions.filter((q) => !q.correct)).toHaveLength(3);
    // Handed in once.
    expectError(
      await t.call('POST', `/theory-pre-exams/${preExam.id}/finish`, {
        token: owner,
        body: { answers },
      }),
      422,
      'errors.pre_exam_finished',
    );
  });

  it('counts a question left out as wrong and refuses answers to other questions', async () => {
    const { preExam, questions } = (await start()).body;
    const foreign = await t.call('POST', `/theory-pre-exams/${preExam.id}/finish`, {
      token: owner,
      body: { answers: [{ theoryQuestionId: 999999, chosenAnswerIds: [] }] },
    });
    expectError(foreign, 422, 'errors.validation');
    const fivePointers = questions.filter((q) => q.points === 5).map((q) => q.theoryQuestionId);
    const handedIn = questions
      .filter((q) => !fivePointers.includes(q.theoryQuestionId))
      .map((q) =>
        q.numeric
          ? { theoryQuestionId: q.theoryQuestionId, numericValue: '50,0' }
          : { theoryQuestionId: q.theoryQuestionId, chosenAnswerIds: [q.answers[0]?.id as number] },
      );
    const finished = await t.call<{ errorPoints: number; passed: boolean }>(
      'POST',
      `/theory-pre-exams/${preExam.id}/finish`,
      { token: owner, body: { answers: handedIn } },
    );
    // The left-out questions cost their points: with both 5-pointers drawn, 10 points and failed.
    const expected = fivePointers.length * 5;
    expect(finished.body).toEqual(
      expect.objectContaining({ errorPoints: expected, passed: fivePointers.length < 2 }),
    );
  });

  it('refuses an education whose class and version have no questions, in German', async () => {
    expectError(await start(emptyEducationId), 422, 'errors.pre_exam_no_questions');
  });
});
