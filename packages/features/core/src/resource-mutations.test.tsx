import { ApiProvider, type components, createApiClient } from '@fahrwerk/api';
import {
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, expectTypeOf, test } from 'vitest';
import { type ResourceMutations, useResourceMutations } from './resource-mutations';

type Branch = components['schemas']['Branch'];
type BranchInput = components['schemas']['BranchInput'];

const calls: string[] = [];
const api = createApiClient({
  baseUrl: 'http://api.test',
  getToken: () => null,
  fetch: async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ id: 7 }), {
      headers: { 'Content-Type': 'application/json' },
    });
  },
});
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <ApiProvider client={api}>{children}</ApiProvider>
  </QueryClientProvider>
);
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

// Casts: the fake server reads no body, so the inputs carry only what the test looks at.
const input = { name: 'Nord' } as BranchInput;
const todo = { title: 'Anrufen' } as components['schemas']['TodoInput'];

test('the generic calls of a resource, and a success refreshes every query of its path', async () => {
  await show(
    api.query.queryOptions('post', '/branches/filter', {
      body: { page: 0, size: 20, archived: false },
    }),
  );
  await show(
    api.query.queryOptions('get', '/branch-work-hours/{id}', { params: { path: { id: 7 } } }),
  );
  await show(api.query.queryOptions('get', '/vehicles'));
  calls.length = 0;
  const { result } = renderHook(
    () => useResourceMutations('/branches', { alsoRefresh: ['/branch-work-hours'] }),
    { wrapper },
  );

  await act(() => result.current.save.mutateAsync({ input }));
  expect(calls.splice(0).sort()).toEqual([
    'GET /branch-work-hours/7',
    'POST /branches',
    'POST /branches/filter',
  ]);
  await act(() => result.current.save.mutateAsync({ id: 7, input }));
  expect(calls[0]).toBe('PUT /branches/7');
  calls.length = 0;
  const archived = await act(() => result.current.archive.mutateAsync({ id: 7, archived: false }));
  expect(archived).toEqual({ id: 7 });
  expect(calls[0]).toBe('POST /branches/archive?id=7&archived=false');
});

test('saves are inline by default (the form shows the failure), the rest toast', async () => {
  const { result } = renderHook(() => useResourceMutations('/todos'), { wrapper });
  await act(() => result.current.delete.mutateAsync(3));
  expect(calls).toEqual(['DELETE /todos/3']);
  const meta = (key: readonly unknown[]) =>
    queryClient.getMutationCache().find({ mutationKey: key })?.meta;
  expect(meta(['delete', '/todos/{id}'])).toBeUndefined();
  await act(() => result.current.create.mutateAsync(todo));
  expect(meta(['post', '/todos'])).toEqual({ silentError: true });
});

test('each call is typed by its operation; a call the contract lacks is not offered', () => {
  expectTypeOf<ResourceMutations<'/branches'>['save']['mutateAsync']>()
    .parameter(0)
    .toEqualTypeOf<{ id?: number | null; input: BranchInput }>();
  expectTypeOf<
    Awaited<ReturnType<ResourceMutations<'/branches'>['update']['mutateAsync']>>
  >().toEqualTypeOf<Branch>();
  expectTypeOf<keyof ResourceMutations<'/branches'>>().toEqualTypeOf<
    'create' | 'update' | 'save' | 'archive'
  >();
  expectTypeOf<keyof ResourceMutations<'/todos'>>().toEqualTypeOf<
    'create' | 'update' | 'save' | 'delete'
  >();
});
