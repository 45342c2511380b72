import { type FetchClient, type paths, useApi } from '@fahrwerk/api';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { FahrwerkMeta } from './errors';
import { type ApiPath, type ApiResource, useInvalidate } from './query-keys';

/** The generic calls of a resource (spec 000 §7) this hook offers. */
export type ResourceCall = 'create' | 'update' | 'save' | 'archive' | 'delete';

/** The operation of a contract path and method; `never` where the contract has none. */
type Operation<P extends string, M extends 'post' | 'put' | 'delete'> = P extends keyof paths
  ? paths[P] extends { [K in M]: infer Op }
    ? Op
    : never
  : never;

type CreateOp<R extends string> = Operation<R, 'post'>;
type UpdateOp<R extends string> = Operation<`${R}/{id}`, 'put'>;
type DeleteOp<R extends string> = Operation<`${R}/{id}`, 'delete'>;
/** `POST {resource}/archive?id&archived`, the one call that archives and unarchives. */
type ArchiveOp<R extends string> =
  Operation<`${R}/archive`, 'post'> extends infer Op
    ? Op extends { parameters: { query: { id: number; archived: boolean } } }
      ? Op
      : never
    : never;

/** The JSON body an operation takes. */
type Body<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;

/** The JSON answer of an operation's success (200 or 201); `undefined` for 204 No Content. */
type Answer<Op> = Op extends { responses: infer Responses }
  ? Responses extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : Responses extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : undefined
  : never;

type Mutation<TData, TVariables> = UseMutationResult<TData, Error, TVariables>;

type Offered<R extends string> = {
  create: CreateOp<R>;
  update: UpdateOp<R>;
  save: [CreateOp<R>] extends [never] ? never : UpdateOp<R>;
  archive: ArchiveOp<R>;
  delete: DeleteOp<R>;
};

type AllMutations<R extends string> = {
  /** `POST {resource}` with the input. */
  create: Mutation<Answer<CreateOp<R>>, Body<CreateOp<R>>>;
  /** `PUT {resource}/{id}` with the input. */
  update: Mutation<Answer<UpdateOp<R>>, { id: number; input: Body<UpdateOp<R>> }>;
  /** Create without an id, update with one: the one call of a create-or-edit form. */
  save: Mutation<
    Answer<CreateOp<R>> | Answer<UpdateOp<R>>,
    { id?: number | null; input: Body<CreateOp<R>> & Body<UpdateOp<R>> }
  >;
  /** `POST {resource}/archive?id&archived`: `archived: false` takes the row out of the archive. */
  archive: Mutation<Answer<ArchiveOp<R>>, { id: number; archived: boolean }>;
  /** `DELETE {resource}/{id}`. */
  delete: Mutation<Answer<DeleteOp<R>>, number>;
};

/** The mutations the contract offers for the resource `R`, typed by its operations. */
export type ResourceMutations<R extends string> = {
  [K in keyof AllMutations<R> as [Offered<R>[K]] extends [never] ? never : K]: AllMutations<R>[K];
};

/**
 * A resource of the contract: a path whose rows can be changed by id (`PUT` or `DELETE
 * {path}/{id}`) or archived (`POST {path}/archive`) — `/branches`, `/cost-bearer-note`, ….
 */
export type ResourcePath = {
  [P in ApiResource | ApiPath]: [
    Offered<P>['update'] | Offered<P>['archive'] | Offered<P>['delete'],
  ] extends [never]
    ? never
    : P;
}[ApiResource | ApiPath];

export type ResourceMutationOptions = {
  /** Further paths a change refreshes (a branch's opening hours, a product's prices). */
  alsoRefresh?: readonly (ApiResource | ApiPath)[];
  /**
   * The calls whose failure the screen shows itself (`meta: { silentError: true }`), the rest
   * toast. @default ['create', 'update', 'save'] — a form places the server's answer.
   */
  inline?: readonly ResourceCall[];
  /**
   * `false`: a call is done when the server answered and the queries refresh behind it (the
   * dialog closes at once); otherwise the call waits for the refresh. @default true
   */
  awaitRefresh?: boolean;
};

type GenericInit = {
  params?: { path?: { id: number }; query?: { id: number; archived: boolean } };
  body?: unknown;
};
type GenericCall = (path: string, init: GenericInit) => Promise<{ data?: unknown }>;
type GenericCalls = { POST: GenericCall; PUT: GenericCall; DELETE: GenericCall };

/**
 * The typed client seen through the one shape of the generic calls. openapi-fetch types each
 * path on its own, and for a path that is a type parameter TypeScript cannot pick the
 * operation; `ResourceMutations<R>` (read from the same `paths`) types what the hook returns.
 */
function genericCalls(fetch: FetchClient): GenericCalls {
  // Cast: the calls below only ever pass the paths and inits `ResourceMutations<R>` allows.
  return fetch as GenericCalls;
}

const INLINE_BY_DEFAULT: readonly ResourceCall[] = ['create', 'update', 'save'];

/**
 * The generic calls of one resource of the contract (spec 000 §7) as react-query mutations:
 * `create`, `update`, `save` (create or update), `archive` (`{ id, archived }`, also the
 * unarchive; `useArchiveFlow` takes it) and `delete` — each only where the contract has the
 * call, typed by its operation. A success refreshes every query of the resource's path and the
 * paths below it, whichever package made it, plus `alsoRefresh`.
 *
 * ```ts
 * const branches = useResourceMutations('/branches', { alsoRefresh: ['/branch-work-hours'] });
 * await branches.save.mutateAsync({ id: branch?.id, input });
 * const flow = useArchiveFlow(branches.archive, confirmation);
 * ```
 */
export function useResourceMutations<R extends ResourcePath>(
  resource: R,
  {
    alsoRefresh = [],
    inline = INLINE_BY_DEFAULT,
    awaitRefresh = true,
  }: ResourceMutationOptions = {},
): ResourceMutations<R> {
  const calls = genericCalls(useApi().fetch);
  const invalidate = useInvalidate();
  const refresh = () => {
    const done = invalidate(resource, ...alsoRefresh);
    return awaitRefresh ? done : undefined;
  };
  const meta = (call: ResourceCall): FahrwerkMeta | undefined =>
    inline.includes(call) ? { silentError: true } : undefined;
  const create = async (input: unknown) => (await calls.POST(resource, { body: input })).data;
  const update = async ({ id, input }: { id: number; input: unknown }) =>
    (await calls.PUT(`${resource}/{id}`, { params: { path: { id } }, body: input })).data;

  const mutations = {
    create: useMutation({
      mutationKey: ['post', resource],
      mutationFn: create,
      meta: meta('create'),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationKey: ['put', `${resource}/{id}`],
      mutationFn: update,
      meta: meta('update'),
      onSuccess: refresh,
    }),
    save: useMutation({
      mutationFn: ({ id, input }: { id?: number | null; input: unknown }) =>
        id === undefined || id === null ? create(input) : update({ id, input }),
      meta: meta('save'),
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationKey: ['post', `${resource}/archive`],
      mutationFn: async (query: { id: number; archived: boolean }) =>
        (await calls.POST(`${resource}/archive`, { params: { query } })).data,
      meta: meta('archive'),
      onSuccess: refresh,
    }),
    delete: useMutation({
      mutationKey: ['delete', `${resource}/{id}`],
      mutationFn: async (id: number) =>
        (await calls.DELETE(`${resource}/{id}`, { params: { path: { id } } })).data,
      meta: meta('delete'),
      onSuccess: refresh,
    }),
  };
  // Cast: the untyped calls above answer what the contract says for `R`; the type of each
  // mutation is read from the contract here, once, as `genericCalls` explains.
  return mutations as ResourceMutations<R>;
}
