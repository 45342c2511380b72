import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database';
import {
  branches,
  questionExplanations,
  studentEducations,
  studentQuestionAnswers,
  students,
  theoryAnswers,
  theoryChapters,
  theoryPreExamQuestions,
  theoryPreExams,
  theoryQuestions,
} from '../../../db/schema';
import { createSchool } from '../../../db/seed';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../../test/test-app';
import {
  checkQuestionSets,
  importQuestionSets,
  loadShippedQuestionSets,
  type QuestionSet,
  QuestionSetError,
  validateQuestionSet,
} from '.';

/*
 * The question-set format (README.md beside): the validator refuses every rule with its
 * German message and the JSON path; the shipped set passes it and covers the catalogue; the
 * import writes chapters, questions, answers and explanations, updates a version in place on
 * re-import (students' answers stay), never overwrites a school's own explanation, and writes
 * nothing for a bad set.
 */

const mc = (correct: [boolean, boolean, boolean], texts = ['Erste', 'Zweite', 'Dritte']) =>
  texts.map((text, i) => ({ text, correct: correct[i] as boolean }));

/** A small valid set: parts 1 and 2, a choice and a number question, a class question. */
function sampleSet(): QuestionSet {
  return {
    format: 'fahrwerk-theory-questions/1',
    catalogueVersion: '2026-10',
    title: 'Testfragen',
    licence: 'CC BY 4.0 – Testdaten',
    chapters: [
      { officialNumber: '1', name: 'Grundstoff' },
      { officialNumber: '1.1', name: 'Gefahrenlehre' },
      { officialNumber: '1.1.01', name: 'Grundformen des Verkehrsverhaltens' },
      { officialNumber: '2', name: 'Zusatzstoff' },
      { officialNumber: '2.2', name: 'Verkehrsvorschriften' },
      { officialNumber: '2.2.03', name: 'Geschwindigkeit' },
    ],
    questions: [
      {
        officialNumber: '1.1.01-001',
        points: 4,
        text: 'Was gilt für das Verhalten im Straßenverkehr?',
        answers: mc([true, false, true]),
        explanation: '§ 1 StVO: ständige Vorsicht und gegenseitige Rücksicht.',
      },
      {
        officialNumber: '1.1.01-002',
        points: 5,
        text: 'Ab wie viel Promille handeln Sie ordnungswidrig?',
        number: { value: 0.5, unit: 'Promille' },
        explanation: '§ 24a StVG: 0,5 Promille oder mehr im Blut.',
      },
      {
        officialNumber: '2.2.03-001',
        points: 3,
        licenseClasses: ['B', 'BE'],
        text: 'Wie schnell darf ein Pkw mit Anhänger außerorts höchstens fahren?',
        number: { value: 80, unit: 'km/h' },
      },
    ],
  };
}

/** A set as plain JSON, to be broken on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: the table writes wrong types into the set on purpose
type Loose = Record<string, any>;
type Mutation = (set: Loose) => void;
const q = (set: Loose, index: number) => set.questions[index];

/** [rule, change, JSON path, German message] */
const REFUSED: [string, Mutation, string, string][] = [
  [
    'an unknown format',
    (s) => {
      s.format = 'fahrwerk-theory-questions/2';
    },
    '$.format',
    'Format „fahrwerk-theory-questions/2“ unbekannt, erwartet: „fahrwerk-theory-questions/1“',
  ],
  [
    'a version not YYYY-MM(-DD)',
    (s) => {
      s.catalogueVersion = '2026-13';
    },
    '$.catalogueVersion',
    'Katalogversion „2026-13“ hat nicht die Form JJJJ-MM oder JJJJ-MM-TT',
  ],
  [
    'a question whose subcategory is not listed',
    (s) => {
      q(s, 0).officialNumber = '1.1.02-001';
    },
    '$.questions[0].officialNumber',
    'Frage 1.1.02-001: Unterkapitel 1.1.02 ist nicht unter „chapters“ aufgeführt',
  ],
  [
    'a subcategory without its category',
    (s) => {
      s.chapters.splice(1, 1);
    },
    '$.chapters[1].officialNumber',
    'Kapitel 1.1.01: übergeordnetes Kapitel 1.1 fehlt',
  ],
  [
    'a category without its part',
    (s) => {
      s.chapters.splice(3, 1);
    },
    '$.chapters[3].officialNumber',
    'Kapitel 2.2: übergeordnetes Kapitel 2 fehlt',
  ],
  [
    'a chapter number of another form',
    (s) => {
      s.chapters[2].officialNumber = '1.1.1';
    },
    '$.chapters[2].officialNumber',
    'Kapitel 1.1.1: Kapitelnummer „1.1.1“ hat nicht die Form 1, 1.1 oder 1.1.01 (Teil 1 oder 2)',
  ],
  [
    'a chapter listed twice',
    (s) => {
      s.chapters.push({ officialNumber: '1.1', name: 'Noch einmal' });
    },
    '$.chapters[6].officialNumber',
    'Kapitel 1.1: doppelt (schon an Stelle 2)',
  ],
  [
    'a question number twice',
    (s) => {
      q(s, 1).officialNumber = '1.1.01-001';
    },
    '$.questions[1].officialNumber',
    'Frage 1.1.01-001: Nummer doppelt (schon an Stelle 1)',
  ],
  [
    'a question number of another form',
    (s) => {
      q(s, 0).officialNumber = '1.1.01-01';
    },
    '$.questions[0].officialNumber',
    'Frage 1.1.01-01: Fragenummer „1.1.01-01“ hat nicht die Form <Unterkapitel>-NNN (z. B. 1.1.01-001)',
  ],
  [
    'two answers',
    (s) => {
      q(s, 0).answers.pop();
    },
    '$.questions[0].answers',
    'Frage 1.1.01-001: genau drei Antworten erwartet, gefunden: 2',
  ],
  [
    'four answers',
    (s) => {
      q(s, 0).answers.push({ text: 'Vierte', correct: false });
    },
    '$.questions[0].answers',
    'Frage 1.1.01-001: genau drei Antworten erwartet, gefunden: 4',
  ],
  [
    'no correct answer',
    (s) => {
      q(s, 0).answers = mc([false, false, false]);
    },
    '$.questions[0].answers',
    'Frage 1.1.01-001: mindestens eine Antwort muss richtig sein',
  ],
  [
    'the same answer text twice',
    (s) => {
      q(s, 0).answers = mc([true, false, false], ['Ja', 'Nein', 'ja ']);
    },
    '$.questions[0].answers[2].text',
    'Frage 1.1.01-001: Antwort 3 wiederholt Antwort 1',
  ],
  [
    'answers and a number',
    (s) => {
      q(s, 0).number = { value: 3 };
    },
    '$.questions[0]',
    'Frage 1.1.01-001: entweder „answers“ oder „number“ angeben, nicht beides',
  ],
  [
    'neither answers nor a number',
    (s) => {
      delete q(s, 0).answers;
    },
    '$.questions[0]',
    'Frage 1.1.01-001: weder „answers“ noch „number“ angegeben',
  ],
  [
    'a number with three decimals',
    (s) => {
      q(s, 1).number.value = 0.125;
    },
    '$.questions[1].number.value',
    'Frage 1.1.01-002: die Zahl 0.125 hat mehr als zwei Nachkommastellen',
  ],
  [
    'a number given as text',
    (s) => {
      q(s, 1).number.value = '0,5';
    },
    '$.questions[1].number.value',
    'Frage 1.1.01-002: „value“: Zahl erwartet, gefunden: Text',
  ],
  [
    'points above 5',
    (s) => {
      q(s, 0).points = 6;
    },
    '$.questions[0].points',
    'Frage 1.1.01-001: Punkte: 2 bis 5 erwartet, gefunden: 6',
  ],
  [
    'points that are no whole number',
    (s) => {
      q(s, 0).points = 2.5;
    },
    '$.questions[0].points',
    'Frage 1.1.01-001: Punkte: ganze Zahl von 2 bis 5 erwartet, gefunden: 2.5',
  ],
  [
    'a question text too short',
    (s) => {
      q(s, 0).text = 'Zu kurz?';
    },
    '$.questions[0].text',
    'Frage 1.1.01-001: Fragetext: 10 bis 500 Zeichen erwartet, gefunden: 8',
  ],
  [
    'a question text too long',
    (s) => {
      q(s, 0).text = 'x'.repeat(501);
    },
    '$.questions[0].text',
    'Frage 1.1.01-001: Fragetext: 10 bis 500 Zeichen erwartet, gefunden: 501',
  ],
  [
    'an empty answer text',
    (s) => {
      q(s, 0).answers[1].text = '';
    },
    '$.questions[0].answers[1].text',
    'Frage 1.1.01-001: Antworttext: 1 bis 300 Zeichen erwartet, gefunden: 0',
  ],
  [
    'an answer text too long',
    (s) => {
      q(s, 0).answers[1].text = 'y'.repeat(301);
    },
    '$.questions[0].answers[1].text',
    'Frage 1.1.01-001: Antworttext: 1 bis 300 Zeichen erwartet, gefunden: 301',
  ],
  [
    'an explanation too short',
    (s) => {
      q(s, 0).explanation = '§ 1 StVO';
    },
    '$.questions[0].explanation',
    'Frage 1.1.01-001: Erklärung: 20 bis 2000 Zeichen erwartet, gefunden: 8',
  ],
  [
    'a class the learning app does not know',
    (s) => {
      q(s, 2).licenseClasses = ['B', 'C'];
    },
    '$.questions[2].licenseClasses[1]',
    'Frage 2.2.03-001: Klasse „C“ ist nicht erlaubt (erlaubt: A, A1, A2, AM, B, BE, B96, B197)',
  ],
  [
    'a class twice',
    (s) => {
      q(s, 2).licenseClasses = ['B', 'B'];
    },
    '$.questions[2].licenseClasses[1]',
    'Frage 2.2.03-001: Klasse B doppelt angegeben',
  ],
  [
    'classes on a Grundstoff question',
    (s) => {
      q(s, 0).licenseClasses = ['B'];
    },
    '$.questions[0].licenseClasses',
    'Frage 1.1.01-001: Grundstoff (Teil 1) gilt für alle Klassen: keine Klassen angeben',
  ],
  [
    'a Zusatzstoff question without classes',
    (s) => {
      q(s, 2).licenseClasses = [];
    },
    '$.questions[2].licenseClasses',
    'Frage 2.2.03-001: Zusatzstoff (Teil 2): mindestens eine Klasse angeben',
  ],
  [
    'an image that is not https',
    (s) => {
      q(s, 0).imageUrl = 'http://bilder.example/1.png';
    },
    '$.questions[0].imageUrl',
    'Frage 1.1.01-001: Bildadresse: https-Adresse erwartet',
  ],
  [
    'an unknown field',
    (s) => {
      q(s, 0).licenceClasses = ['B'];
    },
    '$.questions[0]',
    'Frage 1.1.01-001: Unbekanntes Feld „licenceClasses“',
  ],
  [
    'a missing field',
    (s) => {
      delete q(s, 0).points;
    },
    '$.questions[0].points',
    'Frage 1.1.01-001: Pflichtfeld „points“ fehlt',
  ],
  [
    'a missing title',
    (s) => {
      delete s.title;
    },
    '$.title',
    'Pflichtfeld „title“ fehlt',
  ],
];

describe('the question-set format', () => {
  it('accepts a valid set, a minimal one and a question-number variant', () => {
    expect(validateQuestionSet(sampleSet())).toEqual({ ok: true, set: sampleSet() });
    const minimal = sampleSet();
    minimal.chapters = minimal.chapters.slice(0, 3);
    minimal.questions = minimal.questions.slice(0, 1);
    delete minimal.questions[0]?.explanation;
    expect(validateQuestionSet(minimal).ok).toBe(true);
    const variant = sampleSet() as Loose;
    q(variant, 0).officialNumber = '1.1.01-001-M';
    expect(validateQuestionSet(variant).ok).toBe(true);
  });

  it.each(REFUSED)('refuses %s', (_rule, mutate, path, message) => {
    const set = sampleSet() as Loose;
    mutate(set);
    const result = validateQuestionSet(set);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toContainEqual({ path, message });
  });

  it('reports every problem at once, in the order of the file', () => {
    const set = sampleSet() as Loose;
    for (const index of [2, 9, 15, 17]) REFUSED[index]?.[1](set);
    const result = validateQuestionSet(set);
    expect(result.ok ? [] : result.errors).toEqual([
      { path: '$.questions[0].answers', message: expect.stringContaining('genau drei') },
      { path: '$.questions[0].officialNumber', message: expect.stringContaining('1.1.02') },
      { path: '$.questions[0].points', message: expect.stringContaining('gefunden: 6') },
      { path: '$.questions[1].number.value', message: expect.stringContaining('0.125') },
    ]);
    expect(validateQuestionSet('nichts')).toEqual({
      ok: false,
      errors: [{ path: '$', message: 'Ein JSON-Objekt erwartet' }],
    });
  });

  it('refuses sets loaded together that share a question number or name a chapter twice', () => {
    const other = sampleSet();
    other.chapters[1] = { officialNumber: '1.1', name: 'Anders' };
    expect(() =>
      checkQuestionSets([
        { name: 'a.json', json: sampleSet() },
        { name: 'b.json', json: other },
      ]),
    ).toThrow(QuestionSetError);
    try {
      checkQuestionSets([
        { name: 'a.json', json: sampleSet() },
        { name: 'b.json', json: other },
      ]);
    } catch (error) {
      const messages = (error as QuestionSetError).errors.map((e) => e.message);
      expect(messages).toContain('Frage 1.1.01-001: schon in a.json (Version 2026-10)');
      expect(messages).toContain('Kapitel 1.1: heißt in a.json „Gefahrenlehre“, hier „Anders“');
    }
  });
});

describe('the shipped set (Fahrwerk-Übungsfragen)', () => {
  it('passes the validator and covers the Grundstoff 1.1–1.8 and the classes B and A', () => {
    const files = loadShippedQuestionSets();
    // Part 1 in grundstoff*.json (split by the categories its authors took), part 2 beside.
    const names = files.map((file) => file.name);
    expect(names.filter((name) => name.startsWith('grundstoff')).length).toBeGreaterThan(0);
    expect(names).toContain('zusatzstoff.json');
    for (const file of files) {
      const result = validateQuestionSet(file.json);
      expect(result.ok ? [] : result.errors, file.name).toEqual([]);
    }
    const sets = checkQuestionSets(files);
    const questions = sets.flatMap((set) => set.questions);
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(sets.map((set) => set.catalogueVersion))).toEqual(new Set(['2026-10']));
    for (const category of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect(
        questions.filter((question) => question.officialNumber.startsWith(`1.${category}.`)).length,
        `Grundstoff 1.${category}`,
      ).toBeGreaterThan(0);
    }
    const ofClass = (licenseClass: 'A' | 'B') =>
      questions.filter((question) =>
        (question.licenseClasses as string[] | undefined)?.includes(licenseClass),
      );
    expect(ofClass('B').length).toBeGreaterThan(0);
    expect(ofClass('A').length).toBeGreaterThan(0);
    for (const set of sets) expect(set.licence).toContain('CC BY 4.0');
  });
});

describe.each(DRIVERS)('importing question sets on %s', (driver) => {
  let test: TestDatabase;
  let db: Db;
  let n = 0;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    db = test.database.db;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const school = async () =>
    (await createSchool(db, { name: `Fahrschule Fragen ${++n}`, roles: [], users: [] })).schoolId;
  const rowsOf = async (schoolId: number) => {
    const [chapters, questions, answers, explanations] = await Promise.all(
      [theoryChapters, theoryQuestions, theoryAnswers, questionExplanations].map(async (table) => {
        const [row] = await db
          .select({ n: count() })
          .from(table)
          .where(eq(table.drivingSchoolId, schoolId));
        return Number(row?.n);
      }),
    );
    return { chapters, questions, answers, explanations };
  };
  const questionsOf = (schoolId: number) =>
    db
      .select()
      .from(theoryQuestions)
      .where(eq(theoryQuestions.drivingSchoolId, schoolId))
      .orderBy(asc(theoryQuestions.officialNumber));
  const answersOf = (schoolId: number, questionId: number) =>
    db
      .select()
      .from(theoryAnswers)
      .where(
        and(
          eq(theoryAnswers.drivingSchoolId, schoolId),
          eq(theoryAnswers.theoryQuestionId, questionId),
        ),
      )
      .orderBy(asc(theoryAnswers.position));

  it('writes chapters, questions, answers and explanations as the learning area reads them', async () => {
    const schoolId = await school();
    const counts = await importQuestionSets(db, schoolId, [sampleSet()]);
    expect(counts).toEqual({
      chapters: 6,
      chaptersAdded: 6,
      questionsInserted: 3,
      questionsUpdated: 0,
      questionsRemoved: 0,
      questionsKept: 0,
      answers: 5,
      explanationsAdded: 2,
      versions: ['2026-10'],
    });
    expect(await rowsOf(schoolId)).toEqual({
      chapters: 6,
      questions: 3,
      answers: 5,
      explanations: 2,
    });
    const chapters = await db
      .select({ number: theoryChapters.officialNumber, basic: theoryChapters.basic })
      .from(theoryChapters)
      .where(eq(theoryChapters.drivingSchoolId, schoolId))
      .orderBy(asc(theoryChapters.officialNumber));
    expect(chapters.filter((c) => !c.basic).map((c) => c.number)).toEqual(['2', '2.2', '2.2.03']);
    const [choice, promille, trailer] = await questionsOf(schoolId);
    expect(choice).toMatchObject({
      questionsVersion: '2026-10',
      chapter: '1.1.01',
      points: 4,
      numeric: false,
      basic: true,
      licenseClasses: [],
    });
    expect(
      (await answersOf(schoolId, choice?.id as number)).map((a) => [a.position, a.correct]),
    ).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(promille).toMatchObject({ numeric: true, basic: true });
    expect(await answersOf(schoolId, promille?.id as number)).toEqual([
      expect.objectContaining({ position: 1, text: 'Promille', correct: true, value: '0,5' }),
    ]);
    expect(trailer).toMatchObject({
      chapter: '2.2.03',
      basic: false,
      licenseClasses: ['B', 'BE'],
      numeric: true,
    });
  });

  it("updates a version in place on re-import: a student's answers and pre-exams stay", async () => {
    const schoolId = await school();
    await importQuestionSets(db, schoolId, [sampleSet()]);
    const [first, second] = await questionsOf(schoolId);
    const firstAnswers = await answersOf(schoolId, first?.id as number);
    const [branch] = await db
      .insert(branches)
      .values({
        drivingSchoolId: schoolId,
        name: 'Mitte',
        abbreviation: 'MI',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      })
      .returning({ id: branches.id });
    const [student] = await db
      .insert(students)
      .values({
        drivingSchoolId: schoolId,
        firstName: 'Lena',
        lastName: 'Schulz',
        branchId: branch?.id as number,
      })
      .returning({ id: students.id });
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: schoolId,
        studentId: student?.id as number,
        licenseClass: 'B',
        branchId: branch?.id as number,
        theoryQuestionsVersion: '2026-10',
      })
      .returning({ id: studentEducations.id });
    const learner = {
      drivingSchoolId: schoolId,
      studentId: student?.id as number,
      studentEducationId: education?.id as number,
    };
    await db.insert(studentQuestionAnswers).values({
      ...learner,
      theoryQuestionId: first?.id as number,
      answeredAt: new Date('2026-11-02T10:00:00Z'),
      correct: false,
      chosenAnswerIds: [firstAnswers[1]?.id as number],
    });
    // The number question 1.1.01-002 was part of a finished pre-exam.
    const [preExam] = await db
      .insert(theoryPreExams)
      .values({
        ...learner,
        licenseClass: 'B',
        startedAt: new Date('2026-11-03T10:00:00Z'),
        finishedAt: new Date('2026-11-03T10:30:00Z'),
        questionCount: 1,
        errorPoints: 0,
        passed: true,
      })
      .returning({ id: theoryPreExams.id });
    await db.insert(theoryPreExamQuestions).values({
      drivingSchoolId: schoolId,
      theoryPreExamId: preExam?.id as number,
      theoryQuestionId: second?.id as number,
      position: 1,
      numericValue: '0,5',
      correct: true,
    });

    // The next edition of the file: 001 reworded, 002 and the class question gone, 003 new.
    const next = sampleSet();
    next.questions = [
      {
        ...(next.questions[0] as QuestionSet['questions'][number]),
        text: 'Was gilt für jedes Verhalten im Straßenverkehr?',
        answers: mc([true, true, false], ['Vorsicht', 'Rücksicht', 'Eile']),
      },
      {
        officialNumber: '1.1.01-003',
        points: 3,
        text: 'Womit müssen Sie an Schulen rechnen?',
        answers: mc([true, false, false], ['Mit Kindern', 'Mit nichts', 'Mit Vorfahrt']),
      },
    ];
    next.chapters = next.chapters.slice(0, 3);
    const counts = await importQuestionSets(db, schoolId, [next]);
    // The Zusatzstoff (part 2) is not in the new file at all: it stays as it was.
    expect(counts).toMatchObject({
      questionsInserted: 1,
      questionsUpdated: 1,
      questionsRemoved: 0,
      questionsKept: 1,
      explanationsAdded: 0,
    });
    const after = await questionsOf(schoolId);
    expect(after.map((row) => row.officialNumber)).toEqual([
      '1.1.01-001',
      '1.1.01-002',
      '1.1.01-003',
      '2.2.03-001',
    ]);
    expect(after[0]).toMatchObject({
      id: first?.id,
      text: 'Was gilt für jedes Verhalten im Straßenverkehr?',
    });
    const renewed = await answersOf(schoolId, first?.id as number);
    expect(renewed.map((a) => [a.id, a.text, a.correct])).toEqual([
      [firstAnswers[0]?.id, 'Vorsicht', true],
      [firstAnswers[1]?.id, 'Rücksicht', true],
      [firstAnswers[2]?.id, 'Eile', false],
    ]);
    const [answer] = await db
      .select()
      .from(studentQuestionAnswers)
      .where(eq(studentQuestionAnswers.drivingSchoolId, schoolId));
    expect(answer).toMatchObject({
      theoryQuestionId: first?.id,
      chosenAnswerIds: [firstAnswers[1]?.id],
    });

    // Without the pre-exam, a question no longer in the set goes.
    await db.delete(theoryPreExams).where(eq(theoryPreExams.drivingSchoolId, schoolId));
    expect(await importQuestionSets(db, schoolId, [next])).toMatchObject({
      questionsInserted: 0,
      questionsUpdated: 2,
      questionsRemoved: 1,
      questionsKept: 0,
    });
    expect((await questionsOf(schoolId)).map((row) => row.officialNumber)).toEqual([
      '1.1.01-001',
      '1.1.01-003',
      '2.2.03-001',
    ]);
  });

  it("keeps a school's own explanation and the theme loop's URL", async () => {
    const schoolId = await school();
    await db.insert(questionExplanations).values({
      drivingSchoolId: schoolId,
      officialNumber: '1.1.01-001',
      text: 'Unsere eigene Erklärung',
    });
    await db.insert(theoryChapters).values({
      drivingSchoolId: schoolId,
      officialNumber: '1.1.01',
      name: 'Alter Name',
      detailsUrl: 'https://fahrschule.example/themen/1-1-01',
    });
    const counts = await importQuestionSets(db, schoolId, [sampleSet()]);
    expect(counts).toMatchObject({ chapters: 6, chaptersAdded: 5, explanationsAdded: 1 });
    const explanations = await db
      .select({ number: questionExplanations.officialNumber, text: questionExplanations.text })
      .from(questionExplanations)
      .where(eq(questionExplanations.drivingSchoolId, schoolId))
      .orderBy(asc(questionExplanations.officialNumber));
    expect(explanations).toEqual([
      { number: '1.1.01-001', text: 'Unsere eigene Erklärung' },
      { number: '1.1.01-002', text: '§ 24a StVG: 0,5 Promille oder mehr im Blut.' },
    ]);
    const [chapter] = await db
      .select()
      .from(theoryChapters)
      .where(
        and(
          eq(theoryChapters.drivingSchoolId, schoolId),
          eq(theoryChapters.officialNumber, '1.1.01'),
        ),
      );
    expect(chapter).toMatchObject({
      name: 'Grundformen des Verkehrsverhaltens',
      detailsUrl: 'https://fahrschule.example/themen/1-1-01',
    });
  });

  it('writes nothing for a bad set, even beside good ones', async () => {
    const schoolId = await school();
    const bad = sampleSet() as Loose;
    q(bad, 2).answers = mc([true, false, false]);
    const good = sampleSet();
    good.catalogueVersion = '2027-04';
    await expect(
      importQuestionSets(db, schoolId, [
        { name: 'gut.json', json: good },
        { name: 'schlecht.json', json: bad },
      ]),
    ).rejects.toMatchObject({
      errors: [
        {
          file: 'schlecht.json',
          path: '$.questions[2]',
          message: 'Frage 2.2.03-001: entweder „answers“ oder „number“ angeben, nicht beides',
        },
      ],
    });
    expect(await rowsOf(schoolId)).toEqual({
      chapters: 0,
      questions: 0,
      answers: 0,
      explanations: 0,
    });
  });

  it('loads the shipped set, and again as an update', async () => {
    const schoolId = await school();
    const files = loadShippedQuestionSets();
    const total = checkQuestionSets(files).reduce((sum, set) => sum + set.questions.length, 0);
    const counts = await importQuestionSets(db, schoolId, files);
    expect(counts).toMatchObject({ questionsInserted: total, questionsUpdated: 0 });
    expect((await rowsOf(schoolId)).questions).toBe(total);
    expect(await importQuestionSets(db, schoolId, files)).toMatchObject({
      chapters: 0,
      questionsInserted: 0,
      questionsUpdated: total,
      questionsRemoved: 0,
      explanationsAdded: 0,
    });
  });
});
