import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay, HttpResponse } from 'msw';
import type {
  AccountsConfig,
  DatevExportRequest,
  PayrollExportRequest,
  PayrollInstructor,
  PayrollMinutes,
  PayrollOverview,
  PayrollOverviewRequest,
  User,
} from '../api/accounting-queries';

/*
 * Fixtures and typed MSW handlers of the accounting screens, for stories and tests.
 * `mockAccounting(options)` answers the accounts configuration, the instructors, both
 * exports and the payroll overview, and records what they were sent (body and
 * `Idempotency-Key`).
 */

/** An SKR03 school with its DATEV numbers and bookkeeping portal. */
export const accountsConfigFixture: AccountsConfig = {
  chartOfAccounts: 'SKR03',
  revenue19Account: '8400',
  revenue7Account: '8300',
  revenue0Account: '8100',
  cashAccount: '1000',
  transitAccount: '1360',
  passingItemsAccount: '1590',
  livePayAccount: '1361',
  bankAccount: '1200',
  debtorAccount: '10000',
  consultantNumber: 29098,
  clientNumber: 10542,
  fiscalYearStartMonth: 1,
  bookkeepingPortalUrl: 'https://duo.datev.de/mandant/10542',
};

/** A school that never saved its frame: SKR03 defaults, no DATEV numbers, no portal. */
export const accountsNeverSavedFixture: AccountsConfig = {
  chartOfAccounts: 'SKR03',
  revenue19Account: '8400',
  revenue7Account: '8300',
  revenue0Account: '8100',
  cashAccount: '1000',
  transitAccount: '1360',
  passingItemsAccount: '1590',
  livePayAccount: '1361',
  bankAccount: '1200',
  debtorAccount: '10000',
  fiscalYearStartMonth: 1,
};

const instructor = (id: number, firstName: string, lastName: string, archived = false): User => ({
  id,
  drivingSchoolId: 1,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@fahrschule-sonnenschein.de`,
  roleIds: [3],
  roleNames: ['Fahrlehrer'],
  studentVisibility: 'OWN',
  archived,
});

export const instructorsFixture: User[] = [
  instructor(21, 'Jonas', 'Becker'),
  instructor(22, 'Aylin', 'Kaya'),
  instructor(23, 'Tobias', 'Wagner'),
];
export const archivedInstructorsFixture: User[] = [instructor(24, 'Petra', 'Schulz', true)];

/** The minute columns as the server heads them (the export file's titles). */
export const payrollColumnsFixture: PayrollOverview['columns'] = [
  { key: 'NORMAL', title: 'Übungsfahrt (Min.)' },
  { key: 'OVERLAND', title: 'Überlandfahrt (Min.)' },
  { key: 'MOTORWAY', title: 'Autobahnfahrt (Min.)' },
  { key: 'NIGHT', title: 'Nachtfahrt (Min.)' },
  { key: 'EXAM_PRESENTATION', title: 'Vorstellung zur Prüfung (Min.)' },
  { key: 'BASIC_DRILL', title: 'Grundfahraufgaben (Min.)' },
  { key: 'SIMULATOR', title: 'Simulator (Min.)' },
  { key: 'TRAILER', title: 'Anhängerfahrt (Min.)' },
  { key: 'ESCORT', title: 'Begleitfahrzeug (Min.)' },
  { key: 'THEORY', title: 'Theorie (Min.)' },
  { key: 'EXAM', title: 'Prüfung (Min.)' },
  { key: 'OTHER', title: 'Sonstiges (Min.)' },
];

/** Minutes by column: zero unless given. */
export const payrollMinutes = (given: Partial<PayrollMinutes> = {}): PayrollMinutes => ({
  NORMAL: 0,
  OVERLAND: 0,
  MOTORWAY: 0,
  NIGHT: 0,
  EXAM_PRESENTATION: 0,
  BASIC_DRILL: 0,
  SIMULATOR: 0,
  TRAILER: 0,
  ESCORT: 0,
  THEORY: 0,
  EXAM: 0,
  OTHER: 0,
  ...given,
});

/** An instructor's month: the days as given, the total their sum. */
function payrollInstructor(
  instructorId: number,
  instructorName: string,
  days: { date: string; minutes: Partial<PayrollMinutes>; km: number }[],
): PayrollInstructor {
  const lines = days.map((day) => {
    const minutes = payrollMinutes(day.minutes);
    const totalMinutes = Object.values(minutes).reduce((sum, value) => sum + value, 0);
    return { date: day.date, minutes, totalMinutes, km: day.km };
  });
  const minutes = payrollMinutes();
  for (const line of lines) {
    for (const key of Object.keys(minutes) as (keyof PayrollMinutes)[]) {
      minutes[key] += line.minutes[key];
    }
  }
  return {
    instructorId,
    instructorName,
    total: {
      minutes,
      totalMinutes: lines.reduce((sum, line) => sum + line.totalMinutes, 0),
      km: lines.reduce((sum, line) => sum + line.km, 0),
    },
    days: lines,
  };
}

/**
 * October 2026: Jonas Becker 555 minutes (9,25 h, 238 km) on three days, Aylin Kaya 480
 * minutes (8,00 h, 395 km) on two, Tobias Wagner none; together 1035 minutes (17,25 h), 633 km.
 */
export const payrollOverviewFixture: PayrollOverview = {
  month: '2026-10',
  columns: payrollColumnsFixture,
  instructors: [
    payrollInstructor(21, 'Becker, Jonas', [
      { date: '2026-10-05', minutes: { NORMAL: 135, OVERLAND: 90 }, km: 142 },
      { date: '2026-10-06', minutes: { THEORY: 90, EXAM: 60 }, km: 0 },
      { date: '2026-10-14', minutes: { NORMAL: 45, NIGHT: 135 }, km: 96 },
    ]),
    payrollInstructor(22, 'Kaya, Aylin', [
      { date: '2026-10-07', minutes: { NORMAL: 90, MOTORWAY: 180 }, km: 310 },
      { date: '2026-10-21', minutes: { NORMAL: 180, OTHER: 30 }, km: 85 },
    ]),
    payrollInstructor(23, 'Wagner, Tobias', []),
  ],
};

/** A month without payroll-relevant appointments: everyone with zeros. */
export const emptyPayrollOverviewFixture: PayrollOverview = {
  month: '2026-10',
  columns: payrollColumnsFixture,
  instructors: [
    payrollInstructor(21, 'Becker, Jonas', []),
    payrollInstructor(22, 'Kaya, Aylin', []),
    payrollInstructor(23, 'Wagner, Tobias', []),
  ],
};

/** A few bytes of an EXTF file (header line only) for the download. */
export const EXTF_FIXTURE =
  '"EXTF";700;21;"Buchungsstapel";13;20261101120000000;;"FW";"";"";29098;10542;20260101;4;20261001;20261031;"";"";1;0;0;"EUR"\r\n';

export type AccountingMockOptions = {
  /** The answer of `GET /accounts-config/current`. @default accountsConfigFixture */
  config?: AccountsConfig | 'loading' | 'error' | 'forbidden';
  /** The instructors of `POST /instructor/filter` (active ones; archived ones follow). */
  instructors?: User[] | 'loading' | 'error';
  /** `POST /accounting/datev-export` answers 422 with this global error key. */
  datevRefusal?: string;
  /** The first so many DATEV exports fail with a 500 (then the export succeeds). */
  datevFailures?: number;
  /** `POST /accounting/payroll-export` answers 422 with this global error key. */
  payrollRefusal?: string;
  /** `POST /accounting/payroll-export` fails: 500, or no answer at all ('network'). */
  payrollFailure?: 'server' | 'network';
  /**
   * The answer of `POST /accounting/payroll-overview`, for the month asked (its days moved
   * into it) and only the instructors asked. @default payrollOverviewFixture
   */
  overview?: PayrollOverview | 'loading' | 'error' | 'forbidden';
  /** `POST /accounting/payroll-overview` answers 422 with this global error key. */
  overviewRefusal?: string;
  /** The first so many payroll overviews fail with a 500 (then the overview answers). */
  overviewFailures?: number;
};

export type AccountingCalls = {
  /** How often the accounts configuration was asked for. */
  config: number;
  datev: { body: DatevExportRequest; idempotencyKey: string | null }[];
  payroll: PayrollExportRequest[];
  overview: PayrollOverviewRequest[];
};

const compact = (date: string) => date.replaceAll('-', '');

/** Handlers answering every call of the accounting screens, and the calls they received. */
export function mockAccounting(options: AccountingMockOptions = {}) {
  const calls: AccountingCalls = { config: 0, datev: [], payroll: [], overview: [] };
  let datevFailures = options.datevFailures ?? 0;
  let overviewFailures = options.overviewFailures ?? 0;
  const overview = options.overview ?? payrollOverviewFixture;
  const config = options.config ?? accountsConfigFixture;
  const instructors = options.instructors ?? instructorsFixture;

  const handlers = [
    mockHttp.get('/accounts-config/current', async ({ response }) => {
      calls.config += 1;
      if (config === 'loading') await delay('infinite');
      if (config === 'error') return response(500).json(errorBody('errors.internal'));
      if (config === 'forbidden' || config === 'loading') {
        return response(403).json(errorBody('errors.forbidden'));
      }
      return response(200).json(config);
    }),
    mockHttp.post('/instructor/filter', async ({ request, response }) => {
      const body = await request.json();
      if (instructors === 'loading') await delay('infinite');
      if (instructors === 'error' || instructors === 'loading') {
        return response(500).json(errorBody('errors.internal'));
      }
      const data = body.archived ? archivedInstructorsFixture : instructors;
      return response(200).json({ data, total: data.length });
    }),
    mockHttp.post('/accounting/datev-export', async ({ request, response }) => {
      const body = await request.json();
      calls.datev.push({ body, idempotencyKey: request.headers.get('Idempotency-Key') });
      if (options.datevRefusal) {
        return response(422).json(
          errorBody('errors.validation', {
            globalErrors: [options.datevRefusal],
          }),
        );
      }
      if (datevFailures > 0) {
        datevFailures -= 1;
        return response(500).json(errorBody('errors.internal'));
      }
      return new Response(EXTF_FIXTURE, {
        headers: {
          'Content-Type': 'text/csv; charset=windows-1252',
          'Content-Disposition': `attachment; filename="EXTF_Buchungsstapel_${compact(body.from)}_${compact(body.to)}.csv"`,
        },
      });
    }),
    mockHttp.post('/accounting/payroll-overview', async ({ request, response }) => {
      const body = await request.json();
      calls.overview.push(body);
      if (overview === 'loading') await delay('infinite');
      if (options.overviewRefusal) {
        return response(422).json(
          errorBody('errors.validation', { globalErrors: [options.overviewRefusal] }),
        );
      }
      if (overview === 'forbidden' || overview === 'loading') {
        return response(403).json(errorBody('errors.forbidden'));
      }
      if (overview === 'error' || overviewFailures > 0) {
        overviewFailures -= 1;
        return response(500).json(errorBody('errors.internal'));
      }
      const only = body.instructorIds?.length ? new Set(body.instructorIds) : null;
      return response(200).json({
        ...overview,
        month: body.month,
        instructors: overview.instructors
          .filter((instructor) => !only || only.has(instructor.instructorId))
          .map((instructor) => ({
            ...instructor,
            days: instructor.days.map((day) => ({
              ...day,
              date: `${body.month}${day.date.slice(7)}`,
            })),
          })),
      });
    }),
    mockHttp.post('/accounting/payroll-export', async ({ request, response }) => {
      const body = await request.json();
      calls.payroll.push(body);
      if (options.payrollRefusal) {
        return response(422).json(
          errorBody('errors.validation', {
            globalErrors: [options.payrollRefusal],
          }),
        );
      }
      if (options.payrollFailure === 'network') return HttpResponse.error() as never;
      if (options.payrollFailure === 'server') {
        return response(500).json(errorBody('errors.internal'));
      }
      const xlsx = body.format === 'XLSX';
      return new Response(xlsx ? 'PK\u0003\u0004' : '\uFEFFFahrlehrer;Datum;Minuten\r\n', {
        headers: {
          'Content-Type': xlsx
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="Lohnexport_${body.month}.${xlsx ? 'xlsx' : 'csv'}"`,
        },
      });
    }),
  ];
  return { handlers, calls };
}

/** The handlers of the default state (for a host's Storybook or tests). */
export const handlers = mockAccounting().handlers;
