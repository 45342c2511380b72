import { type components, useApi } from '@fahrwerk/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type PulseEntry = components['schemas']['PulseEntry'];
export type PulseKind = PulseEntry['kind'];

/** The school's day (`GET /pulse?date`), refreshed every minute while the screen is open. */
export function usePulse(date: string) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/pulse',
      { params: { query: { date } } },
      { placeholderData: keepPreviousData, refetchInterval: 60_000 },
    ),
  );
}
