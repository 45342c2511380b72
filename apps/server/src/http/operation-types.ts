import type { operations } from '@fahrwerk/api/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Handler types derived from the contract's generated operation types, so a handler that
 * takes or answers something else than the contract says does not compile.
 */

export type OperationId = keyof operations;

type Operation<K extends OperationId> = operations[K];

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** A request body: JSON, or the fields of a multipart upload (read by `uploads.ts`). */
type RequestContent<T> = T extends { content: { 'multipart/form-data': infer Body } }
  ? Body
  : JsonContent<T>;

/** `never` (no such part in the contract) as an empty object for Fastify's generics. */
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;

export type RequestBodyOf<K extends OperationId> =
  Operation<K> extends {
    requestBody: infer Body;
  }
    ? OrEmpty<RequestContent<Body>>
    : Operation<K> extends { requestBody?: infer Body }
      ? RequestContent<NonNullable<Body>> | undefined
      : undefined;

export type QueryOf<K extends OperationId> = OrEmpty<
  NonNullable<Operation<K>['parameters']['query']>
>;

export type PathParamsOf<K extends OperationId> = OrEmpty<
  NonNullable<Operation<K>['parameters']['path']>
>;

/** What a handler answers itself; errors are thrown (302: the contract's "found" answers). */
type SuccessStatus = 200 | 201 | 202 | 204 | 302;
type Responses<K extends OperationId> = Operation<K>['responses'];
type SuccessStatusOf<K extends OperationId> = Extract<keyof Responses<K>, SuccessStatus>;

/** A file answer: sent with its media type and a Content-Disposition naming the file. */
export type FileAnswer = {
  status: 200;
  file: {
    bytes: Buffer;
    mimeType: string;
    fileName: string;
    /** `inline` (shown in the browser) or `attachment` (saved); default attachment. */
    disposition?: 'inline' | 'attachment';
  };
};

type HasBinaryContent<T> = T extends { content: infer Content }
  ? [Exclude<keyof Content, 'application/json'>] extends [never]
    ? false
    : true
  : false;

/** What a handler returns: one of the operation's success answers, with its body. */
export type OperationResult<K extends OperationId> =
  | {
      [S in SuccessStatusOf<K>]: [JsonContent<Responses<K>[S]>] extends [never]
        ? { status: S }
        : { status: S; body: JsonContent<Responses<K>[S]> };
    }[SuccessStatusOf<K>]
  | (200 extends SuccessStatusOf<K>
      ? HasBinaryContent<Responses<K>[200]> extends true
        ? FileAnswer
        : never
      : never);

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: RequestBodyOf<K>;
  Querystring: QueryOf<K>;
  Params: PathParamsOf<K>;
}>;

export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<OperationResult<K>>;

export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> };
