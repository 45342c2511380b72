import { describe, expect, test, vi } from 'vitest';
import { ApiError, createApiClient, errorToastMessage, isCancelledError } from '../src';
import { downloadErrorMessage } from '../src/errors';

const t = (key: string) => `t(${key})`;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('createApiClient', () => {
  test('adds the bearer token to every request', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      expect(request.headers.get('Authorization')).toBe('Bearer abc');
      return jsonResponse(200, []);
    });
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => 'abc',
      fetch: fetchMock,
    });
    const { data } = await api.fetch.GET('/roles/permissions', {
      params: { query: { drivingSchoolId: 1, roleId: 1 } },
    });
    expect(data).toEqual([]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  test('sends the language getLanguage gives, and reads no global without it', async () => {
    const languages: (string | null)[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      languages.push((input as Request).headers.get('Accept-Language'));
      return jsonResponse(200, []);
    });
    const query = { params: { query: { drivingSchoolId: 1, roleId: 1 } } };
    vi.stubGlobal('sessionStorage', { getItem: () => 'en' });
    try {
      const withLanguage = createApiClient({
        baseUrl: 'http://x/api',
        getToken: () => 'abc',
        getLanguage: () => 'de',
        fetch: fetchMock,
      });
      await withLanguage.fetch.GET('/roles/permissions', query);
      const without = createApiClient({
        baseUrl: 'http://x/api',
        getToken: () => 'abc',
        fetch: fetchMock,
      });
      await without.fetch.GET('/roles/permissions', query);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(languages).toEqual(['de', null]);
  });

  test('sends no Authorization header when signed out', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      expect(request.headers.has('Authorization')).toBe(false);
      return jsonResponse(401, { message: 'no token', error_message: 'errors.unauthorized' });
    });
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => null,
      onUnauthorized,
      fetch: fetchMock,
    });
    await expect(
      api.fetch.GET('/users/{id}', { params: { path: { id: 1 } } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  test('turns a 422 into an ApiError with field and global errors', async () => {
    const body = {
      message: 'Validation failed',
      error_message: 'errors.validation',
      fieldErrors: [{ field: 'email', error: 'validation.email' }],
      globalErrors: ['errors.something'],
    };
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => null,
      fetch: async () => jsonResponse(422, body),
    });
    const error = await api.fetch
      .POST('/generate-token', { body: { email: 'a@b.de', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body).toEqual(body);
    expect(errorToastMessage(error, t)).toBe('t(fields.email): t(validation.email)');
  });

  test('a network failure becomes an ApiError with status 0', async () => {
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => null,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await api.fetch
      .POST('/generate-token', { body: { email: 'a@b.de', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).body.error_message).toBe('errors.network');
  });

  test('a proxy’s HTML 413 names the too-large body', async () => {
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => null,
      fetch: async () =>
        new Response('<html>413 Request Entity Too Large</html>', {
          status: 413,
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    const error = (await api.fetch
      .POST('/generate-token', { body: { email: 'a@b.de', password: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(413);
    expect(error.body.error_message).toBe('errors.payload_too_large');
  });

  test('a non-JSON failure still yields the error body shape', async () => {
    const api = createApiClient({
      baseUrl: 'http://x/api',
      getToken: () => null,
      fetch: async () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    });
    const error = (await api.fetch
      .POST('/generate-token', { body: { email: 'a@b.de', password: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({
      message: 'Bad gateway',
      error_message: 'errors.unknown',
      fieldErrors: [],
      globalErrors: [],
    });
  });
});

describe('error catalogue (spec 000 §8)', () => {
  const make = (status: number, patch: Partial<ApiError['body']>) =>
    new ApiError(status, {
      message: 'server text',
      error_message: 'errors.x',
      fieldErrors: [],
      globalErrors: [],
      ...patch,
    });

  test('422 without field errors shows the first global error', () => {
    expect(errorToastMessage(make(422, { globalErrors: ['a', 'b'] }), t)).toBe('t(a)');
  });
  test('other errors show the server message', () => {
    expect(errorToastMessage(make(409, {}), t)).toBe('t(errors.x)');
  });
  test('otherwise the client message', () => {
    expect(errorToastMessage(make(500, { error_message: '', message: '' }), t, 'mine')).toBe(
      't(mine)',
    );
  });
  test('cancelled requests are silent', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(isCancelledError(abort)).toBe(true);
    expect(errorToastMessage(abort, t)).toBeNull();
    expect(downloadErrorMessage(abort, t)).toBeNull();
  });
  test('downloads: 422 shows the first global error, then the first field error, else Unknown error', () => {
    expect(downloadErrorMessage(make(422, { globalErrors: ['g'] }), t)).toBe('t(g)');
    expect(downloadErrorMessage(make(422, { fieldErrors: [{ field: 'f', error: 'e' }] }), t)).toBe(
      't(fields.f): t(e)',
    );
    expect(downloadErrorMessage(make(422, {}), t)).toBe('t(errors.unknown)');
    expect(downloadErrorMessage(make(500, {}), t)).toBe('t(errors.x)');
    expect(downloadErrorMessage(make(404, { message: 'gone' }), t)).toBe('t(gone)');
  });
});
