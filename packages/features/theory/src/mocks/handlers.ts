import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  StudentEducation,
  StudentListItem,
  TheoryCourse,
  TheoryCourseStudent,
  TheoryLesson,
  TheoryLessonParticipant,
  TheoryLessonStudentMatch,
  TheoryListEntry,
  TheoryProgress,
} from '../api/theory-queries';

/* Fixtures and typed MSW handlers of the theory calls, for stories and tests. */

type Branch = components['schemas']['Branch'];
type User = components['schemas']['User'];
type Product = components['schemas']['Product'];

const stamp = '2026-02-01T09:00:00Z';

export const branchesFixture: Branch[] = [1, 2].map((id) => ({
  id,
  name: id === 1 ? 'Filiale Mitte' : 'Filiale Spandau',
  abbreviation: id === 1 ? 'MI' : 'SP',
  dayWorkHours: [],
  workCorridor: { from: '07:00', to: '20:00' },
  defaultDrivingLessonDuration: 45,
  showOnWebsite: true,
  calendarShareRights: { instructorsRead: true, instructorsWrite: false },
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
}));

export const instructorsFixture: User[] = [
  { id: 3, firstName: 'Sabine', lastName: 'Krüger' },
  { id: 4, firstName: 'Tobias', lastName: 'Wendt' },
].map((user) => ({
  ...user,
  drivingSchoolId: 1,
  email: `${user.firstName.toLowerCase()}@fahrschule.example`,
  roleIds: [3],
  roleNames: ['Fahrlehrer'],
  studentVisibility: 'ALL',
  archived: false,
}));

export const productsFixture: Product[] = [
  { id: 21, type: 'LEARNING_MATERIAL' as const, name: 'Lehrbuch und Lern-App Klasse B' },
  { id: 22, type: 'BASIC_FEE' as const, name: 'Grundbetrag Klasse B' },
  { id: 23, type: 'ADD_ON' as const, name: 'Erste-Hilfe-Kurs' },
].map((product) => ({
  ...product,
  licenseClasses: ['B'],
  bookAtStudentRegistrationAllowed: false,
  vatRate: 19,
  prices: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
}));

const course = (patch: Partial<TheoryCourse> & Pick<TheoryCourse, 'id'>): TheoryCourse => ({
  shortDescription: 'Intensivkurs März',
  start: '2026-03-02',
  end: '2026-03-13',
  quantity: 20,
  shownOnWebPage: true,
  showForOnboarding: false,
  teachingMaterialProductId: 21,
  licenseClasses: ['B'],
  branchId: 1,
  instructorId: 3,
  studentCount: 3,
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
  ...patch,
});

export const courseFixture = course({ id: 1 });
/** A course whose places are all taken. */
export const fullCourseFixture = course({
  id: 2,
  shortDescription: 'Abendkurs April',
  start: '2026-04-07',
  end: '2026-05-28',
  quantity: 3,
  studentCount: 3,
  shownOnWebPage: false,
  licenseClasses: ['A', 'A2', 'B'],
  branchId: 2,
  instructorId: 4,
});
export const coursesFixture: TheoryCourse[] = [
  courseFixture,
  fullCourseFixture,
  course({
    id: 3,
    shortDescription: 'Ferienkurs Sommer',
    start: '2026-07-06',
    end: '2026-07-17',
    quantity: 24,
    studentCount: 0,
    licenseClasses: [],
  }),
];

export const theoryListFixture: TheoryListEntry[] = [
  {
    course: courseFixture,
    lessonCount: 4,
    heldLessonCount: 2,
    nextLessonDate: '2026-03-05',
    freePlaces: 17,
  },
  { course: fullCourseFixture, lessonCount: 0, heldLessonCount: 0, freePlaces: 0 },
  { course: coursesFixture[2] as TheoryCourse, lessonCount: 0, heldLessonCount: 0, freePlaces: 24 },
];

export const courseStudentsFixture: TheoryCourseStudent[] = [
  {
    studentId: 11,
    studentEducationId: 111,
    firstName: 'Lena',
    lastName: 'Müller',
    licenseClass: 'B' as const,
    attendedLessonCount: 2,
  },
  {
    studentId: 12,
    studentEducationId: 121,
    firstName: 'Jonas',
    lastName: 'Schmidt',
    licenseClass: 'B' as const,
    attendedLessonCount: 1,
  },
  {
    studentId: 13,
    studentEducationId: 131,
    firstName: 'Aylin',
    lastName: 'Yilmaz',
    licenseClass: 'A' as const,
    attendedLessonCount: 0,
  },
].map((student) => ({ ...student, assignedAt: '2026-02-20T10:00:00Z' }));

const participant = (
  id: number,
  theoryLessonId: number,
  student: TheoryCourseStudent,
  signedAt?: string,
): TheoryLessonParticipant => ({
  id,
  theoryLessonId,
  studentId: student.studentId,
  studentEducationId: student.studentEducationId,
  firstName: student.firstName,
  lastName: student.lastName,
  licenseClass: student.licenseClass,
  signed: signedAt !== undefined,
  ...(signedAt ? { signedAt } : {}),
});

const [lena, jonas] = courseStudentsFixture as [TheoryCourseStudent, TheoryCourseStudent];

const lesson = (patch: Partial<TheoryLesson> & Pick<TheoryLesson, 'id'>): TheoryLesson => ({
  theoryCourseId: 1,
  additional: false,
  lessonNumber: 1,
  topic: 'Persönliche Voraussetzungen',
  licenseClasses: [],
  date: '2026-03-02',
  startTime: '18:00',
  minutes: 90,
  instructorId: 3,
  branchId: 1,
  room: 'Schulungsraum 1',
  booked: false,
  participants: [],
  createdAt: stamp,
  updatedAt: stamp,
  ...patch,
});

export const lessonsFixture: TheoryLesson[] = [
  lesson({
    id: 501,
    booked: true,
    // One participant has signed on the tablet, one has not yet.
    participants: [
      participant(9001, 501, lena, '2026-03-02T19:31:00Z'),
      participant(9002, 501, jonas),
    ],
  }),
  lesson({
    id: 502,
    lessonNumber: 2,
    topic: 'Risikofaktor Mensch',
    date: '2026-03-03',
    booked: true,
    participants: [participant(9003, 502, lena, '2026-03-03T19:30:00Z')],
  }),
  lesson({ id: 503, lessonNumber: 3, topic: 'Rechtliche Rahmenbedingungen', date: '2026-03-05' }),
  lesson({
    id: 504,
    additional: true,
    lessonNumber: 1,
    topic: 'Technische Bedingungen, Personen- und Güterbeförderung',
    licenseClasses: ['B'],
    date: '2026-03-12',
    room: undefined,
    instructorId: 4,
  }),
];

export const studentsFixture: StudentListItem[] = [
  ...courseStudentsFixture.map((student) => ({
    id: student.studentId,
    firstName: student.firstName,
    lastName: student.lastName,
    educationLicenseClasses: [student.licenseClass],
  })),
  { id: 14, firstName: 'Paul', lastName: 'Becker', educationLicenseClasses: ['B' as const] },
].map((student) => ({
  ...student,
  branchId: 1,
  studentCategoryIds: [],
  learningAppLoginAllowed: true,
  archived: false,
}));

export const educationFixture = (
  id: number,
  studentId: number,
  licenseClass: StudentEducation['licenseClass'],
  courseIds: number[] = [],
): StudentEducation => ({
  id,
  studentId,
  licenseClass,
  status: 'IN_TRAINING',
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  driveBuzzEnabled: false,
  finished: false,
  automaticPayment: false,
  courseIds,
  costBearerIds: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
});

/** Paul Becker (14): class B, already in three other courses. */
export const educationsByStudent: Record<number, StudentEducation[]> = {
  11: [educationFixture(111, 11, 'B', [1]), educationFixture(112, 11, 'BE', [])],
  12: [educationFixture(121, 12, 'B', [1])],
  13: [educationFixture(131, 13, 'A', [1])],
  14: [educationFixture(141, 14, 'B', [4, 5, 6])],
};

export const progressFixture: Record<number, TheoryProgress> = {
  111: {
    studentEducationId: 111,
    licenseClass: 'B',
    basic: { required: 12, attended: [1, 2, 3, 4, 5, 6, 7, 9], missing: [8, 10, 11, 12] },
    additional: { required: 2, attended: [1], missing: [2] },
    complete: false,
  },
  112: {
    studentEducationId: 112,
    licenseClass: 'BE',
    basic: { required: 0, attended: [], missing: [] },
    additional: { required: 3, attended: [1, 2, 3], missing: [] },
    complete: true,
  },
};

/**
 * The student-match answers: Lena and Jonas fit (Jonas attended topic 1 before in another
 * course), Aylin's class A is not covered by a class-B lesson, Paul is in no course of the lesson
 * and the course has no free place.
 */
export function matchFixture(lessonId: number, studentId: number): TheoryLessonStudentMatch {
  const base = { theoryLessonId: lessonId, studentId, alreadyAttended: false };
  if (studentId === 13) {
    return {
      ...base,
      matches: false,
      studentEducationIds: [],
      reasons: ['theory.match.class_not_covered'],
    };
  }
  if (studentId === 14) {
    return {
      ...base,
      matches: false,
      studentEducationIds: [],
      reasons: ['theory.match.not_in_course'],
    };
  }
  const education = studentId * 10 + 1;
  return {
    ...base,
    alreadyAttended: studentId === 12 && lessonId === 503,
    matches: true,
    studentEducationIds: [education],
    reasons: [],
  };
}

export const upcomingFixture: TheoryCourse[] = [
  courseFixture,
  fullCourseFixture,
  coursesFixture[2] as TheoryCourse,
];

const page = <T>(data: T[]) => ({ data, total: data.length });
/** A tiny valid PDF for the attendance-list download. */
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** What the write calls of one story received, for its play function to check. */
export type TheoryCalls = {
  handlers: ReturnType<typeof baseHandlers>;
  booked: { lessonId: number; studentIds: number[] }[];
  assigned: number[][];
  modules: { studentEducationIds: number; theoryLessonIds: number[] }[];
  signatures: { studentId: number; theoryLessonId: number; file: File | null }[];
  deletedSignatures: number[];
  downloads: number[];
  reset: () => void;
};

function baseHandlers(calls: Omit<TheoryCalls, 'handlers' | 'reset'>, options: RecordOptions) {
  const lessons = options.lessons ?? lessonsFixture;
  const findLesson = (id: number) =>
    lessons.find((row) => row.id === id) ?? (lessons[0] as TheoryLesson);
  return [
    mockHttp.get('/theory-courses/upcoming-five-theory-courses', ({ response }) =>
      response(200).json(upcomingFixture),
    ),
    mockHttp.post('/theory-courses/theory-list/filter', ({ response }) =>
      response(200).json(page(theoryListFixture)),
    ),
    mockHttp.get('/theory-courses/{id}/students', ({ response }) =>
      response(200).json(options.students ?? courseStudentsFixture),
    ),
    mockHttp.put('/theory-courses/{id}/students', async ({ request, response }) => {
      const { studentEducationIds } = await request.json();
      calls.assigned.push(studentEducationIds);
      if (options.assignError) {
        return response(422).json(
          errorBody(options.assignError, { globalErrors: [options.assignError] }),
        );
      }
      return response(200).json(
        courseStudentsFixture.filter((row) => studentEducationIds.includes(row.studentEducationId)),
      );
    }),
    mockHttp.post('/theory-courses/{id}/book-module', async ({ request, response }) => {
      const body = await request.json();
      calls.modules.push({
        studentEducationIds: body.studentEducationId,
        theoryLessonIds: body.theoryLessonIds,
      });
      return response(200).json(
        body.theoryLessonIds.map((theoryLessonId, index) =>
          participant(9500 + index, theoryLessonId, lena),
        ),
      );
    }),
    mockHttp.get('/theory-courses/{id}', ({ params, response }) =>
      response(200).json(
        options.course ??
          coursesFixture.find((row) => row.id === Number(params.id)) ??
          courseFixture,
      ),
    ),
    mockHttp.put('/theory-courses/{id}', async ({ request, params, response }) =>
      response(200).json({ ...courseFixture, ...(await request.json()), id: Number(params.id) }),
    ),
    mockHttp.post('/theory-courses', async ({ request, response }) => {
      const input = await request.json();
      if (input.shortDescription === 'Intensivkurs März') {
        return response(422).json(
          errorBody('errors.validation', {
            fieldErrors: [{ field: 'shortDescription', error: 'validation.name_in_use' }],
          }),
        );
      }
      return response(201).json({ ...courseFixture, ...input, id: 99, studentCount: 0 });
    }),
    mockHttp.post('/theory-courses/archive', ({ query, response }) =>
      response(200).json({
        ...courseFixture,
        id: Number(query.get('id')),
        archived: query.get('archived') === 'true',
      }),
    ),
    mockHttp.get('/theory-lesson/course/{id}', ({ response }) => response(200).json(lessons)),
    mockHttp.get('/theory-lesson/{id}/check-student-match/{studentId}', ({ params, response }) =>
      response(200).json(matchFixture(Number(params.id), Number(params.studentId))),
    ),
    mockHttp.post('/theory-lesson/{id}/book', async ({ request, params, response }) => {
      const { studentIds } = await request.json();
      const lessonId = Number(params.id);
      calls.booked.push({ lessonId, studentIds });
      if (options.bookError) {
        return response(422).json(errorBody('errors.theory_lesson_no_match'));
      }
      const current = findLesson(lessonId);
      return response(200).json({
        ...current,
        booked: true,
        participants: [
          ...current.participants,
          ...courseStudentsFixture
            .filter((row) => studentIds.includes(row.studentId))
            .map((row, index) => participant(9100 + index, lessonId, row)),
        ],
      });
    }),
    mockHttp.post('/theory-lesson', async ({ request, response }) => {
      const input = await request.json();
      return response(201).json(
        lesson({
          ...input,
          id: 599,
          topic: input.topic ?? 'Persönliche Voraussetzungen',
          licenseClasses: input.licenseClasses ?? [],
          minutes: input.minutes ?? 90,
        }),
      );
    }),
    mockHttp.put('/theory-lesson/{id}', async ({ request, params, response }) => {
      const input = await request.json();
      return response(200).json({
        ...findLesson(Number(params.id)),
        ...input,
        topic: input.topic ?? '',
      } as TheoryLesson);
    }),
    mockHttp.delete('/theory-lesson/{id}', ({ params, response }) => {
      const target = findLesson(Number(params.id));
      if (target.participants.some((row) => row.signed)) {
        return response(422).json(
          errorBody('errors.lesson_signed', { globalErrors: ['errors.lesson_signed'] }),
        );
      }
      return response(204).empty();
    }),
    mockHttp.post(
      '/theory-lesson-documents/upload-signature',
      async ({ request, query, response }) => {
        const form = await request.formData();
        const file = form.get('file');
        const studentId = Number(query.get('studentId'));
        const theoryLessonId = Number(query.get('theoryLessonId'));
        calls.signatures.push({
          studentId,
          theoryLessonId,
          file: file instanceof File ? file : null,
        });
        const booking = findLesson(theoryLessonId).participants.find(
          (row) => row.studentId === studentId,
        );
        return response(200).json({
          ...(booking ?? participant(9200, theoryLessonId, jonas)),
          signed: true,
          signedAt: '2026-03-02T19:35:00Z',
        });
      },
    ),
    mockHttp.delete('/theory-lesson-documents/signature', ({ query, response }) => {
      calls.deletedSignatures.push(Number(query.get('studentTheoryLessonId')));
      return response(204).empty();
    }),
    mockHttp.get('/theory-lesson-documents/{id}', ({ params }) => {
      calls.downloads.push(Number(params.id));
      return new Response(PDF, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="anwesenheitsliste-${params.id}.pdf"`,
        },
      });
    }),
    mockHttp.get('/student-educations/student/{studentId}', ({ params, response }) =>
      response(200).json(educationsByStudent[Number(params.studentId)] ?? []),
    ),
    mockHttp.get('/student-educations/{id}/theory-progress', ({ params, response }) => {
      const progress = progressFixture[Number(params.id)];
      return progress
        ? response(200).json(progress)
        : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.post('/students-filter/filter', async ({ request, response }) => {
      const { search } = await request.json();
      const found = studentsFixture.filter(
        (row) =>
          !search ||
          `${row.firstName} ${row.lastName}`.toLowerCase().includes(search.toLowerCase()),
      );
      return response(200).json(page(found));
    }),
    mockHttp.get('/branches', ({ response }) => response(200).json(branchesFixture)),
    mockHttp.get('/users', ({ response }) => response(200).json(instructorsFixture)),
    mockHttp.get('/products', ({ response }) => response(200).json(productsFixture)),
  ];
}

export type RecordOptions = {
  course?: TheoryCourse;
  students?: TheoryCourseStudent[];
  lessons?: TheoryLesson[];
  /** `PUT …/students` answers 422 with this key (e.g. `errors.course_limit_reached`). */
  assignError?: string;
  /** `POST …/book` answers 422. */
  bookError?: boolean;
};

/** Every theory call answered from the fixtures; the write calls are recorded. */
export function recordTheoryCalls(options: RecordOptions = {}): TheoryCalls {
  const calls = {
    booked: [] as TheoryCalls['booked'],
    assigned: [] as TheoryCalls['assigned'],
    modules: [] as TheoryCalls['modules'],
    signatures: [] as TheoryCalls['signatures'],
    deletedSignatures: [] as number[],
    downloads: [] as number[],
  };
  return {
    ...calls,
    handlers: baseHandlers(calls, options),
    reset: () => {
      for (const list of Object.values(calls)) list.length = 0;
    },
  };
}

/** Single handlers for the list states. */
export const theoryHandlers = {
  listEmpty: mockHttp.post('/theory-courses/theory-list/filter', ({ response }) =>
    response(200).json(page([])),
  ),
  listLoading: mockHttp.post('/theory-courses/theory-list/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  listError: mockHttp.post('/theory-courses/theory-list/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  courseLoading: mockHttp.get('/theory-courses/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(courseFixture);
  }),
  courseError: mockHttp.get('/theory-courses/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  lessonsEmpty: mockHttp.get('/theory-lesson/course/{id}', ({ response }) =>
    response(200).json([]),
  ),
  studentsEmpty: mockHttp.get('/theory-courses/{id}/students', ({ response }) =>
    response(200).json([]),
  ),
  upcomingEmpty: mockHttp.get('/theory-courses/upcoming-five-theory-courses', ({ response }) =>
    response(200).json([]),
  ),
  upcomingLoading: mockHttp.get(
    '/theory-courses/upcoming-five-theory-courses',
    async ({ response }) => {
      await delay('infinite');
      return response(200).json([]);
    },
  ),
  upcomingError: mockHttp.get('/theory-courses/upcoming-five-theory-courses', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  educationsLoading: mockHttp.get(
    '/student-educations/student/{studentId}',
    async ({ response }) => {
      await delay('infinite');
      return response(200).json([]);
    },
  ),
  educationsEmpty: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(200).json([]),
  ),
  progressError: mockHttp.get('/student-educations/{id}/theory-progress', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};
