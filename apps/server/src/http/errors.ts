import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, FieldError } from './contract-types';

export type { ErrorBody, FieldError };

/**
 * The one error the server throws on purpose. The error handler below turns it (and every
 * other failure) into the contract's ErrorBody.
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly status: number,
    /** Translation key shown by the client (`errors.*`). */
    readonly errorMessage: string,
    /** Readable English text for logs and integrators. */
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly globalErrors: string[] = [],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      error_message: this.errorMessage,
      fieldErrors: this.fieldErrors,
      globalErrors: this.globalErrors,
    };
  }
}

export const unauthorized = (message = 'Not signed in, or the token is no longer valid.') =>
  new AppError(401, 'errors.unauthorized', message);

export const forbidden = (message = 'Your role lacks a permission this call needs.') =>
  new AppError(403, 'errors.forbidden', message);

export const notFound = (message = 'No such row in your school.') =>
  new AppError(404, 'errors.not_found', message);

export const notImplemented = (operationId: string) =>
  new AppError(
    501,
    'errors.not_implemented',
    `Operation ${operationId} is in the contract but not implemented yet.`,
  );

/** 415: the request body has a media type the operation does not declare. */
export const unsupportedMediaType = (declared: readonly string[], sent: string | undefined) =>
  new AppError(
    415,
    'errors.unsupported_media_type',
    declared.length === 0
      ? 'This call takes no request body.'
      : `This call takes a body of type ${declared.join(' or ')}${sent ? `, not ${sent}` : ''}.`,
  );

/** 405: the path exists, the method does not (the caller sets the Allow header). */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new AppError(
    405,
    'errors.method_not_allowed',
    `${method} is not allowed here; allowed: ${allowed.join(', ')}.`,
  );

/** A 422 for one field; `error` is a `validation.*` key. */
export const fieldError = (field: string, error: string, message: string) =>
  new AppError(422, 'errors.validation', message, [{ field, error }]);

/** A 422 that belongs to no single field; `key` is an `errors.*` key. */
export const globalError = (key: string, message: string) =>
  new AppError(422, key, message, [], [key]);

/** The `validation.*` keys a request schema can produce, by Ajv keyword. */
const VALIDATION_KEYS: Record<string, string> = {
  required: 'validation.required',
  additionalProperties: 'validation.unknown_field',
  unevaluatedProperties: 'validation.unknown_field',
  minLength: 'validation.min_length',
  maxLength: 'validation.max_length',
  minimum: 'validation.minimum',
  exclusiveMinimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMaximum: 'validation.maximum',
  minItems: 'validation.min_items',
  maxItems: 'validation.max_items',
  type: 'validation.type',
  enum: 'validation.enum',
  const: 'validation.enum',
  pattern: 'validation.pattern',
  // validation.ts: NUL or an unpaired surrogate, which PostgreSQL cannot store.
  storableText: 'validation.invalid_character',
};

/** Keywords that only say "a subschema failed"; the subschema's own errors say which field. */
const COMBINATOR_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not']);

function fieldName(error: ErrorObject, part: string): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  const child =
    params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty ?? undefined;
  if (typeof child === 'string') segments.push(child);
  // A failure of the whole body or query (not an object, missing) is named after the part.
  return segments.length > 0 ? segments.join('.') : part;
}

function validationKey(error: ErrorObject): string {
  if (error.keyword === 'format') {
    return (error.params as { format?: string }).format === 'email'
      ? 'validation.email'
      : 'validation.invalid';
  }
  return VALIDATION_KEYS[error.keyword] ?? 'validation.invalid';
}

/** Ajv errors (from Fastify's request validation) as the contract's field errors. */
export function toFieldErrors(errors: ErrorObject[], part = 'body'): FieldError[] {
  const specific = errors.filter((error) => !COMBINATOR_KEYWORDS.has(error.keyword));
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of specific.length > 0 ? specific : errors) {
    const fieldError = { field: fieldName(error, part), error: validationKey(error) };
    const key = `${fieldError.field}\u0000${fieldError.error}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(fieldError);
    }
  }
  return result;
}

/** The body of a request that did not reach a route of the API. */
export function routeNotFound(request: FastifyRequest): AppError {
  return notFound(`Route ${request.method} ${request.url.split('?')[0]} not found.`);
}

/** Turns any thrown value into a status and the contract's error body. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };

  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const part = fastifyError.validationContext ?? 'body';
    const fieldErrors = toFieldErrors(fastifyError.validation as ErrorObject[], part);
    const summary = fieldErrors.map((f) => `${f.field}: ${f.error}`).join(', ');
    return {
      status: 422,
      body: {
        message: `The request ${part} is invalid (${summary}).`,
        error_message: 'errors.validation',
        fieldErrors,
        globalErrors: [],
      },
    };
  }

  const plain = (status: number, key: string, message: string) => ({
    status,
    body: { message, error_message: key, fieldErrors: [], globalErrors: [] },
  });

  switch (fastifyError.code) {
    // The router's own refusals (Fastify's frameworkErrors, see answerFrameworkError).
    case 'FST_ERR_BAD_URL':
      return plain(400, 'errors.bad_request', 'The URL is not validly encoded.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return plain(414, 'errors.bad_request', 'A path segment of the URL is too long.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return plain(422, 'errors.malformed_body', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return plain(
        415,
        'errors.unsupported_media_type',
        'The request body has a content type this call does not accept.',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return plain(413, 'errors.payload_too_large', 'The request body is too large.');
    // @fastify/multipart: a file above the upload limit, too many files or fields.
    case 'FST_REQ_FILE_TOO_LARGE':
      return {
        status: 413,
        body: {
          message: 'The file is larger than the upload limit of 20 MB.',
          error_message: 'errors.file_too_large',
          fieldErrors: [],
          globalErrors: ['errors.file_too_large'],
        },
      };
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return plain(413, 'errors.payload_too_large', 'The upload has too many parts.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MULTIPART_INVALID_CONTENT_TYPE':
      return plain(
        415,
        'errors.unsupported_media_type',
        'The request body has a content type this call does not accept.',
      );
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own errors (FST_*) say what went wrong in words without internals.
    const message =
      typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')
        ? (fastifyError.message ?? 'Bad request.')
        : 'Bad request.';
    return plain(status, 'errors.bad_request', message);
  }
  // Never leak internals (stack, SQL, paths) to the client; the log has them.
  return plain(500, 'errors.unknown', 'Internal server error.');
}

/**
 * Operations for which the spec names its own refusal of a missing path id (spec 000 §5: a
 * theory lesson booking without a theory lesson id is refused with 'Theory lesson ID is not
 * provided'): an id that is missing or no id at all (`undefined`, `null`, `0`, empty) answers
 * that key instead of the generic validation error.
 */
const MISSING_PATH_ID: Record<string, { key: string; message: string }> = {
  bookTheoryLesson: {
    key: 'errors.theory_lesson_id_missing',
    message: 'Theory lesson ID is not provided',
  },
};

/** The spec's own refusal for an operation's missing path id (see MISSING_PATH_ID). */
function missingPathId(error: unknown, request: FastifyRequest): AppError | undefined {
  const operationId = (request.routeOptions?.schema as { operationId?: unknown } | undefined)
    ?.operationId;
  const refusal = typeof operationId === 'string' ? MISSING_PATH_ID[operationId] : undefined;
  const failure = error as Partial<FastifyError> & { validationContext?: string };
  if (!refusal || failure.validationContext !== 'params' || !Array.isArray(failure.validation)) {
    return undefined;
  }
  const fields = toFieldErrors(failure.validation as ErrorObject[], 'params').map((f) => f.field);
  if (!fields.includes('id')) return undefined;
  return new AppError(
    422,
    refusal.key,
    refusal.message,
    [{ field: 'id', error: 'validation.required' }],
    [refusal.key],
  );
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(missingPathId(error, request) ?? error);
  if (status >= 500 && status !== 501) {
    request.log.error({ err: error }, 'request failed');
  } else {
    const cause = (error as { cause?: unknown }).cause;
    request.log[cause ? 'warn' : 'info'](
      { status, error_message: body.error_message, ...(cause ? { err: cause } : {}) },
      'request refused',
    );
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's `frameworkErrors` option: refusals of the router before any route is found
 * (a URL that is not validly percent-encoded, a path segment above `maxParamLength`) are
 * answered with the contract's error body like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return sendError(error, request, reply);
}
