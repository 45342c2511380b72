import {
  errorCodes,
  type FastifyContentTypeParser,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type preParsingAsyncHookHandler,
  type RouteOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { translateDatabaseError } from '../modules/resources/database-errors';
import { fieldError, methodNotAllowed, notImplemented, unsupportedMediaType } from './errors';
import {
  type OpenApiDocument,
  type OpenApiOperation,
  withLimitsBesideRefs,
} from './openapi-document';
import type { FileAnswer, OperationHandlers } from './operation-types';

type AnyHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ status: number; body?: unknown; file?: FileAnswer['file'] }>;

/** `attachment; filename="Vertrag.pdf"; filename*=UTF-8''Vertrag.pdf` (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment') {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operationsById(document: OpenApiDocument): Map<string, OpenApiOperation> {
  const operations = new Map<string, OpenApiOperation>();
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (typeof operation === 'object' && operation?.operationId) {
        operations.set(operation.operationId, operation);
      }
    }
  }
  return operations;
}

type RequestBody = { required?: boolean; content?: Record<string, unknown> };

/** Follows local references (`#/components/responses/NotFound`) within the document. */
function resolved(document: OpenApiDocument, node: unknown): unknown {
  const seen = new Set<string>();
  let current = node;
  while (typeof current === 'object' && current !== null && '$ref' in current) {
    const ref = (current as { $ref: unknown }).$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return undefined;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((key) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>(
        (parent, key) =>
          typeof parent === 'object' && parent !== null
            ? (parent as Record<string, unknown>)[key]
            : undefined,
        document,
      );
  }
  return current;
}

const mediaTypesOf = (node: unknown) =>
  Object.keys((node as { content?: Record<string, unknown> } | undefined)?.content ?? {});

/**
 * The media types the contract names only for answers (the PDFs, images, CSV and XML files
 * of the downloads and exports), never for a request body.
 */
export function answerOnlyMediaTypes(document: OpenApiDocument): string[] {
  const requests = new Set<string>();
  const answers = new Set<string>();
  for (const operation of operationsById(document).values()) {
    for (const type of mediaTypesOf(resolved(document, operation.requestBody))) {
      requests.add(type);
    }
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    for (const response of Object.values(responses)) {
      for (const type of mediaTypesOf(resolved(document, response))) answers.add(type);
    }
  }
  return [...answers].filter((type) => !requests.has(type)).sort();
}

/**
 * The "parser" of a media type no request body has: refuses the body unread, as Fastify does
 * for a type without a parser (415; an unknown path stays 404). Contract operations never
 * get here: their media type check (below) refuses every type they do not declare first.
 */
const refuseBody: FastifyContentTypeParser = (request, _payload, done) => {
  if (request.is404) done(null, undefined);
  else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
};

/** Methods whose body Fastify never reads. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Only the media types an operation declares reach its handler: Fastify parses any body it
 * has a parser for (text/plain among them) and validates only those the route has a schema
 * for, so a `text/plain` body would pass a JSON operation unchecked. Runs before parsing,
 * after the token check (401 comes first). Without a body, an operation whose body is
 * required answers 422 `body: validation.required`.
 */
function mediaTypeCheck(requestBody: RequestBody | undefined): preParsingAsyncHookHandler {
  const declared = Object.keys(requestBody?.content ?? {});
  return async (request, _reply, payload) => {
    if (BODYLESS.has(request.method)) return payload;
    const { 'content-type': contentType, 'content-length': length } = request.headers;
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      (length !== undefined && length !== '0');
    if (contentType === undefined) {
      if (hasBody) throw unsupportedMediaType(declared, undefined);
      if (requestBody?.required) {
        throw fieldError('body', 'validation.required', 'This call needs a request body.');
      }
      return payload;
    }
    // An operation without a body ignores a content type that comes without one.
    if (declared.length === 0 && !hasBody) return payload;
    const mediaType = request.mediaType;
    if (mediaType === undefined || !declared.includes(mediaType)) {
      throw unsupportedMediaType(declared, mediaType ?? contentType);
    }
    return payload;
  };
}

/**
 * A wrong method on a path of the contract answers 405 with the Allow header instead of
 * 404: one route per path for the methods it lacks (HEAD follows GET, Fastify adds it).
 */
function registerMethodNotAllowed(app: FastifyInstance, document: OpenApiDocument, prefix: string) {
  const candidates = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const declared = HTTP_METHODS.filter((method) => typeof pathItem[method] === 'object').map(
      (method) => method.toUpperCase(),
    );
    if (declared.includes('GET') && !declared.includes('HEAD')) declared.push('HEAD');
    const missing = candidates.filter((method) => !declared.includes(method));
    if (missing.length === 0) continue;
    const allow = declared.join(', ');
    app.route({
      method: missing,
      url: `${prefix}${path.replace(/{(\w+)}/g, ':$1')}`,
      handler: async (request, reply) => {
        reply.header('allow', allow);
        throw methodNotAllowed(request.method, declared);
      },
    });
  }
}

/**
 * Registers one route per contract operation (fastify-openapi-glue reads paths, parameters
 * and schemas from the bundle), with the handler of its operationId. An operation without a
 * handler answers 501 `errors.not_implemented`. A database refusal a handler did not
 * translate itself (a constraint, a value PostgreSQL cannot take) still ends as a 422.
 */
export async function registerRoutes(
  app: FastifyInstance,
  options: { document: OpenApiDocument; prefix: string; handlers: OperationHandlers },
): Promise<void> {
  const operations = operationsById(options.document);
  const stray = Object.keys(options.handlers).filter((id) => !operations.has(id));
  if (stray.length > 0) {
    throw new Error(`Handlers for operations the contract lacks: ${stray.join(', ')}`);
  }
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;

  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    const operation = typeof operationId === 'string' ? operations.get(operationId) : undefined;
    if (!operation) return;
    const check = mediaTypeCheck(operation.requestBody as RequestBody | undefined);
    route.preParsing = [...[route.preParsing ?? []].flat(), check];
  });

  // fastify-openapi-glue warns of every media type in the contract that has no body parser,
  // those of answers too ("ContentTypeParser for 'image/png' not found" for the downloads).
  // Those types are declared refused as request bodies; a media type of a request body
  // without a parser is still warned of.
  for (const type of answerOnlyMediaTypes(options.document)) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, refuseBody);
  }

  await app.register(openapiGlue, {
    specification: withLimitsBesideRefs(options.document),
    prefix: options.prefix,
    // Keeps bodiless answers (204) in the route schema, so response validation knows them.
    addEmptySchema: true,
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId];
      if (!handler) {
        return async () => {
          throw notImplemented(operationId);
        };
      }
      return async (request: FastifyRequest, reply: FastifyReply) => {
        let result: Awaited<ReturnType<AnyHandler>>;
        try {
          result = await handler(request, reply);
        } catch (error) {
          throw translateDatabaseError(error) ?? error;
        }
        reply.code(result.status);
        if (result.file) {
          const { bytes, mimeType, fileName, disposition = 'attachment' } = result.file;
          reply.header('content-type', mimeType);
          reply.header('content-disposition', contentDisposition(fileName, disposition));
          return reply.send(bytes);
        }
        return 'body' in result ? result.body : reply.send();
      };
    },
  });
  registerMethodNotAllowed(app, options.document, options.prefix);
}
