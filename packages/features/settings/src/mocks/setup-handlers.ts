import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type { MasterData } from '../api/settings-queries';
import type { DrivingSchool } from '../api/setup-queries';
import { emptyMasterDataFixture, masterDataFixture } from './handlers';

/* The calls of the onboarding page (`OnboardingSuccessScreen`), answered per story. */

export const drivingSchoolFixture: DrivingSchool = {
  id: 1,
  name: 'Fahrschule Sonnenschein',
  switches: {
    ...masterDataFixture.switches,
    classicPayEnabled: true,
    flashPayEnabled: false,
    livePayEnabled: false,
    learningAppEnabled: false,
  },
  signatureStatuses: {
    serviceContractSigned: true,
    dataProcessingAgreementSigned: true,
    livePayOnboardingCompleted: false,
  },
  usingMirrorVehicles: false,
  onboardingLinks: [],
};

/**
 * How a call fails or stalls: never answers (`loading`), 500 (`error`), 403 (`forbidden`),
 * or 500 once and then `failOnce` (the retry story).
 */
export type Failure<T> = 'loading' | 'error' | 'forbidden' | { failOnce: T };

/**
 * A list call: that many active rows (the page reads only `total`, so the rows themselves
 * are left out of the mocked page), or a failure.
 */
export type SetupAnswer = number | Failure<number>;

/** The master data as the server answers it, or a failure. */
export type MasterDataAnswer = MasterData | Failure<MasterData>;

export type SetupAnswers = {
  masterData: MasterDataAnswer;
  mailAccounts: SetupAnswer;
  priceLists: SetupAnswer;
  instructors: SetupAnswer;
  vehicles: SetupAnswer;
  branches: SetupAnswer;
};

/** A school right after its online onboarding: master data as the sign-up left it, nothing else. */
export const FRESH_SCHOOL: SetupAnswers = {
  masterData: emptyMasterDataFixture,
  mailAccounts: 0,
  priceLists: 0,
  instructors: 0,
  vehicles: 0,
  branches: 0,
};

/** A school that has done every step. */
export const READY_SCHOOL: SetupAnswers = {
  masterData: masterDataFixture,
  mailAccounts: 1,
  priceLists: 2,
  instructors: 3,
  vehicles: 4,
  branches: 1,
};

/** The calls that already failed once (`failOnce`); stories clear it in `beforeEach`. */
const failedOnce = new Set<string>();

export function resetSetupMocks(): void {
  failedOnce.clear();
}

type Outcome<T> = { ok: T } | { status: 403 | 500 };

async function settle<T extends object | number>(
  call: string,
  answer: T | Failure<T>,
): Promise<Outcome<T>> {
  if (answer === 'loading') await delay('infinite');
  if (answer === 'error') return { status: 500 };
  if (answer === 'forbidden') return { status: 403 };
  if (typeof answer === 'object' && 'failOnce' in answer) {
    if (failedOnce.has(call)) return { ok: answer.failOnce };
    failedOnce.add(call);
    return { status: 500 };
  }
  return { ok: answer as T };
}

const failure = (status: 403 | 500) =>
  errorBody(status === 403 ? 'errors.forbidden' : 'errors.internal');

/** One page of a filter call with `total` rows (rows left out, see `SetupAnswer`). */
const page = (total: number) => ({ data: [], total });

/** Handlers for every call of the onboarding page, the school's name included. */
export function setupHandlers(answers: SetupAnswers) {
  return [
    mockHttp.get('/driving-schools/current', ({ response }) =>
      response(200).json(drivingSchoolFixture),
    ),
    mockHttp.get('/driving-schools/current/master-data', async ({ response }) => {
      const result = await settle('masterData', answers.masterData);
      return 'ok' in result
        ? response(200).json(result.ok)
        : response(result.status).json(failure(result.status));
    }),
    mockHttp.post('/email-config/filter', async ({ response }) => {
      const result = await settle('mailAccounts', answers.mailAccounts);
      return 'ok' in result
        ? response(200).json(page(result.ok))
        : response(result.status).json(failure(result.status));
    }),
    mockHttp.post('/price-lists/filter', async ({ response }) => {
      const result = await settle('priceLists', answers.priceLists);
      return 'ok' in result
        ? response(200).json(page(result.ok))
        : response(result.status).json(failure(result.status));
    }),
    mockHttp.post('/instructor/filter', async ({ response }) => {
      const result = await settle('instructors', answers.instructors);
      return 'ok' in result
        ? response(200).json(page(result.ok))
        : response(result.status).json(failure(result.status));
    }),
    mockHttp.post('/vehicles/filter', async ({ response }) => {
      const result = await settle('vehicles', answers.vehicles);
      return 'ok' in result
        ? response(200).json(page(result.ok))
        : response(result.status).json(failure(result.status));
    }),
    mockHttp.post('/branches/filter', async ({ response }) => {
      const result = await settle('branches', answers.branches);
      return 'ok' in result
        ? response(200).json(page(result.ok))
        : response(result.status).json(failure(result.status));
    }),
  ];
}
