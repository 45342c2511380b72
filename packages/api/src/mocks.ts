import { createOpenApiHttp } from 'openapi-msw';
import type { ErrorBody } from './errors';
import type { paths } from './generated/schema';

/**
 * Typed MSW handlers for stories and tests: paths, parameters and bodies are checked
 * against the contract. The base URL matches the back office's `/api`.
 */
export const mockHttp = createOpenApiHttp<paths>({ baseUrl: '/api' });

/** An error body as the server sends it. */
export function errorBody(
  error_message: string,
  patch: Partial<Omit<ErrorBody, 'error_message'>> = {},
): ErrorBody {
  return { message: error_message, error_message, fieldErrors: [], globalErrors: [], ...patch };
}
