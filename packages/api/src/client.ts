import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import { ApiError, toErrorBody } from './errors';
import type { paths } from './generated/schema';

export type ApiClientOptions = {
  /** Where the API lives, for example `/api` or `https://school.example/api`. */
  baseUrl: string;
  /** The current bearer token, or null when signed out. Read on every request. */
  getToken: () => string | null | undefined;
  /** Called once per 401 answer, before the call fails (the back office clears the session). */
  onUnauthorized?: () => void;
  /** A fetch to use instead of the global one (tests, server-side rendering). */
  fetch?: typeof globalThis.fetch;
  /**
   * The user's language, sent as `Accept-Language` when the call sets none (the back office:
   * its stored language). Omitted, no header: the client reads no global of the host.
   */
  getLanguage?: () => string | null | undefined;
};

export type FetchClient = Client<paths>;
export type QueryClientHelpers = OpenapiQueryClient<paths>;

export type ApiClient = {
  /** The typed openapi-fetch client; failed calls throw `ApiError`. */
  fetch: FetchClient;
  /** openapi-react-query helpers: `query.useQuery('get', '/path', init)`, `query.queryOptions(…)`. */
  query: QueryClientHelpers;
  baseUrl: string;
};

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way to talk to the API. Authentication is a middleware, never per call; every
 * failed answer becomes an `ApiError` carrying the spec's error body.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const auth: Middleware = {
    onRequest({ request }) {
      const token = options.getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!request.headers.has('Accept-Language')) {
        const lang = options.getLanguage?.();
        if (lang) request.headers.set('Accept-Language', lang);
      }
      return request;
    },
    async onResponse({ response }) {
      if (response.ok) return response;
      if (response.status === 401) options.onUnauthorized?.();
      const payload = await readPayload(response.clone());
      throw new ApiError(
        response.status,
        toErrorBody(response.status, payload, response.statusText),
      );
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      if (error instanceof Error && error.name === 'AbortError') return error;
      const message = error instanceof Error ? error.message : String(error);
      return new ApiError(0, toErrorBody(0, { message, error_message: 'errors.network' }));
    },
  };

  const fetchClient = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  fetchClient.use(auth);
  return { fetch: fetchClient, query: createQueryClient(fetchClient), baseUrl: options.baseUrl };
}
