import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay, HttpResponse } from 'msw';
import type {
  AccountsConfig,
  DatevExportRequest,
  PayrollExportRequest,
  User,
} from '../api/accounting-queries';

/*
 * Fixtures and typed MSW handlers of the accounting screens, for stories and tests.
 * `mockAccounting(options)` answers the accounts configuration, the instructors and both
 * exports, and records what the exports were sent (body and `Idempotency-Key`).
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
};

export type AccountingCalls = {
  /** How often the accounts configuration was asked for. */
  config: number;
  datev: { body: DatevExportRequest; idempotencyKey: string | null }[];
  payroll: PayrollExportRequest[];
};

const compact = (date: string) => date.replaceAll('-', '');

/** Handlers answering every call of the accounting screens, and the calls they received. */
export function mockAccounting(options: AccountingMockOptions = {}) {
  const calls: AccountingCalls = { config: 0, datev: [], payroll: [] };
  let datevFailures = options.datevFailures ?? 0;
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
