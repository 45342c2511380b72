import { beforeAll, describe, expect, it } from 'vitest';
import {
  knowledgeBookPages,
  theoryAnswers,
  theoryChapters,
  theoryQuestions,
} from '../../db/schema';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { judgeAnswer, numberOf } from './learning.resources';
import { learningStudent } from './learning-fixtures';

/*
 * The learning mode of an education (`GET /theory-questions/learning-mode-for-fsc`), a question
 * with the student's state (`GET /theory-questions/{id}`) and answering it
 * (`POST /theory-questions/{id}/answer`): questions of the education's class and catalogue
 * version only, judged on the server, kept as the student's answers.
 */

describe('judging an answer', () => {
  const choice = [
    { id: 1, correct: true, value: null },
    { id: 2, correct: false, value: null },
    { id: 3, correct: true, value: null },
  ];
  it.each([
    [[1, 3], true],
    [[3, 1], true],
    [[1], false],
    [[1, 2, 3], false],
    [[], false],
  ])('multiple choice %j → %s', (chosen, expected) => {
    expect(judgeAnswer({ numeric: false }, choice, { chosenAnswerIds: chosen })).toBe(expected);
  });
  const number = [{ id: 9, correct: true, value: '0,5' }];
  it.each([
    ['0,5', true],
    ['0.5', true],
    ['0,50', true],
    ['0,6', false],
    ['abc', false],
    [undefined, false],
  ])('number %s → %s', (value, expected) => {
    expect(judgeAnswer({ numeric: true }, number, { numericValue: value })).toBe(expected);
  });
  it('reads numbers with a comma or a point', () => {
    expect(numberOf(' 80 ')).toBe(80);
    expect(numberOf('1,6')).toBe(1.6);
    expect(numberOf('1.6.2')).toBeNull();
    expect(numberOf(null)).toBeNull();
  });
});

describe.each(DRIVERS)('the learning mode (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let owner: string;
  let ids: {
    studentId: number;
    educationId: number;
    otherEducationId: number;
    choice: number;
    numeric: number;
    classA: number;
    oldVersion: number;
    answers: number[];
  };

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const db = t.database.db;
    const drivingSchoolId = t.demo.schoolId;
    const { studentId, educationIds } = await learningStudent(
      t,
      { firstName: 'Mia', lastName: 'Lernt' },
      [
        { licenseClass: 'B', version: '2026-10' },
        { licenseClass: 'A', version: '2026-10' },
      ],
    );
    await db.insert(theoryChapters).values(
      [
        ['1', 'Grundstoff'],
        ['1.1', 'Gefahrenlehre'],
        ['1.1.01', 'Grundformen des Verkehrsverhaltens'],
        ['1.8', 'Eignung und Befähigung'],
        ['1.8.01', 'Alkohol und Drogen'],
      ].map(([officialNumber, name]) => ({
        drivingSchoolId,
        officialNumber: officialNumber as string,
        name: name as string,
      })),
    );
    const question = (
      officialNumber: string,
      extra: Partial<typeof theoryQuestions.$inferInsert> = {},
    ) => ({
      drivingSchoolId,
      questionsVersion: '2026-10',
      officialNumber,
      chapter: officialNumber.slice(0, officialNumber.indexOf('-')),
      points: 4,
      text: 'Wie verhalten Sie sich?',
      basic: true,
      licenseClasses: [],
      ...extra,
    });
    const questions = await db
      .insert(theoryQuestions)
      .values([
        question('1.1.01-001'),
        question('1.8.01-001', { numeric: true, points: 5, text: 'Ab wie viel Promille …?' }),
        question('2.2.01-001', { basic: false, licenseClasses: ['A'] }),
        question('1.1.01-001', { questionsVersion: '2025-04' }),
      ])
      .returning({ id: theoryQuestions.id });
    const [choice, numeric, classA, oldVersion] = questions.map((q) => q.id) as number[];
    const answers = await db
      .insert(theoryAnswers)
      .values([
        {
          drivingSchoolId,
          theoryQuestionId: choice as number,
          position: 1,
          text: 'Bremsbereit sein',
          correct: true,
        },
        {
          drivingSchoolId,
          theoryQuestionId: choice as number,
          position: 2,
          text: 'Hupen',
          correct: false,
        },
        {
          drivingSchoolId,
          theoryQuestionId: choice as number,
          position: 3,
          text: 'Abstand halten',
          correct: true,
        },
        {
          drivingSchoolId,
          theoryQuestionId: numeric as number,
          position: 1,
          text: 'Promille',
          correct: true,
          value: '0,5',
        },
      ])
      .returning({ id: theoryAnswers.id });
    ids = {
      studentId,
      educationId: educationIds[0] as number,
      otherEducationId: educationIds[1] as number,
      choice: choice as number,
      numeric: numeric as number,
      classA: classA as number,
      oldVersion: oldVersion as number,
      answers: answers.map((answer) => answer.id),
    };
  });

  const answer = (questionId: number, body: Record<string, unknown>, token = owner) =>
    t.call<{
      correct: boolean;
      correctAnswerIds: number[];
      expectedValue?: string;
      studentState: { timesAnswered: number; timesCorrect: number; timesWrong: number };
    }>('POST', `/theory-questions/${questionId}/answer`, {
      token,
      body: { studentEducationId: ids.educationId, ...body },
    });

  it("judges answers on the server and keeps them as the student's", async () => {
    const [right, wrong, alsoRight] = ids.answers as [number, number, number];
    const first = await answer(ids.choice, { chosenAnswerIds: [right], seconds: 12 });
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toMatchObject({
      correct: false,
      correctAnswerIds: [right, alsoRight],
      studentState: { timesAnswered: 1, timesCorrect: 0, timesWrong: 1 },
    });
    const second = await answer(ids.choice, { chosenAnswerIds: [alsoRight, right] });
    expect(second.body).toMatchObject({
      correct: true,
      studentState: { timesAnswered: 2, timesCorrect: 1, timesWrong: 1 },
    });
    const number = await answer(ids.numeric, { numericValue: '0.5' });
    expect(number.status, number.raw).toBe(200);
    expect(number.body).toMatchObject({
      correct: true,
      correctAnswerIds: [],
      expectedValue: '0,5',
    });
    expect(wrong).toBeDefined();

    // The tutor's last wrong answer is the first one.
    const education = await t.call<{ studentId: number }>(
      'GET',
      `/theory-questions/${ids.choice}`,
      {
        token: owner,
        query: { studentEducationId: ids.educationId },
      },
    );
    expect(education.status, education.raw).toBe(200);
    expect(education.body).toMatchObject({
      officialNumber: '1.1.01-001',
      chapterName: 'Grundformen des Verkehrsverhaltens',
      numeric: false,
      answers: [
        { id: right, text: 'Bremsbereit sein', correct: true },
        { id: wrong, text: 'Hupen', correct: false },
        { id: alsoRight, text: 'Abstand halten', correct: true },
      ],
      studentState: { timesAnswered: 2, timesCorrect: 1, timesWrong: 1, lastAnswerCorrect: true },
    });
  });

  it("lists the class's questions of the education's version by subcategory with the state", async () => {
    const mode = await t.call<{
      questionCount: number;
      chapters: {
        officialNumber: string;
        name: string;
        questions: { theoryQuestionId: number }[];
      }[];
    }>('GET', '/theory-questions/learning-mode-for-fsc', {
      token: owner,
      query: { studentEducationId: ids.educationId },
    });
    expect(mode.status, mode.raw).toBe(200);
    // Class B, version 2026-10: not the class A question, not the older version's.
    expect(mode.body).toMatchObject({
      licenseClass: 'B',
      questionsVersion: '2026-10',
      questionCount: 2,
    });
    expect(mode.body.chapters).toEqual([
      {
        officialNumber: '1.1.01',
        name: 'Grundformen des Verkehrsverhaltens',
        basic: true,
        questions: [
          {
            theoryQuestionId: ids.choice,
            officialNumber: '1.1.01-001',
            points: 4,
            timesCorrect: 1,
            timesWrong: 1,
            lastAnswerCorrect: true,
          },
        ],
      },
      {
        officialNumber: '1.8.01',
        name: 'Alkohol und Drogen',
        basic: true,
        questions: [
          {
            theoryQuestionId: ids.numeric,
            officialNumber: '1.8.01-001',
            points: 5,
            timesCorrect: 1,
            timesWrong: 0,
            lastAnswerCorrect: true,
          },
        ],
      },
    ]);
    const classA = await t.call<{ questionCount: number }>(
      'GET',
      '/theory-questions/learning-mode-for-fsc',
      { token: owner, query: { studentEducationId: ids.otherEducationId } },
    );
    // Class A: the two basic questions and its own.
    expect(classA.body.questionCount).toBe(3);
  });

  it("shows the student's theme loop: the basic syllabus, then each education's own subcategories", async () => {
    const loop = await t.call<unknown[]>(
      'GET',
      `/theme-loop/${ids.studentId}/student-category-subcategory`,
      { token: owner },
    );
    expect(loop.status, loop.raw).toBe(200);
    // The answers of the first test: 1.1.01-001 last right, 1.8.01-001 right.
    expect(loop.body).toEqual([
      {
        name: 'basic',
        base: true,
        subcategories: [
          {
            officialNumber: '1.1.01',
            name: 'Grundformen des Verkehrsverhaltens',
            questionCount: 1,
            correctCount: 1,
          },
          {
            officialNumber: '1.8.01',
            name: 'Alkohol und Drogen',
            questionCount: 1,
            correctCount: 1,
          },
        ],
      },
      {
        name: 'B',
        base: false,
        licenseClass: 'B',
        studentEducationId: ids.educationId,
        subcategories: [],
      },
      {
        name: 'A',
        base: false,
        licenseClass: 'A',
        studentEducationId: ids.otherEducationId,
        // No chapter row for 2.2.01: its number stands in for the name.
        subcategories: [
          { officialNumber: '2.2.01', name: '2.2.01', questionCount: 1, correctCount: 0 },
        ],
      },
    ]);
    const detail = await t.call<{
      questions: { officialNumber: string; studentState?: unknown }[];
    }>('GET', `/theme-loop/${ids.studentId}/1.1.01/B/detailed`, { token: owner });
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body).toMatchObject({
      officialNumber: '1.1.01',
      name: 'Grundformen des Verkehrsverhaltens',
      licenseClass: 'B',
      questions: [
        {
          officialNumber: '1.1.01-001',
          answers: [{ text: 'Bremsbereit sein' }, { text: 'Hupen' }, { text: 'Abstand halten' }],
          studentState: { timesAnswered: 2, timesCorrect: 1 },
        },
      ],
    });
    expectError(
      await t.call('GET', `/theme-loop/${ids.studentId}/9.9.99/B/detailed`, { token: owner }),
      404,
      'errors.not_found',
    );
    expectError(
      await t.call('GET', '/theme-loop/999999/student-category-subcategory', { token: owner }),
      404,
      'errors.not_found',
    );
  });

  it('answers an explanation base64-encoded and a knowledge-book page sanitised', async () => {
    const text = 'Bremsbereit sein heißt: Fuß über der Bremse – § 1 StVO.';
    const put = await t.call('PUT', '/standard-question-explanation/1.1.01-001', {
      token: owner,
      rawBody: text,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(put.status, put.raw).toBe(204);
    const got = await t.call('GET', '/standard-question-explanation/1.1.01-001', { token: owner });
    expect(got.status, got.raw).toBe(200);
    expect(Buffer.from(got.raw, 'base64').toString('utf8')).toBe(text);
    expectError(
      await t.call('GET', '/standard-question-explanation/1.1.01-999', { token: owner }),
      404,
      'errors.not_found',
    );

    const [page] = await t.database.db
      .insert(knowledgeBookPages)
      .values({
        drivingSchoolId: t.demo.schoolId,
        bookId: 59,
        chapterTitle: 'Gefahrenlehre',
        chapterPosition: 1,
        position: 1,
        title: 'Bremsbereitschaft',
        html: '<h2>Bremsbereit</h2><p onclick="x()">Fuß <b>über</b> der Bremse.</p><script>alert(1)</script><a href="javascript:alert(1)">hier</a><img src="http://example.de/a.png">',
      })
      .returning({ id: knowledgeBookPages.id });
    const html = await t.call('GET', `/wiki-drive-buzz/pages/${page?.id}/html`, { token: owner });
    expect(html.status, html.raw).toBe(200);
    expect(String(html.headers['content-type'])).toContain('text/html');
    expect(html.raw).toBe(
      '<h2>Bremsbereit</h2><p>Fuß <b>über</b> der Bremse.</p><a rel="noopener noreferrer">hier</a><img />',
    );
  });

  it('refuses questions outside the education and answers of the wrong kind, in German keys', async () => {
    for (const questionId of [ids.classA, ids.oldVersion]) {
      expectError(await answer(questionId, { chosenAnswerIds: [] }), 404, 'errors.not_found');
      expectError(
        await t.call('GET', `/theory-questions/${questionId}`, {
          token: owner,
          query: { studentEducationId: ids.educationId },
        }),
        404,
        'errors.not_found',
      );
    }
    expectError(await answer(ids.numeric, { chosenAnswerIds: [] }), 422, 'errors.validation');
    expectError(await answer(ids.choice, { numericValue: '3' }), 422, 'errors.validation');
    expectError(
      await answer(ids.choice, { chosenAnswerIds: [ids.answers[3]] }),
      422,
      'errors.validation',
    );
    expectError(await answer(ids.numeric, { numericValue: '1,2,3' }), 422, 'errors.validation');
  });

  it('needs write access to the students to record an answer', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const refused = await answer(ids.choice, { chosenAnswerIds: [] }, instructor);
    expect([403, 404]).toContain(refused.status);
  });
});
