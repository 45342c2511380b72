import { type components, isApiError, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useCan } from '@fahrwerk/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type MasterDataGap, missingMasterData, type SetupStepId } from '../setup-steps';

export type DrivingSchool = components['schemas']['DrivingSchool'];

/** The page shows each step's failure at the step (with retry), so no global toast. */
const silent: FahrwerkMeta = { silentError: true };

/** One active row is enough to know whether there is any: the calls are read for `total`. */
const FIRST_ACTIVE = { page: 0, size: 1, archived: false } as const;

/** What the onboarding page knows about one step. */
export type SetupStepState =
  /** The call is under way. */
  | { status: 'loading' }
  /** The user's role may not read it (no permission, or the server answered 403). */
  | { status: 'forbidden' }
  /** The call failed otherwise; `retry` asks again for this step only. */
  | { status: 'error'; retry: () => void; isRetrying: boolean }
  /** Settled: `count` active rows (lists), or the master data fields still `missing`. */
  | { status: 'done' | 'open'; count?: number; missing?: MasterDataGap[] };

/** The signed-in user's school, for its name (any signed-in user may read it). */
export function useCurrentDrivingSchool() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/driving-schools/current', undefined, { meta: silent }),
  );
}

function toStepState<T>(
  query: UseQueryResult<T, unknown>,
  allowed: boolean,
  settled: (data: T) => { done: boolean; count?: number; missing?: MasterDataGap[] },
): SetupStepState {
  if (!allowed || (isApiError(query.error) && query.error.status === 403)) {
    return { status: 'forbidden' };
  }
  if (query.isError) {
    return {
      status: 'error',
      retry: () => void query.refetch(),
      isRetrying: query.isFetching,
    };
  }
  if (query.isPending) return { status: 'loading' };
  const { done, ...rest } = settled(query.data);
  return { status: done ? 'done' : 'open', ...rest };
}

const counted = (count: number) => ({ done: count > 0, count });

/**
 * The state of every step of the onboarding checklist, from the school's data. A call the
 * user's role lacks the permission for (its `x-permissions` in the contract) is not made;
 * the step is "not visible" then, as it is when the server answers 403. Each call reads
 * only the total of one page of one row, so the page costs the same for any school.
 */
export function useSetupSteps(): Record<SetupStepId, SetupStepState> {
  const { query } = useApi();
  const company = useCan('MODULE_COMPANY');
  const total = { meta: silent, select: (page: { total: number }) => page.total };

  const masterData = useQuery(
    query.queryOptions('get', '/driving-schools/current/master-data', undefined, {
      meta: silent,
      enabled: company,
    }),
  );
  const mailAccounts = useQuery(
    query.queryOptions(
      'post',
      '/email-config/filter',
      { body: FIRST_ACTIVE },
      { ...total, enabled: company },
    ),
  );
  const priceLists = useQuery(
    query.queryOptions(
      'post',
      '/price-lists/filter',
      // Templates are only copied from, never used: they do not count.
      { body: { ...FIRST_ACTIVE, template: false } },
      { ...total, enabled: company },
    ),
  );
  // Users who teach a class or hold an instructor role; any signed-in user may ask.
  const instructors = useQuery(
    query.queryOptions('post', '/instructor/filter', { body: FIRST_ACTIVE }, total),
  );
  const vehicles = useQuery(
    query.queryOptions(
      'post',
      '/vehicles/filter',
      { body: FIRST_ACTIVE },
      { ...total, enabled: company },
    ),
  );
  const branches = useQuery(
    query.queryOptions(
      'post',
      '/branches/filter',
      { body: FIRST_ACTIVE },
      { ...total, enabled: company },
    ),
  );

  return {
    masterData: toStepState(masterData, company, (data) => {
      const missing = missingMasterData(data);
      return { done: missing.length === 0, missing };
    }),
    mailAccount: toStepState(mailAccounts, company, counted),
    priceList: toStepState(priceLists, company, counted),
    instructor: toStepState(instructors, true, counted),
    vehicle: toStepState(vehicles, company, counted),
    branch: toStepState(branches, company, counted),
  };
}
