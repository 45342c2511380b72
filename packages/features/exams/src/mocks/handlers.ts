import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  EducationStatusInfo,
  Exam,
  ExamParticipant,
  StudentEducation,
  StudentExamAndEducation,
  TestingOrganization,
  TheoryPreExam,
  TheoryPreExamAnswer,
  TheoryPreExamDetail,
  TheoryPreExamOpenQuestion,
  User,
} from '../api/exam-queries';

/* Fixtures and typed MSW handlers of the exam calls, for stories and tests. */

/** The day the fixtures are relative to (pass as `today`). */
export const FIXTURE_TODAY = '2026-03-01';

const stamp = '2026-01-05T09:00:00Z';

export const organizationsFixture: TestingOrganization[] = [
  {
    id: 1,
    name: 'TÜV SÜD Berlin',
    kind: 'TUEV',
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'DEKRA Berlin-Mitte',
    kind: 'DEKRA',
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

const user = (id: number, firstName: string, lastName: string): User => ({
  id,
  drivingSchoolId: 1,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@fahrschule.example`,
  roleIds: [2],
  roleNames: ['Fahrlehrer'],
  studentVisibility: 'ALL',
  archived: false,
});

export const usersFixture: User[] = [user(3, 'Jonas', 'Weber'), user(4, 'Petra', 'Krause')];

type ParticipantPatch = Partial<ExamParticipant> & Pick<ExamParticipant, 'id' | 'status'>;

let nextStudent = 10;
export const participant = (
  firstName: string,
  lastName: string,
  patch: ParticipantPatch,
): ExamParticipant => {
  nextStudent += 1;
  return {
    studentId: nextStudent,
    studentEducationId: 100 + nextStudent,
    firstName,
    lastName,
    licenseClass: 'B',
    ready: patch.status !== 'PLANNED' && patch.status !== 'CANCELLED',
    attempt: 1,
    ...patch,
  };
};

const protocol = {
  id: 900,
  fileName: 'protokoll-schulz.pdf',
  mimeType: 'application/pdf',
  size: 182_000,
};

/** A past theory exam with a participant in every status. */
export const everyStatusExam: Exam = {
  id: 5,
  kind: 'THEORY',
  date: '2026-02-26',
  startTime: '09:00',
  minutes: 45,
  testingOrganizationId: 1,
  listNumber: 'TH-2026-0412',
  proctorId: 3,
  examiner: 'Herr Albers',
  location: 'Prüfstelle Berlin-Tempelhof',
  licenseClass: 'B',
  places: 10,
  booked: true,
  bookedAt: '2026-02-10T10:00:00Z',
  participants: [
    participant('Lea', 'Schulz', {
      id: 51,
      status: 'PASSED',
      points: 6,
      protocol,
      practicalExamDeadline: '2027-02-26',
    }),
    participant('Tim', 'Becker', { id: 52, status: 'FAILED', points: 14, attempt: 2 }),
    participant('Mia', 'Wagner', { id: 53, status: 'ABSENT' }),
    participant('Noah', 'Hoffmann', { id: 54, status: 'BOOKED' }),
    participant('Emma', 'Koch', { id: 55, status: 'READY' }),
    participant('Paul', 'Richter', {
      id: 56,
      status: 'PLANNED',
      examApplicationExpiresAt: '2026-03-20',
    }),
    participant('Sofia', 'Klein', { id: 57, status: 'CANCELLED' }),
  ],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

/** A coming practical exam, not yet booked, with two participants. */
export const plannedExam: Exam = {
  id: 6,
  kind: 'PRACTICAL',
  date: '2026-03-12',
  startTime: '07:30',
  minutes: 55,
  testingOrganizationId: 2,
  listNumber: 'PR-118',
  proctorId: 4,
  licenseClass: 'B',
  places: 3,
  booked: false,
  participants: [
    participant('Jan', 'Neumann', { id: 61, status: 'READY' }),
    participant('Lena', 'Schwarz', { id: 62, status: 'PLANNED' }),
  ],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

const exam = (patch: Partial<Exam> & Pick<Exam, 'id' | 'date' | 'startTime'>): Exam => ({
  kind: 'THEORY',
  minutes: 45,
  testingOrganizationId: 1,
  licenseClass: 'B',
  places: 12,
  booked: false,
  participants: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
  ...patch,
});

export const theoryExamsFixture: Exam[] = [
  everyStatusExam,
  exam({ id: 7, date: '2026-03-04', startTime: '08:30', listNumber: 'TH-2026-0431', proctorId: 4 }),
  exam({
    id: 8,
    date: '2026-03-04',
    startTime: '13:00',
    testingOrganizationId: 2,
    licenseClass: undefined,
  }),
  exam({ id: 9, date: '2026-03-18', startTime: '10:00', listNumber: 'TH-2026-0460', booked: true }),
];

export const practicalExamsFixture: Exam[] = [
  plannedExam,
  {
    ...plannedExam,
    id: 10,
    date: '2026-03-19',
    startTime: '12:00',
    listNumber: 'PR-119',
    participants: [],
    booked: true,
  },
];

/** Educations that may join an exam, and their requirements. */
export const candidateEducations: StudentEducation[] = [
  { id: 201, studentId: 21 },
  { id: 202, studentId: 22 },
  { id: 203, studentId: 23 },
].map((row) => ({
  ...row,
  licenseClass: 'B',
  status: 'IN_TRAINING',
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  driveBuzzEnabled: true,
  finished: false,
  automaticPayment: false,
  courseIds: [],
  costBearerIds: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
}));

const student = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  language: 'de' as const,
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
  createdAt: stamp,
  updatedAt: stamp,
});

export const candidateStudents = [
  student(21, 'Ben', 'Fischer'),
  student(22, 'Clara', 'Meyer'),
  student(23, 'David', 'Schäfer'),
];

export const statusInfoFixture: EducationStatusInfo[] = [
  {
    studentEducationId: 201,
    requirements: [
      { name: 'theoryBasicComplete', status: true, done: 12, needed: 12 },
      { name: 'theoryClassSpecificComplete', status: true, done: 2, needed: 2 },
      { name: 'eyeTest', status: true },
      { name: 'firstAid', status: true },
      { name: 'feesPaid', status: true },
    ],
  },
  {
    studentEducationId: 202,
    requirements: [
      { name: 'theoryBasicComplete', status: false, done: 9, needed: 12 },
      { name: 'theoryClassSpecificComplete', status: true, done: 2, needed: 2 },
      { name: 'firstAid', status: false },
      { name: 'feesPaid', status: true },
    ],
  },
  { studentEducationId: 203, requirements: [{ name: 'no data', status: true }] },
];

/** A student with a passed theory exam whose practical deadline is near, and one lapsed. */
export const studentExamsFixture: StudentExamAndEducation = {
  student: student(11, 'Lea', 'Schulz'),
  educations: [
    {
      ...(candidateEducations[0] as StudentEducation),
      id: 111,
      studentId: 11,
      status: 'THEORY_PASSED',
      theoryExamDate: '2025-03-20',
      practicalExamDeadline: '2026-03-20',
      examApplicationExpiresAt: '2026-02-15',
    },
    {
      ...(candidateEducations[0] as StudentEducation),
      id: 112,
      studentId: 11,
      licenseClass: 'A2',
      status: 'IN_TRAINING',
      examApplicationExpiresAt: '2026-09-30',
    },
  ],
  exams: [
    {
      examId: 10,
      kind: 'PRACTICAL',
      studentEducationId: 111,
      licenseClass: 'B',
      date: '2026-03-19',
      time: '12:00',
      status: 'PLANNED',
      testingOrganizationId: 2,
    },
    {
      examId: 4,
      kind: 'THEORY',
      studentEducationId: 111,
      licenseClass: 'B',
      date: '2025-03-20',
      time: '09:00',
      status: 'PASSED',
      testingOrganizationId: 1,
    },
    {
      examId: 3,
      kind: 'THEORY',
      studentEducationId: 111,
      licenseClass: 'B',
      date: '2025-02-13',
      time: '09:00',
      status: 'FAILED',
      testingOrganizationId: 1,
    },
  ],
};

export const preExamsFixture: TheoryPreExam[] = [
  {
    id: 301,
    studentId: 11,
    studentEducationId: 111,
    licenseClass: 'B',
    startedAt: '2026-02-20T17:02:00Z',
    finished: true,
    finishedAt: '2026-02-20T17:31:00Z',
    questionCount: 30,
    errorPoints: 8,
    passed: true,
  },
  {
    id: 302,
    studentId: 11,
    studentEducationId: 111,
    licenseClass: 'B',
    startedAt: '2026-02-18T16:40:00Z',
    finished: true,
    finishedAt: '2026-02-18T17:05:00Z',
    questionCount: 30,
    errorPoints: 15,
    passed: false,
  },
  {
    id: 303,
    studentId: 11,
    studentEducationId: 112,
    licenseClass: 'A2',
    startedAt: '2026-02-25T18:00:00Z',
    finished: false,
    questionCount: 30,
  },
  {
    id: 304,
    studentId: 11,
    studentEducationId: 111,
    licenseClass: 'B',
    startedAt: '2026-02-28T10:00:00Z',
    finished: false,
    questionCount: 30,
  },
];

const question = (
  id: number,
  officialNumber: string,
  text: string,
  points: number,
  answers: { id: number; text: string; correct: boolean; value?: string }[],
  numeric = false,
) => ({
  id,
  officialNumber,
  chapter: '1.1.01',
  points,
  text,
  answers,
  numeric,
  basic: true,
  licenseClasses: ['B' as const],
});

export const preExamDetailFixture: TheoryPreExamDetail = {
  preExam: preExamsFixture[1] as TheoryPreExam,
  questions: [
    {
      question: question(
        1,
        '1.1.01-001',
        'Wie verhalten Sie sich an einer Kreuzung mit abknickender Vorfahrt?',
        4,
        [
          { id: 11, text: 'Ich beachte die Vorfahrtregelung der Zusatzzeichen', correct: true },
          { id: 12, text: 'Ich fahre immer zuerst', correct: false },
          { id: 13, text: 'Ich zeige die Richtungsänderung rechtzeitig an', correct: true },
        ],
      ),
      chosenAnswerIds: [11, 13],
      correct: true,
    },
    {
      question: question(
        2,
        '2.2.03-105',
        'Womit müssen Sie bei Schulbussen mit Warnblinklicht rechnen?',
        5,
        [
          { id: 21, text: 'Kinder überqueren unachtsam die Fahrbahn', correct: true },
          { id: 22, text: 'Der Bus fährt sofort an', correct: false },
        ],
      ),
      chosenAnswerIds: [22],
      correct: false,
    },
    {
      question: question(
        3,
        '1.2.04-012',
        'Wie groß ist der Anhalteweg bei 50 km/h und normaler Bremsung (in m)?',
        3,
        [{ id: 31, text: 'Anhalteweg in m', correct: true, value: '40' }],
        true,
      ),
      chosenAnswerIds: [],
      numericValue: '25',
      correct: false,
    },
  ],
};

const page = <T>(data: T[]) => ({ data, total: data.length });

/** Both resources answer alike; `resource` picks the paths. */
function examHandlers(exams: Exam[], kind: 'theory' | 'practical') {
  const list =
    kind === 'theory' ? ('/theory-exams/filter' as const) : ('/practical-exams/filter' as const);
  const range = kind === 'theory' ? ('/theory-exams' as const) : ('/practical-exams' as const);
  return {
    full: mockHttp.post(list, ({ response }) => response(200).json(page(exams))),
    empty: mockHttp.post(list, ({ response }) => response(200).json(page([]))),
    loading: mockHttp.post(list, async ({ response }) => {
      await delay('infinite');
      return response(200).json(page([]));
    }),
    error: mockHttp.post(list, ({ response }) => response(500).json(errorBody('errors.internal'))),
    month: mockHttp.get(range, ({ query, response }) => {
      const from = query.get('from') ?? '';
      const to = query.get('to') ?? '9999';
      return response(200).json(exams.filter((row) => row.date >= from && row.date <= to));
    }),
  };
}

export const theoryExamHandlers = examHandlers(theoryExamsFixture, 'theory');
export const practicalExamHandlers = examHandlers(practicalExamsFixture, 'practical');

/** The exam detail's calls, answered from a copy that changes as a real server would. */
export function examDetailHandlers(initial: Exam) {
  let current: Exam = structuredClone(initial);
  const change = (patch: Partial<ExamParticipant>, id: number) => {
    current = {
      ...current,
      participants: current.participants.map((row) => (row.id === id ? { ...row, ...patch } : row)),
    };
    return current.participants.find((row) => row.id === id) as ExamParticipant;
  };
  return {
    get: mockHttp.get('/theory-exams/{id}', ({ response }) => response(200).json(current)),
    getPractical: mockHttp.get('/practical-exams/{id}', ({ response }) =>
      response(200).json(current),
    ),
    updateStatus: mockHttp.put(
      '/theory-exams/update-student-exam-statuses',
      async ({ request, response }) => {
        const { statuses } = await request.json();
        return response(200).json(
          statuses.map((update) =>
            change(
              {
                status: update.status,
                ...(update.points !== undefined ? { points: update.points } : {}),
              },
              update.studentExamId,
            ),
          ),
        );
      },
    ),
    markReady: mockHttp.post('/theory-exams/{id}/mark-as-ready', async ({ request, response }) => {
      const { studentExamIds } = await request.json();
      for (const id of studentExamIds) change({ ready: true, status: 'READY' }, id);
      return response(200).json(current);
    }),
    bookOk: mockHttp.post('/theory-exams/{id}/book', ({ response }) => {
      current = {
        ...current,
        booked: true,
        bookedAt: '2026-03-01T10:00:00Z',
        participants: current.participants.map((row) =>
          row.status === 'READY' ? { ...row, status: 'BOOKED' } : row,
        ),
      };
      return response(200).json(current);
    }),
    bookRefused: mockHttp.post('/theory-exams/{id}/book', ({ response }) =>
      response(422).json(errorBody('errors.exam_no_ready_participants')),
    ),
    bookRefusedServerText: mockHttp.post('/practical-exams/{id}/book', ({ response }) =>
      response(422).json(errorBody('Die Prüfstelle hat für diesen Tag keine Kapazität mehr.')),
    ),
    remove: mockHttp.delete('/theory-exams/student-exam/{id}', ({ params, response }) => {
      current = {
        ...current,
        participants: current.participants.filter((row) => row.id !== Number(params.id)),
      };
      return response(204).empty();
    }),
    setParticipants: mockHttp.put('/theory-exams/participants', async ({ request, response }) => {
      const { studentEducationIds } = await request.json();
      const known = new Set(current.participants.map((row) => row.studentEducationId));
      const added = studentEducationIds
        .filter((id) => !known.has(id))
        .map((id, index) => {
          const education = candidateEducations.find((row) => row.id === id);
          const person = candidateStudents.find((row) => row.id === education?.studentId);
          return {
            id: 80 + index,
            studentId: person?.id ?? 0,
            studentEducationId: id,
            firstName: person?.firstName ?? '',
            lastName: person?.lastName ?? '',
            licenseClass: 'B' as const,
            status: 'PLANNED' as const,
            ready: false,
            attempt: 1,
          };
        });
      current = { ...current, participants: [...current.participants, ...added] };
      return response(200).json(current);
    }),
    uploadOk: mockHttp.post('/theory-exams/upload-protocol', ({ response }) =>
      response(200).json(change({ protocol: { ...protocol, id: 901 } }, 52)),
    ),
    uploadTooLarge: mockHttp.post('/theory-exams/upload-protocol', ({ response }) =>
      response(413).json(errorBody('errors.file_too_large')),
    ),
    downloadProtocol: mockHttp.get(
      '/theory-exams/protocol/{studentExamId}',
      () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    ),
    repeatFeeOk: mockHttp.post(
      '/products/student-booked-product/on-failed-exam/{studentEducationId}/{studentTheoryExamId}',
      ({ params, response }) =>
        response(201).json([
          {
            id: 700,
            studentId: 1,
            studentEducationId: Number(params.studentEducationId),
            productId: 40,
            type: 'DRIVING_LESSON',
            name: 'Vorstellung zur Prüfung',
            quantity: 1,
            price: 14_900,
            vatRate: 19,
            invoiced: false,
            bookedAt: '2026-03-01T10:00:00Z',
          },
        ]),
    ),
    repeatFeeRefused: mockHttp.post(
      '/products/student-booked-product/on-failed-exam/{studentEducationId}/{studentTheoryExamId}',
      ({ response }) => response(422).json(errorBody('errors.exam_not_failed')),
    ),
  };
}

export const lookupHandlers = {
  organizations: mockHttp.get('/testing-organizations', ({ response }) =>
    response(200).json(organizationsFixture),
  ),
  users: mockHttp.get('/users', ({ response }) => response(200).json(usersFixture)),
  candidates: mockHttp.post('/student-educations/filter', ({ response }) =>
    response(200).json(page(candidateEducations)),
  ),
  students: mockHttp.post('/students/filter', ({ response }) =>
    response(200).json(page(candidateStudents)),
  ),
  statusInfo: mockHttp.get('/theory-exams/education-status-info', ({ query, response }) => {
    const ids = query.getAll('studentEducationIds').map(Number);
    return response(200).json(
      statusInfoFixture.filter((row) => ids.includes(row.studentEducationId)),
    );
  }),
  createExamOk: mockHttp.post('/theory-exams', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...input,
      id: 99,
      kind: 'THEORY',
      booked: false,
      participants: [],
      archived: false,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }),
  createExamRefused: mockHttp.post('/theory-exams', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'listNumber', error: 'validation.duplicate' }],
      }),
    ),
  ),
  updateExamOk: mockHttp.put('/theory-exams/{id}', async ({ request, params, response }) => {
    const input = await request.json();
    const row = theoryExamsFixture.find((item) => item.id === Number(params.id)) ?? everyStatusExam;
    return response(200).json({ ...row, ...input });
  }),
  archiveExamOk: mockHttp.post('/theory-exams/archive', ({ query, response }) => {
    const row =
      theoryExamsFixture.find((item) => item.id === Number(query.get('id'))) ?? everyStatusExam;
    return response(200).json({ ...row, archived: query.get('archived') === 'true' });
  }),
};

export const studentHandlers = {
  full: mockHttp.get('/students/exam-and-education/{id}', ({ response }) =>
    response(200).json(studentExamsFixture),
  ),
  empty: mockHttp.get('/students/exam-and-education/{id}', ({ response }) =>
    response(200).json({ ...studentExamsFixture, educations: [], exams: [] }),
  ),
  loading: mockHttp.get('/students/exam-and-education/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(studentExamsFixture);
  }),
  error: mockHttp.get('/students/exam-and-education/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};

export const preExamHandlers = {
  full: mockHttp.get('/theory-pre-exams/student/{id}', ({ response }) =>
    response(200).json(preExamsFixture),
  ),
  empty: mockHttp.get('/theory-pre-exams/student/{id}', ({ response }) => response(200).json([])),
  loading: mockHttp.get('/theory-pre-exams/student/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  error: mockHttp.get('/theory-pre-exams/student/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  detail: mockHttp.get('/theory-pre-exams/finished/{id}', ({ response }) =>
    response(200).json(preExamDetailFixture),
  ),
};

/* A pre-exam taken in the back office: a pool of 30 questions and a server that remembers. */

/** A question of the pool with its solution (`TheoryPreExamDetail`'s question). */
export type PoolQuestion = TheoryPreExamDetail['questions'][number]['question'];

type Choices = [text: string, correct: boolean][];

let nextPoolId = 5000;
const poolQuestion = (
  officialNumber: string,
  points: number,
  text: string,
  answers: Choices | { label: string; value: string },
  basic = true,
): PoolQuestion => {
  nextPoolId += 1;
  const id = nextPoolId;
  return {
    id,
    officialNumber,
    chapter: officialNumber.slice(0, officialNumber.indexOf('-')),
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
    basic,
    licenseClasses: basic ? [] : ['B'],
  };
};

/** Braking distance by the rule of thumb: (speed / 10)² metres. */
const brakingDistance = (speed: number) =>
  poolQuestion(
    `1.2.04-0${20 + speed / 10}`,
    3,
    `Wie lang ist der Bremsweg bei ${speed} km/h und normaler Bremsung nach der Faustformel (in m)?`,
    { label: 'Bremsweg in m', value: String((speed / 10) ** 2) },
  );

const SIGNS: [name: string, meaning: string][] = [
  ['Halt. Vorfahrt gewähren.', 'Ich muss anhalten und Vorfahrt gewähren'],
  ['Verbot der Einfahrt', 'Ich darf in diese Straße nicht einfahren'],
  ['Vorfahrtstraße', 'Ich habe an den folgenden Kreuzungen und Einmündungen Vorfahrt'],
  [
    'Überholverbot für Kraftfahrzeuge aller Art',
    'Ich darf hier keine mehrspurigen Kraftfahrzeuge überholen',
  ],
  ['Verbot für Fahrzeuge aller Art', 'Ich darf hier mit keinem Fahrzeug fahren'],
];

/** What a sign means; the other signs' meanings are the wrong answers. */
const signQuestion = ([name, meaning]: (typeof SIGNS)[number], index: number) =>
  poolQuestion(
    `1.4.41-${String(101 + index).padStart(3, '0')}`,
    2,
    `Was bedeutet das Zeichen „${name}“?`,
    [
      [meaning, true],
      ...SIGNS.filter((sign) => sign[1] !== meaning)
        .slice(index % 3, (index % 3) + 2)
        .map(([, other]): [string, boolean] => [other, false]),
    ],
  );

/**
 * A pre-exam's 30 questions in exam order, with their solutions: 20 of the basic syllabus
 * (some written out, the braking distances and the signs from templates) and 10 of class B.
 * Five cost 5 points; seven are answered with a number.
 */
export const preExamPool: PoolQuestion[] = [
  poolQuestion(
    '1.1.01-001',
    4,
    'Wie verhalten Sie sich an einer Kreuzung mit abknickender Vorfahrt?',
    [
      ['Ich beachte die Vorfahrtregelung des Zusatzzeichens', true],
      ['Ich fahre immer zuerst', false],
      ['Ich zeige die Richtungsänderung rechtzeitig an', true],
    ],
  ),
  poolQuestion(
    '1.1.02-105',
    5,
    'Womit müssen Sie bei einem Schulbus mit eingeschaltetem Warnblinklicht rechnen?',
    [
      ['Kinder überqueren unachtsam die Fahrbahn', true],
      ['Der Bus ist liegen geblieben und wird abgeschleppt', false],
      ['Kinder laufen hinter dem Bus hervor', true],
    ],
  ),
  poolQuestion(
    '1.1.09-101',
    5,
    'Ab welcher Blutalkoholkonzentration (in Promille) handeln Sie ordnungswidrig, auch wenn Sie keine Ausfallerscheinungen zeigen?',
    { label: 'Promille', value: '0,5' },
  ),
  poolQuestion('1.2.02-004', 4, 'Womit müssen Sie bei starkem Regen rechnen?', [
    ['Mit einem längeren Bremsweg', true],
    ['Mit Aquaplaning', true],
    ['Mit besserer Haftung der Reifen', false],
  ]),
  poolQuestion(
    '1.2.04-001',
    3,
    'Welchen Abstand sollten Sie außerorts zum vorausfahrenden Fahrzeug mindestens einhalten?',
    [
      ['Den halben Tachowert in Metern, bei 100 km/h also 50 m', true],
      ['Ein Viertel des Tachowerts in Metern', false],
      ['Drei Fahrzeuglängen, gleich wie schnell ich fahre', false],
    ],
  ),
  poolQuestion(
    '1.2.08-001',
    5,
    'Sie kommen an eine Kreuzung ohne Verkehrszeichen und ohne Ampel. Wer hat Vorfahrt?',
    [
      ['Wer von rechts kommt', true],
      ['Wer geradeaus fährt', false],
      ['Das größere Fahrzeug', false],
    ],
  ),
  poolQuestion('1.2.08-002', 4, 'Wie verhalten Sie sich an einem Zeichen „Vorfahrt gewähren!“?', [
    ['Ich lasse den Verkehr auf der Vorfahrtstraße zuerst fahren', true],
    ['Ich muss in jedem Fall anhalten', false],
    ['Ich fahre erst weiter, wenn ich niemanden gefährde oder behindere', true],
  ]),
  poolQuestion(
    '1.2.26-002',
    4,
    'Ein Fußgänger will erkennbar einen Fußgängerüberweg benutzen. Wie verhalten Sie sich?',
    [
      ['Ich ermögliche ihm das Überqueren', true],
      ['Ich fahre mit mäßiger Geschwindigkeit heran', true],
      ['Ich hupe, damit er stehen bleibt', false],
    ],
  ),
  poolQuestion('1.3.01-005', 2, 'Wann müssen Sie das Abblendlicht einschalten?', [
    ['Bei Dämmerung', true],
    ['Bei Dunkelheit', true],
    ['Bei Sonnenschein auf der Autobahn', false],
  ]),
  poolQuestion(
    '1.4.40-010',
    3,
    'Sie kommen als Erste oder Erster an eine Unfallstelle. Was tun Sie?',
    [
      ['Ich sichere die Unfallstelle ab', true],
      ['Ich leiste Erste Hilfe', true],
      ['Ich fahre weiter, es kommen ja noch andere', false],
    ],
  ),
  poolQuestion('1.5.01-002', 3, 'Wodurch vermeiden Sie unnötigen Kraftstoffverbrauch?', [
    ['Durch frühzeitiges Hochschalten', true],
    ['Indem ich den Motor im Stand warmlaufen lasse', false],
    ['Indem ich einen nicht benötigten Dachträger abbaue', true],
  ]),
  ...[30, 50, 70, 100].map(brakingDistance),
  ...SIGNS.map(signQuestion),
  poolQuestion(
    '2.2.03-101',
    5,
    'Wie hoch ist die zulässige Höchstgeschwindigkeit für Pkw außerhalb geschlossener Ortschaften (in km/h)?',
    { label: 'km/h', value: '100' },
    false,
  ),
  poolQuestion(
    '2.2.02-004',
    3,
    'Welche Kinder müssen im Pkw in einem Kindersitz gesichert werden?',
    [
      ['Kinder unter 12 Jahren, die kleiner als 150 cm sind', true],
      ['Nur Kinder unter 3 Jahren', false],
      ['Alle Kinder, die vorne sitzen, gleich wie groß', false],
    ],
    false,
  ),
  poolQuestion(
    '2.2.05-001',
    2,
    'Wozu dient das Antiblockiersystem (ABS)?',
    [
      ['Das Fahrzeug bleibt bei einer Vollbremsung lenkbar', true],
      ['Der Bremsweg wird auf jedem Untergrund kürzer', false],
      ['Ich kann in Kurven schneller fahren', false],
    ],
    false,
  ),
  poolQuestion(
    '2.2.06-002',
    4,
    'Was müssen Sie beim Beladen eines Pkw beachten?',
    [
      ['Die zulässige Gesamtmasse darf nicht überschritten werden', true],
      ['Die Ladung muss gesichert sein', true],
      ['Schwere Gegenstände gehören nach oben', false],
    ],
    false,
  ),
  poolQuestion(
    '2.2.09-001',
    5,
    'Wie verhalten Sie sich bei Glätte vor und in einer Kurve?',
    [
      ['Ich verringere die Geschwindigkeit vor der Kurve', true],
      ['Ich bremse in der Kurve kräftig', false],
      ['Ich lenke gleichmäßig und ohne ruckartige Bewegungen', true],
    ],
    false,
  ),
  poolQuestion(
    '2.2.12-003',
    4,
    'Was müssen Sie beim Abschleppen eines Pkw beachten?',
    [
      ['Am abgeschleppten Fahrzeug wird das Warnblinklicht eingeschaltet', true],
      ['Die Höchstgeschwindigkeit auf der Autobahn ist 130 km/h', false],
      ['Am Steuer des abgeschleppten Fahrzeugs sitzt eine geeignete Person', true],
    ],
    false,
  ),
  poolQuestion(
    '2.2.13-002',
    3,
    'Was gehört zur vorgeschriebenen Ausrüstung eines Pkw?',
    [
      ['Ein Warndreieck', true],
      ['Ein Verbandkasten', true],
      ['Ein Feuerlöscher', false],
    ],
    false,
  ),
  poolQuestion(
    '2.2.14-003',
    3,
    'Wie tief muss das Profil der Reifen eines Pkw mindestens sein (in mm)?',
    { label: 'mm', value: '1,6' },
    false,
  ),
  poolQuestion(
    '2.2.14-005',
    3,
    'Was führt zu erhöhtem Reifenverschleiß?',
    [
      ['Zu niedriger Reifendruck', true],
      ['Sportliche Fahrweise mit starkem Bremsen', true],
      ['Regelmäßiges Prüfen des Reifendrucks', false],
    ],
    false,
  ),
  poolQuestion(
    '2.2.17-001',
    2,
    'Was bewirkt eine Dachbox auf dem Pkw?',
    [
      ['Einen höheren Kraftstoffverbrauch', true],
      ['Eine höhere Seitenwindempfindlichkeit', true],
      ['Einen kürzeren Bremsweg', false],
    ],
    false,
  ),
];

/** A pool question as the running pre-exam gets it: no solutions, a number's label left out. */
export function openQuestion(question: PoolQuestion, position: number): TheoryPreExamOpenQuestion {
  return {
    theoryQuestionId: question.id,
    position,
    officialNumber: question.officialNumber,
    points: question.points,
    text: question.text,
    numeric: question.numeric,
    answers: question.numeric ? [] : question.answers.map(({ id, text }) => ({ id, text })),
    ...(question.imageUrl ? { imageUrl: question.imageUrl } : {}),
  };
}

/** The student's educations (`GET /student-educations/student/{id}`): classes B and A2. */
export const studentEducationsFixture: StudentEducation[] = studentExamsFixture.educations;

const numberOf = (text: string | undefined) =>
  text === undefined ? null : Number(text.trim().replace(',', '.'));

/** Judged as the server does: every correct answer ticked and no other, or the same number. */
function judge(question: PoolQuestion, answer: TheoryPreExamAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.numeric) {
    const expected = numberOf(question.answers[0]?.value);
    const value = numberOf(answer.numericValue);
    return (
      expected !== null && value !== null && Math.round(expected * 100) === Math.round(value * 100)
    );
  }
  const chosen = new Set(answer.chosenAnswerIds ?? []);
  const correct = question.answers.filter((row) => row.correct).map((row) => row.id);
  return correct.length === chosen.size && correct.every((id) => chosen.has(id));
}

export type PreExamRunOptions = {
  /** The questions drawn, in order (the 30 of the pool). */
  questions?: PoolQuestion[];
  /** Hand-ins that fail with a server error before one succeeds. */
  finishFailures?: number;
};

/**
 * The pre-exam calls of one story, answered from state as the server would: the student's
 * list (`preExamsFixture` and the pre-exams started here, newest first), the start (the pool
 * without solutions, started "2026-03-01 11:00"), the hand-in (judged and scored by the real
 * rules, once), and a finished one's questions. `handlers` go to `parameters.msw`.
 */
export function preExamRunHandlers({
  questions = preExamPool,
  finishFailures = 0,
}: PreExamRunOptions = {}) {
  const started: TheoryPreExam[] = [];
  const details = new Map<number, TheoryPreExamDetail>();
  let failuresLeft = finishFailures;
  const handlers = {
    list: mockHttp.get('/theory-pre-exams/student/{id}', ({ response }) =>
      response(200).json([...started].reverse().concat(preExamsFixture)),
    ),
    start: mockHttp.post('/theory-pre-exams', async ({ request, response }) => {
      const { studentEducationId } = await request.json();
      const education = studentEducationsFixture.find((row) => row.id === studentEducationId);
      if (!education) return response(404).json(errorBody('errors.not_found'));
      const preExam: TheoryPreExam = {
        id: 305 + started.length,
        studentId: education.studentId,
        studentEducationId,
        licenseClass: education.licenseClass,
        startedAt: '2026-03-01T10:00:00Z',
        finished: false,
        questionCount: questions.length,
      };
      started.push(preExam);
      return response(201).json({
        preExam,
        questions: questions.map((question, index) => openQuestion(question, index + 1)),
      });
    }),
    finish: mockHttp.post(
      '/theory-pre-exams/{id}/finish',
      async ({ params, request, response }) => {
        const index = started.findIndex((row) => row.id === Number(params.id));
        const preExam = started[index];
        if (!preExam) return response(404).json(errorBody('errors.not_found'));
        if (preExam.finished) {
          return response(422).json(
            errorBody('errors.pre_exam_finished', { globalErrors: ['errors.pre_exam_finished'] }),
          );
        }
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return response(500).json(errorBody('errors.internal'));
        }
        const { answers } = await request.json();
        const rows = questions.map((question) => {
          const answer = answers.find((row) => row.theoryQuestionId === question.id);
          return {
            question,
            chosenAnswerIds: question.numeric ? [] : (answer?.chosenAnswerIds ?? []),
            ...(question.numeric && answer?.numericValue !== undefined
              ? { numericValue: answer.numericValue }
              : {}),
            correct: judge(question, answer),
          };
        });
        const wrong = rows.filter((row) => !row.correct);
        const errorPoints = wrong.reduce((sum, row) => sum + row.question.points, 0);
        const fivePointers = wrong.filter((row) => row.question.points === 5).length;
        const scored: TheoryPreExam = {
          ...preExam,
          finished: true,
          finishedAt: '2026-03-01T10:31:00Z',
          errorPoints,
          passed: errorPoints <= 10 && fivePointers < 2,
        };
        started[index] = scored;
        details.set(scored.id, { preExam: scored, questions: rows });
        return response(200).json(scored);
      },
    ),
    detail: mockHttp.get('/theory-pre-exams/finished/{id}', ({ params, response }) =>
      response(200).json(details.get(Number(params.id)) ?? preExamDetailFixture),
    ),
  };
  return {
    handlers: Object.values(handlers),
    /** Forgets what a story did (call in `beforeEach`, so a replay starts afresh). */
    reset() {
      started.length = 0;
      details.clear();
      failuresLeft = finishFailures;
    },
  };
}

export const preExamStartHandlers = {
  /** The education's class and catalogue version have no questions. */
  noQuestions: mockHttp.post('/theory-pre-exams', ({ response }) =>
    response(422).json({
      ...errorBody('errors.pre_exam_no_questions', {
        globalErrors: ['errors.pre_exam_no_questions'],
      }),
      message: 'The class and catalogue version of the education have no questions.',
    }),
  ),
  error: mockHttp.post('/theory-pre-exams', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};

export const studentEducationHandlers = {
  full: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(200).json(studentEducationsFixture),
  ),
  /** Only the A2 education: none of class B. */
  withoutB: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(200).json(studentEducationsFixture.filter((row) => row.licenseClass !== 'B')),
  ),
  error: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};
