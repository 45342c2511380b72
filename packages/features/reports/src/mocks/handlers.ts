import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  BalancePerDrivingSchoolReport,
  Branch,
  EducationDurationReport,
  ExamSuccessRate,
  ExamSuccessRateReport,
  InspectionPackRequest,
  KmPerDrivingLessonReport,
  PassedExam,
  PassedExamsReport,
  PaymentMethod,
  PaymentsPerDrivingSchoolReport,
  ReportExport,
  ReportExportInput,
  ReportFilter,
  ReportKind,
  SalesPerInstructorReport,
  User,
} from '../api/report-queries';
import { REPORT_PATHS } from '../api/report-queries';

/* Fixtures and typed MSW handlers of the report calls, for stories and tests. */

/** The day the stories run on (pass as `today`): the default period is 01.01.–31.12.2026. */
export const FIXTURE_TODAY = '2026-11-26';
const FROM = '2026-01-01';
const TO = '2026-12-31';
const stamp = '2026-01-05T09:00:00Z';

/* ---------------------------------------------------------------- look-ups */

export const branchesFixture: Branch[] = [
  { id: 1, name: 'Filiale Mitte', abbreviation: 'MI' },
  { id: 2, name: 'Filiale Spandau', abbreviation: 'SP' },
].map((branch) => ({
  ...branch,
  dayWorkHours: [],
  workCorridor: { from: '07:00', to: '20:00' },
  defaultDrivingLessonDuration: 45,
  showOnWebsite: true,
  calendarShareRights: { instructorsRead: true, instructorsWrite: false },
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
}));

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

export const instructorsFixture: User[] = [
  user(5, 'Ali', 'Demir'),
  user(4, 'Petra', 'Krause'),
  user(3, 'Jonas', 'Weber'),
];

export const drivingSchoolFixture: components['schemas']['DrivingSchool'] = {
  id: 7,
  name: 'Fahrschule Sonnenschein',
  switches: {
    classicPayEnabled: true,
    flashPayEnabled: false,
    livePayEnabled: false,
    learningAppEnabled: false,
  } as components['schemas']['DrivingSchool']['switches'],
  signatureStatuses: {
    serviceContractSigned: true,
    dataProcessingAgreementSigned: true,
    livePayOnboardingCompleted: false,
  },
  usingMirrorVehicles: false,
  onboardingLinks: [],
};

/** The filter's look-ups: branches and instructors (every report screen asks for both). */
export const lookupHandlers = [
  mockHttp.get('/branches', ({ response }) => response(200).json(branchesFixture)),
  mockHttp.post('/instructor/filter', ({ response }) =>
    response(200).json({ data: instructorsFixture, total: instructorsFixture.length }),
  ),
];

/* ---------------------------------------------------------------- reports */

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Payments of January to October 2026: amounts in cents per month and method. */
const PAYMENT_MONTHS: [string, Partial<Record<PaymentMethod, [number, number]>>][] = [
  ['2026-01', { TRANSFER: [41, 1_234_550], DIRECT_DEBIT: [18, 612_000], CASH: [6, 54_000] }],
  ['2026-02', { TRANSFER: [37, 1_108_000], DIRECT_DEBIT: [20, 680_000], CARD: [3, 29_700] }],
  ['2026-03', { TRANSFER: [45, 1_391_200], DIRECT_DEBIT: [22, 748_000], CASH: [4, 36_000] }],
  ['2026-04', { TRANSFER: [39, 1_187_450], DIRECT_DEBIT: [21, 714_000], CARD: [-1, -9_900] }],
  ['2026-05', { TRANSFER: [48, 1_520_300], DIRECT_DEBIT: [24, 816_000] }],
];

function paymentsReport(): PaymentsPerDrivingSchoolReport {
  const rows = PAYMENT_MONTHS.flatMap(([month, methods]) =>
    Object.entries(methods).map(([method, [count, amount]]) => ({
      month,
      method: method as PaymentMethod,
      count: Math.abs(count),
      amount,
    })),
  );
  const methods = (['TRANSFER', 'DIRECT_DEBIT', 'CASH', 'CARD'] as const)
    .map((method) => {
      const own = rows.filter((row) => row.method === method);
      return {
        method,
        count: own.reduce((sum, row) => sum + row.count, 0),
        amount: own.reduce((sum, row) => sum + row.amount, 0),
      };
    })
    .filter((row) => row.count > 0);
  return {
    from: FROM,
    to: TO,
    rows,
    methods,
    total: rows.reduce((sum, row) => sum + row.amount, 0),
  };
}

export const paymentsFixture = paymentsReport();

function balanceReport(): BalancePerDrivingSchoolReport {
  const openingBalance = -1_250_000;
  const moves: [string, number, number][] = [
    ['2026-01', 2_150_000, 1_900_550],
    ['2026-02', 1_980_000, 1_817_700],
    ['2026-03', 2_310_000, 2_175_200],
    ['2026-04', 2_050_000, 1_891_550],
    ['2026-05', 2_420_000, 2_336_300],
  ];
  let balance = openingBalance;
  const months = moves.map(([month, invoiced, paid]) => {
    balance += paid - invoiced;
    return { month, invoiced, paid, change: paid - invoiced, balance };
  });
  return {
    from: FROM,
    to: TO,
    openingBalance,
    closingBalance: balance,
    receivables: 2_463_400,
    credits: 278_700,
    debtorCount: 57,
    months,
  };
}

export const balanceFixture = balanceReport();

export const salesFixture: SalesPerInstructorReport = {
  from: FROM,
  to: TO,
  instructors: [
    {
      instructorId: 3,
      firstName: 'Jonas',
      lastName: 'Weber',
      drivingLessonCount: 312,
      drivingMinutes: 14_040,
      examCount: 24,
      theoryLessonCount: 36,
      net: 2_345_000,
      gross: 2_790_550,
    },
    {
      instructorId: 4,
      firstName: 'Petra',
      lastName: 'Krause',
      drivingLessonCount: 268,
      drivingMinutes: 12_060,
      examCount: 19,
      theoryLessonCount: 12,
      net: 1_980_000,
      gross: 2_356_200,
    },
    {
      instructorId: 5,
      firstName: 'Ali',
      lastName: 'Demir',
      drivingLessonCount: 141,
      drivingMinutes: 6_345,
      examCount: 9,
      theoryLessonCount: 0,
      net: 1_010_000,
      gross: 1_201_900,
    },
  ],
  net: 5_335_000,
  gross: 6_348_650,
};

type Counts = [
  attempts: number,
  passed: number,
  absent: number,
  first: number,
  firstPassed: number,
];

const rate = (
  [attempts, passed, absent, firstAttempts, firstAttemptsPassed]: Counts,
  patch: Partial<ExamSuccessRate> = {},
): ExamSuccessRate => ({
  ...patch,
  attempts,
  passed,
  failed: attempts - passed,
  absent,
  rate: attempts === 0 ? 0 : round2((passed / attempts) * 100),
  firstAttempts,
  firstAttemptsPassed,
  firstAttemptRate: firstAttempts === 0 ? 0 : round2((firstAttemptsPassed / firstAttempts) * 100),
});

function successReport(
  examKind: 'THEORY' | 'PRACTICAL',
  classes: [components['schemas']['LicenseClass'], Counts][],
): ExamSuccessRateReport {
  const sum = (index: number) =>
    classes.reduce((total, [, counts]) => total + (counts[index] ?? 0), 0);
  const total: Counts = [sum(0), sum(1), sum(2), sum(3), sum(4)];
  // Two instructors and two organisations share the total (the first gets the rest).
  const split = (share: number): [Counts, Counts] => {
    const part = total.map((value) => Math.floor(value * share)) as Counts;
    return [part, total.map((value, index) => value - (part[index] ?? 0)) as Counts];
  };
  const [weber, krause] = split(0.4);
  const [dekra, tuev] = split(0.35);
  return {
    from: FROM,
    to: TO,
    examKind,
    classes: classes.map(([licenseClass, counts]) => rate(counts, { licenseClass })),
    instructors: [
      rate(krause, { instructorId: 4, instructorName: 'Petra Krause' }),
      rate(weber, { instructorId: 3, instructorName: 'Jonas Weber' }),
    ],
    testingOrganizations: [
      rate(dekra, { testingOrganizationId: 2, testingOrganizationName: 'DEKRA Berlin-Mitte' }),
      rate(tuev, { testingOrganizationId: 1, testingOrganizationName: 'TÜV SÜD Berlin' }),
    ],
    total: rate(total),
  };
}

/** Class B: 48 attempts, 42 passed (87,5 %), 40 first attempts, 34 passed (85 %). */
export const practicalSuccessFixture = successReport('PRACTICAL', [
  ['B', [48, 42, 2, 40, 34]],
  ['A2', [9, 7, 0, 8, 6]],
  ['BE', [4, 4, 0, 4, 4]],
]);

/** Class B: 64 attempts, 48 passed (75 %), 52 first attempts, 41 passed (78,9 %). */
export const theorySuccessFixture = successReport('THEORY', [
  ['B', [64, 48, 3, 52, 41]],
  ['A2', [12, 10, 1, 10, 9]],
  ['AM', [5, 3, 0, 5, 3]],
]);

const emptyRate = rate([0, 0, 0, 0, 0]);

const emptySuccess = (examKind: 'THEORY' | 'PRACTICAL'): ExamSuccessRateReport => ({
  from: FROM,
  to: TO,
  examKind,
  classes: [],
  instructors: [],
  testingOrganizations: [],
  total: emptyRate,
});

const passed = (
  examDate: string,
  studentId: number,
  firstName: string,
  lastName: string,
  licenseClass: components['schemas']['LicenseClass'],
  attempt: number,
  instructorName?: string,
): PassedExam => ({
  examDate,
  studentId,
  firstName,
  lastName,
  licenseClass,
  attempt,
  ...(instructorName
    ? { instructorId: instructorName === 'Jonas Weber' ? 3 : 4, instructorName }
    : {}),
});

export const passedPracticalFixture: PassedExamsReport = {
  from: FROM,
  to: TO,
  examKind: 'PRACTICAL',
  exams: [
    passed('2026-01-14', 11, 'Lea', 'Schulz', 'B', 1, 'Jonas Weber'),
    passed('2026-01-21', 12, 'Tim', 'Becker', 'B', 2, 'Petra Krause'),
    passed('2026-02-03', 13, 'Mia', 'Wagner', 'A2', 1, 'Jonas Weber'),
    passed('2026-03-12', 14, 'Noah', 'Hoffmann', 'B', 1, 'Petra Krause'),
    passed('2026-03-12', 15, 'Emma', 'Koch', 'BE', 1, 'Jonas Weber'),
    passed('2026-05-06', 16, 'Paul', 'Richter', 'B', 3, 'Jonas Weber'),
  ],
  total: 6,
};

export const passedTheoryFixture: PassedExamsReport = {
  from: FROM,
  to: TO,
  examKind: 'THEORY',
  exams: [
    passed('2026-02-10', 21, 'Ben', 'Fischer', 'B', 1),
    passed('2026-02-24', 22, 'Clara', 'Meyer', 'B', 2),
    passed('2026-04-07', 23, 'David', 'Schäfer', 'AM', 1),
  ],
  total: 3,
};

/** The list cut at its limit: 10 rows shown here, 12 345 passed in all. */
export const passedPracticalCutFixture: PassedExamsReport = {
  ...passedPracticalFixture,
  exams: [...passedPracticalFixture.exams, ...passedPracticalFixture.exams.slice(0, 4)],
  total: 12_345,
};

const emptyPassed = (examKind: 'THEORY' | 'PRACTICAL'): PassedExamsReport => ({
  from: FROM,
  to: TO,
  examKind,
  exams: [],
  total: 0,
});

export const kmFixture: KmPerDrivingLessonReport = {
  from: FROM,
  to: TO,
  vehicles: [
    {
      vehicleId: 1,
      name: 'Golf 8 Automatik',
      plate: 'B-FS 1234',
      lessonCount: 420,
      minutes: 18_900,
      km: 6_930,
      kmPerLesson: 16.5,
    },
    {
      vehicleId: 2,
      name: 'ID.3',
      plate: 'B-FS 2020',
      lessonCount: 210,
      minutes: 9_450,
      km: 2_940,
      kmPerLesson: 14,
    },
    {
      vehicleId: 3,
      name: 'BMW F 900 R',
      plate: 'B-FS 77',
      lessonCount: 60,
      minutes: 2_700,
      km: 1_560,
      kmPerLesson: 26,
    },
  ],
  instructors: [
    {
      instructorId: 3,
      firstName: 'Jonas',
      lastName: 'Weber',
      lessonCount: 380,
      minutes: 17_100,
      km: 6_380,
      kmPerLesson: 16.8,
    },
    {
      instructorId: 4,
      firstName: 'Petra',
      lastName: 'Krause',
      lessonCount: 310,
      minutes: 13_950,
      km: 5_050,
      kmPerLesson: 16.3,
    },
  ],
  lessonCount: 690,
  km: 11_430,
  kmPerLesson: 16.6,
};

export const durationFixture: EducationDurationReport = {
  from: FROM,
  to: TO,
  classes: [
    {
      licenseClass: 'B',
      educationCount: 48,
      averageDays: 184.3,
      medianDays: 171,
      minDays: 62,
      maxDays: 412,
      p25Days: 131,
      p75Days: 228.5,
      averageDrivingLessons: 32.4,
    },
    {
      licenseClass: 'A2',
      educationCount: 12,
      averageDays: 121.5,
      medianDays: 110,
      minDays: 45,
      maxDays: 260,
      p25Days: 84,
      p75Days: 150,
      averageDrivingLessons: 14.8,
    },
    {
      licenseClass: 'BE',
      educationCount: 6,
      averageDays: 38.2,
      medianDays: 35,
      minDays: 14,
      maxDays: 70,
      p25Days: 28,
      p75Days: 49,
      averageDrivingLessons: 6.5,
    },
  ],
};

/** Each report's full and empty answer, by kind. */
export const REPORT_FIXTURES = {
  PAYMENTS_PER_DRIVING_SCHOOL: {
    full: paymentsFixture,
    empty: { from: FROM, to: TO, rows: [], methods: [], total: 0 },
  },
  BALANCE_PER_DRIVING_SCHOOL: {
    full: balanceFixture,
    empty: {
      from: FROM,
      to: TO,
      openingBalance: 0,
      closingBalance: 0,
      receivables: 0,
      credits: 0,
      debtorCount: 0,
      months: [],
    },
  },
  SALES_PER_INSTRUCTOR: {
    full: salesFixture,
    empty: { from: FROM, to: TO, instructors: [], net: 0, gross: 0 },
  },
  PRACTICAL_EXAM_SUCCESS_RATE: { full: practicalSuccessFixture, empty: emptySuccess('PRACTICAL') },
  THEORY_EXAM_SUCCESS_RATE: { full: theorySuccessFixture, empty: emptySuccess('THEORY') },
  SUCCESSFULLY_PASSED_PRACTICAL_EXAMS: {
    full: passedPracticalFixture,
    empty: emptyPassed('PRACTICAL'),
  },
  SUCCESSFULLY_PASSED_THEORY_EXAMS: { full: passedTheoryFixture, empty: emptyPassed('THEORY') },
  KM_PER_DRIVING_LESSON: {
    full: kmFixture,
    empty: {
      from: FROM,
      to: TO,
      vehicles: [],
      instructors: [],
      lessonCount: 0,
      km: 0,
      kmPerLesson: 0,
    },
  },
  EDUCATION_DURATION: { full: durationFixture, empty: { from: FROM, to: TO, classes: [] } },
} satisfies Record<ReportKind, { full: unknown; empty: unknown }>;

/*
 * The report calls share one body (`ReportFilter`) and differ in their answers; the
 * handlers are built per kind here, typed by the fixtures above (the cast only names one
 * path for openapi-msw, which cannot take the union).
 */
type AnyReportPath = '/reports/payments-per-driving-school';

const answer = (kind: ReportKind, body: unknown, status = 200) =>
  mockHttp.post(REPORT_PATHS[kind] as AnyReportPath, ({ response }) =>
    status === 200
      ? response(200).json(body as PaymentsPerDrivingSchoolReport)
      : response(500).json(errorBody('errors.internal')),
  );

/** Per report kind: `full`, `empty`, `error` (500) and `loading` (never answers). */
export function reportHandlers(kind: ReportKind) {
  const fixtures = REPORT_FIXTURES[kind];
  return {
    full: answer(kind, fixtures.full),
    empty: answer(kind, fixtures.empty),
    error: answer(kind, null, 500),
    loading: mockHttp.post(REPORT_PATHS[kind] as AnyReportPath, async ({ response }) => {
      await delay('infinite');
      return response(200).json(fixtures.full as PaymentsPerDrivingSchoolReport);
    }),
  };
}

/** A report's full answer whose second and later calls fail, then answer again (retry). */
export function flakyReport(kind: ReportKind, failures = 1) {
  let left = failures;
  return {
    handler: mockHttp.post(REPORT_PATHS[kind] as AnyReportPath, ({ response }) => {
      if (left > 0) {
        left -= 1;
        return response(500).json(errorBody('errors.internal'));
      }
      return response(200).json(REPORT_FIXTURES[kind].full as PaymentsPerDrivingSchoolReport);
    }),
    reset() {
      left = failures;
    },
  };
}

/** Answers a report in full and keeps every filter it was asked with (`bodies`). */
export function recordingReport(kind: ReportKind) {
  const bodies: ReportFilter[] = [];
  return {
    bodies,
    handler: mockHttp.post(REPORT_PATHS[kind] as AnyReportPath, async ({ request, response }) => {
      bodies.push(await request.json());
      return response(200).json(REPORT_FIXTURES[kind].full as PaymentsPerDrivingSchoolReport);
    }),
    reset() {
      bodies.length = 0;
    },
  };
}

/* ---------------------------------------------------------------- export jobs */

export const EXPORT_FILE_NAME = 'zahlungen_2026-01-01_2026-12-31.csv';
export const EXPORT_CSV =
  '\uFEFFMonat;Zahlungsart;Anzahl;Betrag\r\n01.2026;Überweisung;41;12345,50\r\n';

/**
 * One export job as the server runs it: `POST /reports/exports` queues it (202), the first
 * poll answers QUEUED, the next ones RUNNING at 40 % — until `finish()` lets it end, DONE
 * (or FAILED with `fail`). The file is a small German CSV. `started` keeps the bodies.
 */
export function exportJob(options: { fail?: boolean } = {}) {
  const started: ReportExportInput[] = [];
  let polls = 0;
  let finished = false;
  let input: ReportExportInput | undefined;
  const job = (patch: Partial<ReportExport>): ReportExport => ({
    id: 41,
    report: input?.report ?? 'PAYMENTS_PER_DRIVING_SCHOOL',
    format: input?.format ?? 'CSV',
    filter: input?.filter ?? { from: FROM, to: TO },
    status: 'QUEUED',
    progress: 0,
    createdAt: '2026-11-26T10:00:00Z',
    ...patch,
  });
  return {
    started,
    /** The job ends with the next poll. */
    finish() {
      finished = true;
    },
    reset() {
      started.length = 0;
      polls = 0;
      finished = false;
      input = undefined;
    },
    handlers: [
      mockHttp.post('/reports/exports', async ({ request, response }) => {
        input = await request.json();
        started.push(input);
        polls = 0;
        return response(202).json(job({}));
      }),
      mockHttp.get('/reports/exports/{id}', ({ response }) => {
        polls += 1;
        if (polls === 1) return response(200).json(job({}));
        if (!finished) return response(200).json(job({ status: 'RUNNING', progress: 40 }));
        if (options.fail) {
          return response(200).json(
            job({ status: 'FAILED', progress: 40, error: 'errors.internal' }),
          );
        }
        return response(200).json(
          job({
            status: 'DONE',
            progress: 100,
            rowCount: 42,
            size: EXPORT_CSV.length,
            fileName: EXPORT_FILE_NAME,
            finishedAt: '2026-11-26T10:00:03Z',
          }),
        );
      }),
      mockHttp.get(
        '/reports/exports/{id}/file',
        () =>
          new Response(EXPORT_CSV, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"`,
            },
          }) as never,
      ),
    ],
  };
}

/* ---------------------------------------------------------------- PDFs */

/** A tiny valid PDF. */
export const PDF_FIXTURE = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

const pdf = (fileName?: string) =>
  new Response(PDF_FIXTURE, {
    headers: {
      'Content-Type': 'application/pdf',
      ...(fileName ? { 'Content-Disposition': `attachment; filename="${fileName}"` } : {}),
    },
  }) as never;

/**
 * The school report (`POST /driving-schools/report/{id}`, the school from
 * `GET /driving-schools/current`) and the inspection pack (`POST /reports/inspection-pack`),
 * each answering a PDF and keeping what it was asked (`calls`).
 */
export function pdfHandlers(options: { packRefusal?: boolean } = {}) {
  const calls = {
    schoolReport: [] as { id: number; from: string; to: string }[],
    inspectionPack: [] as InspectionPackRequest[],
  };
  return {
    calls,
    reset() {
      calls.schoolReport.length = 0;
      calls.inspectionPack.length = 0;
    },
    handlers: [
      mockHttp.get('/driving-schools/current', ({ response }) =>
        response(200).json(drivingSchoolFixture),
      ),
      mockHttp.post('/driving-schools/report/{id}', async ({ params, request }) => {
        const body = await request.json();
        calls.schoolReport.push({ id: Number(params.id), ...body });
        return pdf();
      }),
      mockHttp.post('/reports/inspection-pack', async ({ request, response }) => {
        const body = await request.json();
        calls.inspectionPack.push(body);
        if (options.packRefusal) {
          return response(422).json(
            errorBody('errors.validation', {
              globalErrors: ['Für diesen Zeitraum liegen keine Fahrstunden vor.'],
            }),
          );
        }
        return pdf('pruefungsmappe.pdf');
      }),
    ],
  };
}
