import type { components } from './generated/schema';

export type ErrorBody = components['schemas']['ErrorBody'];
export type FieldError = components['schemas']['FieldError'];

/** Translates a key (or returns the text unchanged when it is not a key). */
export type Translate = (key: string) => string;

/**
 * The one error every failed call turns into. `status` 0 means the request never got an
 * answer (network down, server unreachable).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message || body.error_message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  get fieldErrors(): FieldError[] {
    return this.body.fieldErrors;
  }

  get globalErrors(): string[] {
    return this.body.globalErrors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A request the caller cancelled (AbortController, unmounted query): shown nowhere. */
export function isCancelledError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' ||
      (error as { name: unknown }).name === 'CancelledError')
  );
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns whatever a failed response carried into the spec's error body. */
export function toErrorBody(status: number, payload: unknown, statusText = ''): ErrorBody {
  const body = isErrorBody(payload) ? payload : {};
  const fallback = typeof payload === 'string' && payload.length < 500 ? payload : statusText;
  return {
    message: typeof body.message === 'string' ? body.message : fallback || `HTTP ${status}`,
    error_message:
      typeof body.error_message === 'string' ? body.error_message : defaultErrorKey(status),
    fieldErrors: Array.isArray(body.fieldErrors) ? body.fieldErrors : [],
    globalErrors: Array.isArray(body.globalErrors) ? body.globalErrors : [],
  };
}

function defaultErrorKey(status: number): string {
  if (status === 0) return 'errors.network';
  if (status === 401) return 'errors.unauthorized';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.not_found';
  if (status === 405) return 'errors.method_not_allowed';
  // A proxy in front of the server refuses a large body with its own (HTML) page.
  if (status === 413) return 'errors.payload_too_large';
  if (status === 415) return 'errors.unsupported_media_type';
  if (status === 422) return 'errors.validation';
  return 'errors.unknown';
}

function formatFieldError(error: FieldError, t: Translate): string {
  return `${t(`fields.${error.field}`)}: ${t(error.error)}`;
}

/**
 * The text of the error toast, following the spec's error catalogue (000 §8):
 * 422 shows the first field error (field name plus error), else the first global error;
 * other errors show the server's message, else the client's. Cancelled requests give
 * `null`: they pass silently.
 */
export function errorToastMessage(
  error: unknown,
  t: Translate,
  clientMessage = 'errors.unknown',
): string | null {
  if (isCancelledError(error)) return null;
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? t(error.message) : t(clientMessage);
  }
  if (error.status === 422) {
    const [firstField] = error.fieldErrors;
    if (firstField) return formatFieldError(firstField, t);
    const [firstGlobal] = error.globalErrors;
    if (firstGlobal) return t(firstGlobal);
  }
  const serverMessage = error.body.error_message || error.body.message;
  return serverMessage ? t(serverMessage) : t(clientMessage);
}

/**
 * The text of the snackbar for a failed download (spec 000 §8): 422 or 500 show the
 * first global error, else the first field error, else 'Unknown error'; other failures
 * show the error message. Cancelled downloads give `null`.
 */
export function downloadErrorMessage(error: unknown, t: Translate): string | null {
  if (isCancelledError(error)) return null;
  if (isApiError(error) && (error.status === 422 || error.status === 500)) {
    const [firstGlobal] = error.globalErrors;
    if (firstGlobal) return t(firstGlobal);
    const [firstField] = error.fieldErrors;
    if (firstField) return formatFieldError(firstField, t);
    if (error.status === 500 && error.body.error_message) return t(error.body.error_message);
    return t('errors.unknown');
  }
  return error instanceof Error && error.message ? t(error.message) : t('errors.unknown');
}
