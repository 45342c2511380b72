import { createApiClient } from '@fahrwerk/api';
import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { apiKey, invalidatePaths, matchesPaths } from './query-keys';

const calls: string[] = [];
const api = createApiClient({
  baseUrl: 'http://api.test',
  getToken: () => null,
  fetch: async (input) => {
    const request = input as Request;
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
  },
});
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const unsubscribes: (() => void)[] = [];

/** A query on screen, as a package's hook makes it. */
async function show(options: { queryKey: readonly unknown[] }) {
  const observer = new QueryObserver(queryClient, options as QueryObserverOptions);
  unsubscribes.push(observer.subscribe(() => {}));
  await observer.refetch();
}

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  queryClient.clear();
  calls.length = 0;
});

test('a key matches its resource path and the paths below it, not a sibling resource', () => {
  expect(matchesPaths(['get', '/price-lists'], ['/price-lists'])).toBe(true);
  expect(matchesPaths(['post', '/price-lists/filter', { body: {} }], ['/price-lists'])).toBe(true);
  expect(matchesPaths(['get', '/price-lists/{id}', {}], ['/price-lists'])).toBe(true);
  expect(matchesPaths(['get', '/prices/by-pricelist/{id}'], ['/price-lists'])).toBe(false);
  expect(matchesPaths(['get', '/students-filter'], ['/students'])).toBe(false);
  expect(matchesPaths(['get', '/student-categories/'], ['/student-categories'])).toBe(true);
  expect(matchesPaths(['fleet', 'price-lists'], ['/price-lists'])).toBe(false);
  expect(apiKey('get', '/students/avatar', { studentId: 1 })).toEqual([
    'get',
    '/students/avatar',
    { studentId: 1 },
  ]);
});

test('saving a price list refreshes the price lists every package shows, and nothing else', async () => {
  const active = { params: { query: { archived: false } } } as const;
  // fleet's branch form and the student form pick from the active price lists,
  // the price-lists package pages through them; prices are their own resource.
  await show(api.query.queryOptions('get', '/price-lists', active));
  await show(
    api.query.queryOptions('post', '/price-lists/filter', {
      body: { page: 0, size: 20, archived: false },
    }),
  );
  await show(
    api.query.queryOptions('get', '/prices/by-pricelist/{id}', { params: { path: { id: 1 } } }),
  );
  calls.length = 0;

  // What price-lists' save does on success.
  await invalidatePaths(queryClient, '/price-lists');

  expect(calls.sort()).toEqual(['GET /price-lists', 'POST /price-lists/filter']);
});
