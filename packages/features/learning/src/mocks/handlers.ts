import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import { encodeExplanation } from '../learning-rules';

type Schemas = components['schemas'];
type TheoryQuestion = Schemas['TheoryQuestion'];
type LearningModeData = Schemas['LearningModeData'];
type LastWrongAnswer = Schemas['LastWrongAnswer'];
type QuestionAnswerInput = Schemas['QuestionAnswerInput'];
type StudentEducation = Schemas['StudentEducation'];
type StudentListItem = Schemas['StudentListItem'];

/*
 * A handful of German theory questions in three subcategories — alcohol (with the number
 * question about 0,5 Promille), following distance, right of way — and one student, Lena
 * Neumann, who answered some of them: four were last answered wrong (the tutor's list).
 */

export const CHAPTERS = [
  { officialNumber: '1.1.09', name: 'Alkohol, Drogen, Medikamente', questions: [1001, 1002] },
  { officialNumber: '1.2.04', name: 'Abstand', questions: [1003, 1004] },
  { officialNumber: '1.2.08', name: 'Vorfahrt', questions: [1005, 1006] },
] as const;

const question = (
  id: number,
  officialNumber: string,
  chapter: string,
  points: number,
  text: string,
  answers: [string, boolean][] | { label: string; value: string },
): TheoryQuestion => ({
  id,
  officialNumber,
  chapter,
  chapterName: CHAPTERS.find((c) => c.officialNumber === chapter)?.name,
  points,
  text,
  answers: Array.isArray(answers)
    ? answers.map(([answer, correct], index) => ({
        id: id * 10 + index + 1,
        text: answer,
        correct,
      }))
    : [{ id: id * 10 + 1, text: answers.label, correct: true, value: answers.value }],
  numeric: !Array.isArray(answers),
  basic: true,
  licenseClasses: [],
});

export const demoQuestions: TheoryQuestion[] = [
  question(
    1001,
    '1.1.09-101',
    '1.1.09',
    5,
    'Ab welcher Blutalkoholkonzentration handeln Sie ordnungswidrig, auch wenn Sie keine Ausfallerscheinungen zeigen?',
    { label: 'Promille', value: '0,5' },
  ),
  question(1002, '1.1.09-102', '1.1.09', 4, 'Wie wirkt sich Alkohol auf das Fahren aus?', [
    ['Die Reaktionszeit wird länger', true],
    ['Die Risikobereitschaft steigt', true],
    ['Das Sehvermögen bei Dunkelheit wird besser', false],
  ]),
  question(
    1003,
    '1.2.04-001',
    '1.2.04',
    3,
    'Welchen Abstand sollten Sie außerorts zum vorausfahrenden Fahrzeug mindestens einhalten?',
    [
      ['Den halben Tachowert in Metern, bei 100 km/h also 50 m', true],
      ['Ein Viertel des Tachowerts in Metern', false],
      ['Drei Fahrzeuglängen, gleich wie schnell ich fahre', false],
    ],
  ),
  question(
    1004,
    '1.2.04-002',
    '1.2.04',
    3,
    'Wovon hängt der richtige Abstand zum vorausfahrenden Fahrzeug ab?',
    [
      ['Von der Geschwindigkeit', true],
      ['Von den Sicht- und Straßenverhältnissen', true],
      ['Von der Farbe des vorausfahrenden Fahrzeugs', false],
    ],
  ),
  question(
    1005,
    '1.2.08-001',
    '1.2.08',
    5,
    'Sie kommen an eine Kreuzung ohne Verkehrszeichen und ohne Ampel. Wer hat Vorfahrt?',
    [
      ['Wer von rechts kommt', true],
      ['Wer geradeaus fährt', false],
      ['Das größere Fahrzeug', false],
    ],
  ),
  question(1006, '1.2.08-002', '1.2.08', 4, 'Wie verhalten Sie sich an „Vorfahrt gewähren!“?', [
    ['Ich lasse den Verkehr auf der Vorfahrtstraße zuerst fahren', true],
    ['Ich muss in jedem Fall anhalten', false],
    ['Ich fahre erst weiter, wenn ich niemanden gefährde oder behindere', true],
  ]),
];

/** The school's explanations by official number (the others have none: 404). */
export const demoExplanations: Record<string, string> = {
  '1.1.09-101':
    'Ab 0,5 Promille ist das Fahren eine Ordnungswidrigkeit (§ 24a StVG): Bußgeld, Punkte und Fahrverbot.\nIn der Probezeit und vor dem 21. Geburtstag gilt 0,0 Promille.',
  '1.1.09-102':
    'Schon wenig Alkohol verlängert die Reaktionszeit und verleitet zu riskanterem Fahren.',
  '1.2.04-001':
    'Faustregel außerorts: Abstand in Metern = halber Tachowert. Bei 100 km/h also mindestens 50 m.',
  '1.2.08-001':
    'An Kreuzungen ohne Verkehrszeichen gilt „rechts vor links“ (§ 8 StVO): Wer von rechts kommt, hat Vorfahrt – auch gegenüber größeren Fahrzeugen.',
};

type State = { correct: number; wrong: number; last?: boolean };

/** Lena's answers so far: 1001 never answered, 1002 right, the other four last wrong. */
const initialState = (): Map<number, State> =>
  new Map([
    [1002, { correct: 1, wrong: 0, last: true }],
    [1003, { correct: 0, wrong: 2, last: false }],
    [1004, { correct: 1, wrong: 1, last: false }],
    [1005, { correct: 0, wrong: 1, last: false }],
    [1006, { correct: 0, wrong: 3, last: false }],
  ]);

const initialLastWrong = (): Map<number, LastWrongAnswer> =>
  new Map(
    (
      [
        [1003, [10033], '2026-11-18T16:20:00Z'],
        [1004, [10041], '2026-11-19T17:05:00Z'],
        [1005, [10052], '2026-11-20T16:40:00Z'],
        [1006, [10061], '2026-11-20T16:42:00Z'],
      ] as const
    ).map(([id, chosen, at]) => [
      id,
      {
        studentId: 42,
        theoryQuestionId: id,
        studentEducationId: 301,
        answeredAt: at,
        chosenAnswerIds: [...chosen],
      },
    ]),
  );

const education = (
  id: number,
  studentId: number,
  licenseClass: StudentEducation['licenseClass'],
): StudentEducation => ({
  id,
  studentId,
  licenseClass,
  status: 'IN_TRAINING',
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  driveBuzzEnabled: true,
  finished: false,
  automaticPayment: false,
  theoryQuestionsVersion: '2025-10',
  courseIds: [],
  costBearerIds: [],
  startDate: '2026-09-01',
  archived: false,
  createdAt: '2026-09-01T08:00:00Z',
  updatedAt: '2026-09-01T08:00:00Z',
});

/** Lena Neumann (B and A) and Jonas Becker (B only). */
export const demoEducations: StudentEducation[] = [
  education(301, 42, 'B'),
  education(302, 42, 'A'),
  education(303, 43, 'B'),
];

const listItem = (id: number, firstName: string, lastName: string): StudentListItem => ({
  id,
  firstName,
  lastName,
  branchId: 1,
  educationLicenseClasses: demoEducations
    .filter((row) => row.studentId === id)
    .map((row) => row.licenseClass),
  studentCategoryIds: [],
  learningAppLoginAllowed: true,
  archived: false,
});

export const demoStudents: StudentListItem[] = [
  listItem(42, 'Lena', 'Neumann'),
  listItem(43, 'Jonas', 'Becker'),
];

/** The last learning days of the education: 16 active days, oldest first. */
export const demoDays: Schemas['LearningDay'][] = [
  '2026-10-28',
  '2026-10-29',
  '2026-10-31',
  '2026-11-02',
  '2026-11-03',
  '2026-11-05',
  '2026-11-06',
  '2026-11-09',
  '2026-11-10',
  '2026-11-11',
  '2026-11-13',
  '2026-11-14',
  '2026-11-16',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
].map((date, index) => ({
  date,
  minutes: 10 + ((index * 7) % 35),
  answeredCount: 12 + ((index * 5) % 30),
  correctCount: Math.round((12 + ((index * 5) % 30)) * (0.6 + (index % 4) * 0.1)),
}));

const isId = (text: string) => /^[0-9]+$/.test(text);

export type LearningCalls = {
  /** The bodies of `POST /theory-questions/{id}/answer`, with the question. */
  answers: (QuestionAnswerInput & { theoryQuestionId: number })[];
  /** The educations reset. */
  resets: number[];
  /** Explanations written (`PUT`, the text) and deleted (`DELETE`, null), by official number. */
  explanations: { officialNumber: string; text: string | null }[];
  /** Every call of both screens, the student picker's included. */
  handlers: ReturnType<typeof handlersOf>;
  /** Forgets the calls and the answers given (a story's `beforeEach`). */
  reset: () => void;
};

/**
 * The learning calls, with memory: an answer is judged as the server does (exactly the
 * correct answers ticked, or the number equal, comma or point) and changes the learning
 * mode's counts, the statistics and the last wrong answer; a reset forgets every answer.
 * `reset()` (the stories' `beforeEach`) starts over.
 */
export function recordLearningCalls(): LearningCalls {
  const calls = {
    answers: [] as LearningCalls['answers'],
    resets: [] as number[],
    explanations: [] as LearningCalls['explanations'],
  };
  const memory = {
    state: initialState(),
    lastWrong: initialLastWrong(),
    explanations: { ...demoExplanations },
  };
  return {
    ...calls,
    handlers: handlersOf(calls, memory),
    reset: () => {
      calls.answers.length = 0;
      calls.resets.length = 0;
      calls.explanations.length = 0;
      memory.state = initialState();
      memory.lastWrong = initialLastWrong();
      memory.explanations = { ...demoExplanations };
    },
  };
}

type Memory = {
  state: Map<number, State>;
  lastWrong: Map<number, LastWrongAnswer>;
  explanations: Record<string, string>;
};

export function learningModeOf(
  state: Map<number, State>,
  studentEducationId = 301,
): LearningModeData {
  const row = demoEducations.find((e) => e.id === studentEducationId) ?? demoEducations[0];
  return {
    studentEducationId,
    licenseClass: row?.licenseClass ?? 'B',
    questionsVersion: '2025-10',
    questionCount: demoQuestions.length,
    chapters: CHAPTERS.map((chapter) => ({
      officialNumber: chapter.officialNumber,
      name: chapter.name,
      basic: true,
      questions: chapter.questions.map((id) => {
        const q = demoQuestions.find((candidate) => candidate.id === id) as TheoryQuestion;
        const s = state.get(id);
        return {
          theoryQuestionId: id,
          officialNumber: q.officialNumber,
          points: q.points,
          timesCorrect: s?.correct ?? 0,
          timesWrong: s?.wrong ?? 0,
          ...(s?.last === undefined ? {} : { lastAnswerCorrect: s.last }),
        };
      }),
    })),
  };
}

function statsOf(state: Map<number, State>, studentEducationId: number): Schemas['LearningStats'] {
  const answered = [...state.values()].filter((s) => s.last !== undefined);
  const correct = answered.filter((s) => s.last === true).length;
  return {
    studentEducationId,
    questionCount: demoQuestions.length,
    answeredCount: answered.length,
    correctCount: correct,
    wrongCount: answered.length - correct,
    progress: Math.round((correct / demoQuestions.length) * 10000) / 100,
    preExamCount: 2,
    preExamsPassed: 1,
    lastActivityAt: '2026-11-20T16:42:00Z',
  };
}

const numberOf = (text: string | undefined) =>
  text === undefined ? Number.NaN : Number(text.trim().replace(',', '.'));

function handlersOf(
  calls: Pick<LearningCalls, 'answers' | 'resets' | 'explanations'>,
  memory: Memory,
) {
  return [
    // Before `/theory-questions/{theoryQuestionId}`, which would match its path too.
    mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ query, response }) =>
      response(200).json(learningModeOf(memory.state, Number(query.get('studentEducationId')))),
    ),
    mockHttp.get('/theory-questions/{theoryQuestionId}', ({ params, query, response }) => {
      if (!isId(params.theoryQuestionId)) return undefined;
      const found = demoQuestions.find((q) => q.id === Number(params.theoryQuestionId));
      if (!found) return response(404).json(errorBody('errors.not_found'));
      const s = memory.state.get(found.id);
      return response(200).json({
        ...found,
        studentState: {
          studentEducationId: Number(query.get('studentEducationId')),
          timesAnswered: (s?.correct ?? 0) + (s?.wrong ?? 0),
          timesCorrect: s?.correct ?? 0,
          timesWrong: s?.wrong ?? 0,
          ...(s?.last === undefined ? {} : { lastAnswerCorrect: s.last }),
        },
      });
    }),
    mockHttp.post(
      '/theory-questions/{theoryQuestionId}/answer',
      async ({ params, request, response }) => {
        const body = await request.json();
        const id = Number(params.theoryQuestionId);
        calls.answers.push({ ...body, theoryQuestionId: id });
        const found = demoQuestions.find((q) => q.id === id) as TheoryQuestion;
        const correctIds = found.answers.filter((a) => a.correct).map((a) => a.id);
        const expected = found.numeric ? found.answers[0]?.value : undefined;
        const correct = found.numeric
          ? numberOf(body.numericValue) === numberOf(expected)
          : correctIds.length === (body.chosenAnswerIds ?? []).length &&
            correctIds.every((a) => body.chosenAnswerIds?.includes(a));
        const before = memory.state.get(id) ?? { correct: 0, wrong: 0 };
        const after = {
          correct: before.correct + (correct ? 1 : 0),
          wrong: before.wrong + (correct ? 0 : 1),
          last: correct,
        };
        memory.state.set(id, after);
        if (!correct) {
          memory.lastWrong.set(id, {
            studentId: 42,
            theoryQuestionId: id,
            studentEducationId: body.studentEducationId,
            answeredAt: '2026-11-21T10:00:00Z',
            chosenAnswerIds: body.chosenAnswerIds ?? [],
            ...(body.numericValue === undefined ? {} : { numericValue: body.numericValue }),
          });
        }
        return response(200).json({
          correct,
          correctAnswerIds: found.numeric ? [] : correctIds,
          ...(expected === undefined ? {} : { expectedValue: expected }),
          studentState: {
            studentEducationId: body.studentEducationId,
            timesAnswered: after.correct + after.wrong,
            timesCorrect: after.correct,
            timesWrong: after.wrong,
            lastAnsweredAt: '2026-11-21T10:00:00Z',
            lastAnswerCorrect: correct,
          },
        });
      },
    ),
    mockHttp.put(
      '/standard-question-explanation/{officialNumber}',
      async ({ params, request, response }) => {
        const text = await request.text();
        calls.explanations.push({ officialNumber: params.officialNumber, text });
        memory.explanations[params.officialNumber] = text;
        return response(204).empty();
      },
    ),
    mockHttp.delete('/standard-question-explanation/{officialNumber}', ({ params, response }) => {
      calls.explanations.push({ officialNumber: params.officialNumber, text: null });
      delete memory.explanations[params.officialNumber];
      return response(204).empty();
    }),
    mockHttp.get('/standard-question-explanation/{officialNumber}', ({ params, response }) => {
      const text = memory.explanations[params.officialNumber];
      return text === undefined
        ? response(404).json(errorBody('errors.not_found'))
        : response(200).text(encodeExplanation(text));
    }),
    mockHttp.get('/student-question-answers/stats-for-fsc', ({ query, response }) =>
      response(200).json(statsOf(memory.state, Number(query.get('studentEducationId')))),
    ),
    mockHttp.get('/student-question-answers/metrics-for-fsc', ({ query, response }) =>
      response(200).json({
        studentEducationId: Number(query.get('studentEducationId')),
        totalMinutes: demoDays.reduce((sum, day) => sum + day.minutes, 0),
        activeDays: demoDays.length,
        days: demoDays,
      }),
    ),
    mockHttp.get(
      '/student-question-answers/student/{studentId}/question/{theoryQuestionId}/last-wrong-answer',
      ({ params, response }) => {
        const found = memory.lastWrong.get(Number(params.theoryQuestionId));
        return found ? response(200).json(found) : response(204).empty();
      },
    ),
    mockHttp.delete('/student-question-answers/reset-questions', ({ query, response }) => {
      calls.resets.push(Number(query.get('studentEducationId')));
      memory.state = new Map();
      memory.lastWrong = new Map();
      return response(204).empty();
    }),
    ...studentHandlers,
  ];
}

/** The student picker's calls: the search, a student's name, educations. */
export const studentHandlers = [
  mockHttp.post('/students-filter/filter', async ({ request, response }) => {
    const body = await request.json();
    const search = (body.search ?? '').toLowerCase();
    const data = demoStudents.filter((s) =>
      `${s.firstName} ${s.lastName}`.toLowerCase().includes(search),
    );
    return response(200).json({ data, total: data.length });
  }),
  mockHttp.get('/students/{id}', ({ params, response }) => {
    const found = demoStudents.find((s) => s.id === Number(params.id));
    if (!found) return response(404).json(errorBody('errors.not_found'));
    return response(200).json({
      id: found.id,
      firstName: found.firstName,
      lastName: found.lastName,
      language: 'de',
      visualAid: false,
      studentCategoryIds: [],
      checklistIds: [],
      noteIds: [],
      documentIds: [],
      educationContractSigned: true,
      learningAppLoginAllowed: true,
      branchId: 1,
      licenseClasses: [],
      archived: false,
      createdAt: '2026-09-01T08:00:00Z',
      updatedAt: '2026-09-01T08:00:00Z',
    });
  }),
  mockHttp.get('/student-educations/student/{studentId}', ({ params, response }) =>
    response(200).json(demoEducations.filter((e) => e.studentId === Number(params.studentId))),
  ),
  mockHttp.get('/student-educations/{id}', ({ params, response }) => {
    const found = demoEducations.find((e) => e.id === Number(params.id));
    return found ? response(200).json(found) : response(404).json(errorBody('errors.not_found'));
  }),
];

const allWrongAnsweredRight = new Map<number, State>(
  demoQuestions.map((q) => [q.id, { correct: 2, wrong: 1, last: true }]),
);

/** Single handlers for the states; put them before a `recordLearningCalls().handlers`. */
export const learningHandlers = {
  modeLoading: mockHttp.get('/theory-questions/learning-mode-for-fsc', async ({ response }) => {
    await delay('infinite');
    return response(200).json(learningModeOf(new Map()));
  }),
  modeDown: mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** Fails while `failing()` says so (a retry after it stops succeeds). */
  modeDownWhile: (failing: () => boolean) =>
    mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ query, response }) =>
      failing()
        ? response(500).json(errorBody('errors.internal'))
        : response(200).json(
            learningModeOf(initialState(), Number(query.get('studentEducationId'))),
          ),
    ),
  modeNotFound: mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ response }) =>
    response(404).json(errorBody('errors.not_found')),
  ),
  modeEmpty: mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ response }) =>
    response(200).json({
      studentEducationId: 301,
      licenseClass: 'B',
      questionsVersion: '2025-10',
      questionCount: 0,
      chapters: [],
    }),
  ),
  /** Every question's last answer was right: no weak questions. */
  modeAllRight: mockHttp.get('/theory-questions/learning-mode-for-fsc', ({ response }) =>
    response(200).json(learningModeOf(allWrongAnsweredRight)),
  ),
  answerRefused: mockHttp.post('/theory-questions/{theoryQuestionId}/answer', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'chosenAnswerIds', error: 'validation.not_found' }],
      }),
    ),
  ),
  statsDown: mockHttp.get('/student-question-answers/stats-for-fsc', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  metricsDown: mockHttp.get('/student-question-answers/metrics-for-fsc', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  explanationDown: mockHttp.get('/standard-question-explanation/{officialNumber}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};
