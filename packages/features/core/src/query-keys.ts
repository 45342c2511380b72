import type { paths } from '@fahrwerk/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** A path of the contract, for example `/price-lists/{id}`. */
export type ApiPath = keyof paths;

/** The first segment of a contract path: `/price-lists` for `/price-lists/{id}/rename/{name}`. */
export type ApiResource = {
  [P in ApiPath]: P extends `/${infer Head}/${string}` ? `/${Head}` : P;
}[ApiPath];

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/**
 * The one query-key convention: openapi-react-query's `[method, path, init]`, which
 * `api.query.queryOptions(method, path, init)` makes itself. Use `apiKey` only for a query
 * that needs its own `queryFn` (a file as a blob): its key still names the call it makes.
 */
export function apiKey<P extends ApiPath>(
  method: HttpMethod,
  path: P,
  init?: unknown,
): readonly [HttpMethod, P, ...unknown[]] {
  return init === undefined ? [method, path] : [method, path, init];
}

/**
 * Does a query key belong to one of `targets`? A target matches its own path and every
 * path below it (`/price-lists` matches `/price-lists`, `/price-lists/filter` and
 * `/price-lists/{id}`, not `/prices`), whatever the method and the parameters.
 */
export function matchesPaths(queryKey: readonly unknown[], targets: readonly string[]): boolean {
  const path = queryKey[1];
  if (typeof queryKey[0] !== 'string' || typeof path !== 'string') return false;
  return targets.some((target) => path === target || path.startsWith(`${target}/`));
}

/**
 * Marks every cached query of the given paths stale (and refetches those on screen),
 * whichever package made it: after a save, every screen showing that resource is current.
 */
export function invalidatePaths(
  queryClient: QueryClient,
  ...targets: (ApiResource | ApiPath)[]
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => matchesPaths(query.queryKey, targets),
  });
}

/** `invalidatePaths` over the query client of the provider, for a mutation's `onSuccess`. */
export function useInvalidate(): (...targets: (ApiResource | ApiPath)[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (...targets: (ApiResource | ApiPath)[]) => invalidatePaths(queryClient, ...targets),
    [queryClient],
  );
}
