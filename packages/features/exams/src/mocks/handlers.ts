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
  TheoryPreExamDetail,
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
