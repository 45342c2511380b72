import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ErrorBody } from './errors';
import type { OpenApiDocument } from './openapi-document';
import { createResponseAjv, type ValidateFunction } from './validation';

/** Per declared status: `null` when the contract declares no body (204), else by media type. */
type StatusValidators = Map<string, Map<string, ValidateFunction> | null>;

type ResponseSchemaMap = Record<
  string,
  { content?: Record<string, { schema?: object }> } | undefined
>;

function compileRoute(
  ajv: ReturnType<typeof createResponseAjv>,
  response: ResponseSchemaMap,
): StatusValidators {
  const byStatus: StatusValidators = new Map();
  for (const [status, declaration] of Object.entries(response)) {
    const content = declaration?.content;
    if (!content || Object.keys(content).length === 0) {
      byStatus.set(status.toLowerCase(), null);
      continue;
    }
    const byMedia = new Map<string, ValidateFunction>();
    for (const [media, { schema }] of Object.entries(content)) {
      byMedia.set(media, ajv.compile(schema ?? {}));
    }
    byStatus.set(status.toLowerCase(), byMedia);
  }
  return byStatus;
}

function declaredFor(validators: StatusValidators, status: number) {
  const exact = String(status);
  const range = `${exact[0]}xx`;
  if (validators.has(exact)) return validators.get(exact);
  if (validators.has(range)) return validators.get(range);
  return validators.get('default');
}

function checkPayload(
  validators: StatusValidators,
  reply: FastifyReply,
  payload: unknown,
): string | null {
  const status = reply.statusCode;
  const declared = declaredFor(validators, status);
  if (declared === undefined) return `status ${status} is not declared`;
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? String(payload) : '';
  if (declared === null) {
    return text.length > 0 ? `status ${status} must have no body` : null;
  }
  const media =
    String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const validate = declared.get(media);
  if (!validate) return `status ${status} does not declare the media type "${media}"`;
  // Files (PDF, images, CSV …) are declared as binary strings: the media type is the check.
  if (media !== 'application/json' && !media.endsWith('+json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} has a body that is not JSON`;
  }
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    .join('; ');
  return `status ${status} body does not match the schema: ${errors}`;
}

/**
 * One Ajv and one set of compiled validators per contract document, shared by every app
 * built from it (a test file builds one app per database driver).
 */
const perDocument = new WeakMap<
  OpenApiDocument,
  { ajv: ReturnType<typeof createResponseAjv>; compiled: Map<string, StatusValidators> }
>();

function validatorsOf(document: OpenApiDocument) {
  let entry = perDocument.get(document);
  if (!entry) {
    const ajv = createResponseAjv();
    // The contract's components under one id, so `#/components/...` references resolve.
    ajv.addSchema({ $id: 'openapi.json', components: document.components ?? {} });
    entry = { ajv, compiled: new Map() };
    perDocument.set(document, entry);
  }
  return entry;
}

/**
 * For tests: every answer of the API is checked against the contract (status declared,
 * body valid for that status and media type). A violation turns the answer into a 500
 * naming the problem, so the test that provoked it fails.
 */
export function registerResponseValidation(
  app: FastifyInstance,
  options: { document: OpenApiDocument; prefix: string },
): void {
  const { ajv, compiled } = validatorsOf(options.document);
  // Answers without a route (404) must still be the error body.
  const fallback: StatusValidators = new Map([
    [
      'default',
      new Map([
        ['application/json', ajv.compile({ $ref: 'openapi.json#/components/schemas/ErrorBody' })],
      ]),
    ],
  ]);
  // Compiled on a route's first answer, not at start: a test touches a few dozen of ~470
  // operations, and compiling every response schema took most of an app's start-up.
  const byRoute = new Map<string, () => StatusValidators>();
  const routeKey = (method: string, url: string) => `${method} ${url}`;

  app.addHook('onRoute', (route: RouteOptions) => {
    const response = (route.schema as { response?: ResponseSchemaMap } | undefined)?.response;
    const operationId = route.config?.operationId;
    if (!operationId || !response) return;
    const lazy = () => {
      let validators = compiled.get(operationId);
      if (!validators) {
        validators = compileRoute(ajv, response);
        compiled.set(operationId, validators);
      }
      return validators;
    };
    for (const method of [route.method].flat()) {
      byRoute.set(routeKey(method, route.url), lazy);
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== options.prefix && !path.startsWith(`${options.prefix}/`)) return payload;
    const route = request.routeOptions;
    // Routes outside the contract (the API reference) answer what they like; unknown
    // routes (404) must still answer the error body.
    if (!route.config?.operationId && !request.is404) return payload;
    const lazy = route.url ? byRoute.get(routeKey(request.method, route.url)) : undefined;
    const validators = lazy ? lazy() : fallback;
    const problem = checkPayload(validators, reply, payload);
    if (!problem) return payload;
    const operation = route.config?.operationId ?? `${request.method} ${path}`;
    request.log.error({ operation, problem }, 'response violates the contract');
    reply.code(500).type('application/json; charset=utf-8');
    const body: ErrorBody = {
      message: `Response of ${operation} violates the contract: ${problem}`,
      error_message: 'errors.contract_violation',
      fieldErrors: [],
      globalErrors: [],
    };
    return JSON.stringify(body);
  });
}
