import type { OpenApiDocument } from '../../http/openapi-document';
import type { Schema, SchemaSpace } from './schema-arbitrary';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type FuzzParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
};

export type FuzzBody = {
  /** The first media type the operation declares (the one valid requests use). */
  media: string;
  required: boolean;
  schema: Schema;
  /** Multipart parts sent with their own content type (`encoding.<part>.contentType`). */
  partTypes: Record<string, string>;
};

/**
 * When an operation runs: reading first, then writing, then what removes, archives, signs
 * out or sends (so it cannot take away what the rest of the run reads).
 */
export type Phase = 'read' | 'write' | 'destructive';

export type FuzzOperation = {
  operationId: string;
  method: HttpMethod;
  /** The contract's path template (`/students/{id}`), without the `/api` prefix. */
  path: string;
  parameters: FuzzParameter[];
  body?: FuzzBody;
  /** Every media type of the request body. */
  media: string[];
  /** Needs a bearer token (no `security: []`). */
  secured: boolean;
  /** The statuses the contract lists (`200`, `4xx`, `default`). */
  statuses: string[];
  phase: Phase;
};

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Operations that remove, archive, revoke, sign out, reset or send. */
const DESTRUCTIVE =
  /archive|delete|remove|revoke|reset|stop|cancel|password|logout|sign-?out|send|mail|publish|sync|dispatch/i;

const phaseOf = (method: HttpMethod, operationId: string, path: string): Phase => {
  if (method === 'DELETE' || DESTRUCTIVE.test(operationId) || DESTRUCTIVE.test(path)) {
    return 'destructive';
  }
  return method === 'GET' ? 'read' : 'write';
};

const PHASES: Phase[] = ['read', 'write', 'destructive'];

/** Every operation of the contract, in the order the fuzzer runs them. */
export function fuzzOperations(document: OpenApiDocument, space: SchemaSpace): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item as { parameters?: unknown[] }).parameters ?? []) as unknown[];
    for (const key of METHODS) {
      const operation = item[key];
      if (!operation?.operationId) continue;
      const method = key.toUpperCase() as HttpMethod;
      const byName = new Map<string, FuzzParameter>();
      for (const raw of [...shared, ...((operation.parameters as unknown[] | undefined) ?? [])]) {
        const parameter = space.deref(raw) as {
          name: string;
          in: string;
          required?: boolean;
          schema?: Schema;
        };
        if (parameter.in !== 'path' && parameter.in !== 'query' && parameter.in !== 'header') {
          continue;
        }
        byName.set(`${parameter.in}:${parameter.name}`, {
          name: parameter.name,
          in: parameter.in,
          required: parameter.in === 'path' || parameter.required === true,
          schema: parameter.schema ?? {},
        });
      }
      const requestBody = space.deref(operation.requestBody) as
        | {
            required?: boolean;
            content?: Record<
              string,
              { schema?: Schema; encoding?: Record<string, { contentType?: string }> }
            >;
          }
        | undefined;
      const content = requestBody?.content ?? {};
      const media = Object.keys(content);
      const [first] = media;
      const declared = first ? content[first] : undefined;
      const security = operation.security ?? document.security ?? [];
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        parameters: [...byName.values()],
        ...(first && declared
          ? {
              body: {
                media: first,
                required: requestBody?.required === true,
                schema: declared.schema ?? {},
                partTypes: Object.fromEntries(
                  Object.entries(declared.encoding ?? {}).flatMap(([part, encoding]) =>
                    encoding.contentType ? [[part, encoding.contentType]] : [],
                  ),
                ),
              },
            }
          : {}),
        media,
        secured: security.length > 0 && security.some((entry) => Object.keys(entry).length > 0),
        statuses: Object.keys((operation.responses as Record<string, unknown> | undefined) ?? {}),
        phase: phaseOf(method, operation.operationId, path),
      });
    }
  }
  return operations.sort(
    (a, b) =>
      PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
      a.path.localeCompare(b.path) ||
      a.method.localeCompare(b.method),
  );
}
