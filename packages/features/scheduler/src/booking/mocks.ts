import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import type {
  Appointment,
  AppointmentInput,
  BookingFinding,
  OccurrenceCheckResult,
  SeriesScope,
  StudentEducation,
  StudentListItem,
  User,
  Vehicle,
} from './booking-types';

/* Fixtures and typed MSW handlers of the booking calls, for stories and tests. */

const stamp = '2026-01-05T09:00:00Z';

export const bookingStudentsFixture: StudentListItem[] = [
  {
    id: 101,
    firstName: 'Lena',
    lastName: 'Müller',
    branchId: 1,
    instructorId: 11,
    educationLicenseClasses: ['B'],
    studentCategoryIds: [],
    learningAppLoginAllowed: true,
    archived: false,
  },
  {
    id: 102,
    firstName: 'Tim',
    lastName: 'Schröder',
    branchId: 1,
    instructorId: 12,
    educationLicenseClasses: ['A2', 'B'],
    studentCategoryIds: [],
    learningAppLoginAllowed: true,
    archived: false,
  },
  {
    id: 103,
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    branchId: 2,
    instructorId: 11,
    educationLicenseClasses: ['BE'],
    studentCategoryIds: [],
    learningAppLoginAllowed: false,
    archived: false,
  },
  {
    id: 104,
    firstName: 'Jonas',
    lastName: 'Becker',
    branchId: 1,
    instructorId: 12,
    educationLicenseClasses: ['B'],
    studentCategoryIds: [],
    learningAppLoginAllowed: true,
    archived: false,
  },
];

/** The students of instructor 11 (Jonas Weber), who may see only his own. */
export const ownStudentsFixture = bookingStudentsFixture.filter(
  (student) => student.instructorId === 11,
);

const education = (
  id: number,
  studentId: number,
  licenseClass: StudentEducation['licenseClass'],
  archived = false,
): StudentEducation => ({
  id,
  studentId,
  licenseClass,
  status: 'IN_TRAINING',
  instructorId: 11,
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  driveBuzzEnabled: false,
  finished: false,
  automaticPayment: false,
  courseIds: [],
  costBearerIds: [],
  archived,
  createdAt: stamp,
  updatedAt: stamp,
});

export const bookingEducationsFixture: StudentEducation[] = [
  education(201, 101, 'B'),
  education(202, 102, 'A2'),
  education(203, 102, 'B'),
  education(204, 103, 'BE'),
  education(205, 104, 'B'),
  education(206, 104, 'AM', true),
];

const instructor = (id: number, firstName: string, lastName: string): User => ({
  id,
  drivingSchoolId: 1,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@fahrschule-demo.de`,
  roleIds: [3],
  roleNames: ['Fahrlehrer'],
  studentVisibility: 'ALL',
  archived: false,
  branchIds: [1],
  calendarReadAccessUserIds: [],
  calendarWriteAccessUserIds: [],
  mobileCalendarAccess: true,
  dayWorkHours: [],
  licenseClasses: ['B', 'BE'],
  createdAt: stamp,
  updatedAt: stamp,
});

export const bookingInstructorsFixture: User[] = [
  instructor(11, 'Jonas', 'Weber'),
  instructor(12, 'Sabine', 'Krüger'),
];

const vehicle = (
  id: number,
  name: string,
  plate: string,
  kind: Vehicle['kind'],
  licenseClasses: Vehicle['licenseClasses'],
): Vehicle => ({
  id,
  name,
  plate,
  kind,
  ...(kind === 'TRAILER' ? {} : { transmission: 'MANUAL' as const }),
  licenseClasses,
  instructorIds: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
});

export const bookingVehiclesFixture: Vehicle[] = [
  vehicle(1, 'Golf 8', 'B-FS 1234', 'CAR', ['B', 'BE']),
  vehicle(2, 'Polo', 'B-FS 88', 'CAR', ['B']),
  vehicle(3, 'MT-07', 'B-FS 7', 'MOTORCYCLE', ['A2', 'A']),
  vehicle(4, 'Tandemanhänger', 'B-FS 77', 'TRAILER', ['BE']),
];

/** A driving lesson of Lena Müller with Jonas Weber in the Golf: not booked, not signed. */
export const drivingLessonFixture: Appointment = {
  id: 501,
  type: 'DRIVING',
  date: '2026-03-02',
  startTime: '10:00',
  minutes: 45,
  studentId: 101,
  studentEducationId: 201,
  licenseClass: 'B',
  hourType: 'NORMAL',
  instructorId: 11,
  vehicleId: 1,
  repeatRule: 'NONE',
  includeInPayroll: true,
  released: false,
  invoiced: false,
  booked: false,
  signed: false,
  branchId: 1,
  createdAt: stamp,
  updatedAt: stamp,
};

export const releasedLessonFixture: Appointment = {
  ...drivingLessonFixture,
  id: 502,
  booked: true,
  bookedAt: '2026-03-02T10:50:00Z',
  released: true,
  releasedAt: '2026-03-03T08:00:00Z',
  kmStart: 48_210,
  kmEnd: 48_236,
  kmDriven: 26,
};

export const invoicedLessonFixture: Appointment = {
  ...releasedLessonFixture,
  id: 503,
  invoiced: true,
  finalInvoiceId: 9001,
};

export const signedLessonFixture: Appointment = {
  ...drivingLessonFixture,
  id: 504,
  booked: true,
  bookedAt: '2026-03-02T10:50:00Z',
  bookedPrice: 6500,
  signed: true,
  signature: {
    signedAt: '2026-03-02T10:46:00Z',
    file: { id: 7001, fileName: 'unterschrift.png', mimeType: 'image/png', size: 4096 },
  },
};

/** The second occurrence of a weekly private appointment of Jonas Weber. */
export const seriesOccurrenceFixture: Appointment = {
  id: 611,
  type: 'PRIVATE',
  date: '2026-03-09',
  startTime: '12:00',
  minutes: 60,
  instructorId: 11,
  title: 'Mittagspause',
  repeatRule: 'WEEKLY',
  repeatUntil: '2026-06-29',
  seriesId: 610,
  includeInPayroll: false,
  released: false,
  invoiced: false,
  booked: false,
  signed: false,
  createdAt: stamp,
  updatedAt: stamp,
};

/* Findings of every kind, as the checks answer them for a booking on 2026-03-02, 10:00. */

export const findingsFixture = {
  instructorOverlap: {
    kind: 'INSTRUCTOR_OVERLAP',
    severity: 'WARNING',
    messageKey: 'calendar.check.instructor_overlap',
    date: '2026-03-02',
    conflictingAppointment: {
      appointmentId: 520,
      type: 'DRIVING',
      date: '2026-03-02',
      startTime: '09:30',
      minutes: 90,
      instructorId: 11,
      studentName: 'Tim Schröder',
      mirrorSchool: false,
    },
  },
  vehicleOverlap: {
    kind: 'VEHICLE_OVERLAP',
    severity: 'WARNING',
    messageKey: 'calendar.check.vehicle_overlap',
    date: '2026-03-02',
    conflictingAppointment: {
      date: '2026-03-02',
      startTime: '10:15',
      minutes: 45,
      vehicleId: 1,
      mirrorSchool: true,
      mirrorSchoolName: 'Fahrschule Nord',
    },
  },
  trailerOverlap: {
    kind: 'TRAILER_OVERLAP',
    severity: 'WARNING',
    messageKey: 'calendar.check.trailer_overlap',
    date: '2026-03-02',
    conflictingAppointment: {
      appointmentId: 521,
      type: 'EXAM',
      date: '2026-03-02',
      startTime: '08:00',
      minutes: 180,
      trailerId: 4,
      title: 'Praktische Prüfung BE',
      mirrorSchool: false,
    },
  },
  escortVehicleOverlap: {
    kind: 'ESCORT_VEHICLE_OVERLAP',
    severity: 'WARNING',
    messageKey: 'calendar.check.escort_vehicle_overlap',
    date: '2026-03-02',
    conflictingAppointment: {
      appointmentId: 522,
      type: 'DRIVING',
      date: '2026-03-02',
      startTime: '10:30',
      minutes: 45,
      escortVehicleId: 2,
      studentName: 'Ayşe Yılmaz',
      mirrorSchool: false,
    },
  },
  outsideWorkingHours: {
    kind: 'OUTSIDE_WORKING_HOURS',
    severity: 'WARNING',
    messageKey: 'calendar.check.working_hours',
    date: '2026-03-02',
    allowedHours: [
      { from: '12:00', to: '14:00' },
      { from: '15:00', to: '19:00' },
    ],
  },
  outsideWorkCorridor: {
    kind: 'OUTSIDE_WORK_CORRIDOR',
    severity: 'WARNING',
    messageKey: 'calendar.check.work_corridor',
    date: '2026-03-02',
    allowedHours: [{ from: '10:30', to: '20:00' }],
  },
  classMismatch: {
    kind: 'CLASS_MISMATCH',
    severity: 'WARNING',
    messageKey: 'calendar.check.class_mismatch',
    date: '2026-03-02',
    licenseClass: 'BE',
    allowedLicenseClasses: ['B'],
  },
  dailyLimit: {
    kind: 'DAILY_LIMIT',
    severity: 'WARNING',
    messageKey: 'calendar.check.daily_limit',
    date: '2026-03-02',
    dayMinutes: 525,
    limitMinutes: 495,
  },
} satisfies Record<string, BookingFinding>;

const page = <T>(data: T[]) => ({ data, total: data.length });
const ok = (findings: BookingFinding[] = []) => ({ ok: findings.length === 0, findings });

const matches = (student: StudentListItem, search: string | undefined) => {
  if (!search) return true;
  const needle = search.toLowerCase();
  return `${student.firstName} ${student.lastName}`.toLowerCase().includes(needle);
};

/** The pickers' calls: students (search), educations, instructors, vehicles. */
export const bookingPickerHandlers = {
  students: mockHttp.post('/students-filter/filter', async ({ request, response }) => {
    const filter = await request.json();
    return response(200).json(
      page(bookingStudentsFixture.filter((student) => matches(student, filter.search))),
    );
  }),
  /** An instructor with student visibility "own": the server answers only his students. */
  ownStudents: mockHttp.post('/students-filter/filter', async ({ request, response }) => {
    const filter = await request.json();
    return response(200).json(
      page(ownStudentsFixture.filter((student) => matches(student, filter.search))),
    );
  }),
  educations: mockHttp.get('/student-educations/student/{studentId}', ({ params, response }) =>
    response(200).json(
      bookingEducationsFixture.filter((row) => row.studentId === Number(params.studentId)),
    ),
  ),
  instructors: mockHttp.post('/instructor/filter', ({ response }) =>
    response(200).json(page(bookingInstructorsFixture)),
  ),
  vehicles: mockHttp.get('/vehicles', ({ response }) => response(200).json(bookingVehiclesFixture)),
};

/** Every picker call: what the appointment dialog loads. */
export const pickerHandlers = Object.values(bookingPickerHandlers).filter(
  (handler) => handler !== bookingPickerHandlers.ownStudents,
);

export type BookingCheckFindings = {
  /** Answers of the instructor overlap check, one per round (the last repeats). */
  instructor?: BookingFinding[][];
  workingHours?: BookingFinding[];
  vehicles?: BookingFinding[];
};

export type RecordedCheck = { path: string; body: unknown };
export type RecordedSave = {
  method: 'POST' | 'PUT';
  id?: number;
  scope?: SeriesScope;
  body: AppointmentInput;
};

/**
 * The booking checks and the saves of one story, recorded: `checks` and `saves` list what was
 * sent (empty them in the play function first). Saves answer 201/200 with the appointment,
 * or first 409 `errors.appointment_overlap` `conflictsFirst` times.
 */
export function recordBooking(findings: BookingCheckFindings = {}, conflictsFirst = 0) {
  const checks: RecordedCheck[] = [];
  const saves: RecordedSave[] = [];
  let instructorRound = 0;
  let conflictsLeft = conflictsFirst;
  const reset = () => {
    checks.length = 0;
    saves.length = 0;
    instructorRound = 0;
    conflictsLeft = conflictsFirst;
  };

  const answerOf = (body: AppointmentInput, id: number, patch: Partial<Appointment> = {}) => {
    const { confirmedFindings: _seen, confirmSignatureRemoval: _remove, ...rest } = body;
    return {
      ...rest,
      id,
      repeatRule: body.repeatRule ?? 'NONE',
      includeInPayroll: body.includeInPayroll ?? true,
      released: body.released ?? false,
      invoiced: false,
      booked: false,
      signed: false,
      createdAt: stamp,
      updatedAt: stamp,
      ...patch,
    } satisfies Appointment;
  };

  const handlers = [
    mockHttp.post(
      '/calendar/instructor/{id}/check-overlapping-appointments',
      async ({ request, response }) => {
        checks.push({ path: new URL(request.url).pathname, body: await request.json() });
        const rounds = findings.instructor ?? [[]];
        const answer = rounds[Math.min(instructorRound, rounds.length - 1)] ?? [];
        instructorRound += 1;
        return response(200).json(ok(answer));
      },
    ),
    mockHttp.post(
      '/calendar/instructor/{id}/check-working-hours',
      async ({ request, response }) => {
        checks.push({ path: new URL(request.url).pathname, body: await request.json() });
        return response(200).json(ok(findings.workingHours));
      },
    ),
    mockHttp.post(
      '/calendar/vehicle/check-overlapping-appointments',
      async ({ request, response }) => {
        checks.push({ path: new URL(request.url).pathname, body: await request.json() });
        return response(200).json(ok(findings.vehicles));
      },
    ),
    mockHttp.post('/appointments', async ({ request, response }) => {
      const body = await request.json();
      saves.push({ method: 'POST', body });
      if (conflictsLeft > 0) {
        conflictsLeft -= 1;
        return response(409).json(errorBody('errors.appointment_overlap'));
      }
      return response(201).json(answerOf(body, 900));
    }),
    mockHttp.put('/appointments/{id}', async ({ request, params, query, response }) => {
      const body = await request.json();
      const scope = (query.get('scope') ?? undefined) as SeriesScope | undefined;
      saves.push({ method: 'PUT', id: Number(params.id), scope, body });
      if (conflictsLeft > 0) {
        conflictsLeft -= 1;
        return response(409).json(errorBody('errors.appointment_overlap'));
      }
      return response(200).json(answerOf(body, Number(params.id)));
    }),
  ];
  return { handlers, checks, saves, reset };
}

/**
 * The `/repeating-event/` checks of a new series, recorded: the instructor's overlaps answer
 * `occurrences`, the other checks find nothing; saves answer 201.
 */
export function recordSeriesBooking(occurrences: OccurrenceCheckResult[]) {
  const single = recordBooking();
  const clean = occurrences.map((row) => ({ ...row, ok: true, findings: [] }));
  const answer = (rows: OccurrenceCheckResult[]) => ({
    ok: rows.every((row) => row.ok),
    occurrences: rows,
  });
  const record = async (request: Request) => {
    single.checks.push({ path: new URL(request.url).pathname, body: await request.json() });
  };
  return {
    ...single,
    handlers: [
      ...single.handlers,
      mockHttp.post(
        '/calendar/instructor/{id}/repeating-event/check-overlapping-appointments',
        async ({ request, response }) => {
          await record(request);
          return response(200).json(answer(occurrences));
        },
      ),
      mockHttp.post(
        '/calendar/instructor/{id}/repeating-event/check-working-hours',
        async ({ request, response }) => {
          await record(request);
          return response(200).json(answer(clean));
        },
      ),
      mockHttp.post(
        '/calendar/vehicle/{id}/repeating-event/check-overlapping-appointments',
        async ({ request, response }) => {
          await record(request);
          return response(200).json(answer(clean));
        },
      ),
    ],
  };
}

export type RecordedSignature = { id: number; file: File | null; signedAt: string | null };

/** The driving-lesson calls, recorded. */
export function recordDrivingLessons(failWith?: string) {
  const booked: number[] = [];
  const deleted: number[] = [];
  const signatures: RecordedSignature[] = [];
  const reset = () => {
    booked.length = 0;
    deleted.length = 0;
    signatures.length = 0;
  };
  const lesson = (id: number, patch: Partial<Appointment>): Appointment => ({
    ...drivingLessonFixture,
    id,
    booked: true,
    bookedAt: '2026-03-02T10:50:00Z',
    bookedPrice: 6500,
    ...patch,
  });
  const refused = () => errorBody(failWith ?? 'errors.no_price');
  const handlers = [
    mockHttp.post('/driving-lessons/{id}/book', ({ params, response }) => {
      booked.push(Number(params.id));
      if (failWith) return response(422).json(refused());
      return response(200).json(lesson(Number(params.id), {}));
    }),
    mockHttp.post(
      '/driving-lessons/{id}/upload-student-signature-and-book',
      async ({ request, params, response }) => {
        const form = await request.formData();
        const file = form.get('file');
        const signedAt = form.get('signedAt');
        signatures.push({
          id: Number(params.id),
          file: file instanceof File ? file : null,
          signedAt: typeof signedAt === 'string' ? signedAt : null,
        });
        if (failWith) return response(422).json(refused());
        return response(200).json(
          lesson(Number(params.id), {
            signed: true,
            signature: {
              signedAt: typeof signedAt === 'string' ? signedAt : stamp,
              file: { id: 7002, fileName: 'unterschrift.png', mimeType: 'image/png', size: 2048 },
            },
          }),
        );
      },
    ),
    mockHttp.delete('/driving-lessons/{id}', ({ params, response }) => {
      deleted.push(Number(params.id));
      if (failWith) return response(422).json(refused());
      return response(204).empty();
    }),
  ];
  return { handlers, booked, deleted, signatures, reset };
}

/** `DELETE /appointments/{id}?scope=…`, recorded. */
export function recordAppointmentDeletes() {
  const deletes: { id: number; scope?: SeriesScope }[] = [];
  const handlers = [
    mockHttp.delete('/appointments/{id}', ({ params, query, response }) => {
      deletes.push({
        id: Number(params.id),
        scope: (query.get('scope') ?? undefined) as SeriesScope | undefined,
      });
      return response(204).empty();
    }),
  ];
  return { handlers, deletes, reset: () => (deletes.length = 0) };
}
