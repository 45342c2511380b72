import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../test/test-app';

/**
 * Issue 10: every bad request a clear 4xx in the contract's error body (the app validates
 * every answer against the contract here, so an undeclared status fails too).
 */
describe.each(DRIVERS)('bad requests on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; contentType?: string; payload?: string | Buffer } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  const errorOf = (response: Awaited<ReturnType<typeof send>>, status: number, key: string) =>
    expectError(
      {
        status: response.statusCode,
        body: response.json(),
        headers: response.headers,
        raw: response.body,
        bytes: response.rawPayload,
      },
      status,
      key,
    );

  describe('media types: only what the operation declares reaches its handler', () => {
    it('refuses text/plain on JSON operations with 415, also without a token', async () => {
      errorOf(
        await send('POST', '/generate-token', { contentType: 'text/plain', payload: 'x' }),
        415,
        'errors.unsupported_media_type',
      );
      errorOf(
        await send('POST', '/students/filter', {
          token: owner,
          contentType: 'text/plain',
          payload: '{}',
        }),
        415,
        'errors.unsupported_media_type',
      );
      errorOf(
        await send('POST', '/generate-token', {
          contentType: 'application/x-www-form-urlencoded',
          payload: 'email=a',
        }),
        415,
        'errors.unsupported_media_type',
      );
    });

    it('leaves the calendar sharing untouched when the body is text/plain', async () => {
      const users = await t.call<{ id: number; email: string }[]>('GET', '/users', {
        token: owner,
      });
      const self = users.body.find((user) => user.email === DEMO_OWNER.email);
      const other = users.body.find((user) => user.email !== DEMO_OWNER.email);
      if (!self || !other) throw new Error('demo users missing');
      const set = await t.call('PUT', `/users/${self.id}/calendar-sharing`, {
        token: owner,
        body: { readAccessUserIds: [other.id], writeAccessUserIds: [] },
      });
      expect(set.status, set.raw).toBe(200);
      errorOf(
        await send('PUT', `/users/${self.id}/calendar-sharing`, {
          token: owner,
          contentType: 'text/plain',
          payload: 'hello',
        }),
        415,
        'errors.unsupported_media_type',
      );
      const after = await t.call<{ readAccessUserIds: number[] }>(
        'GET',
        `/users/${self.id}/calendar-sharing`,
        { token: owner },
      );
      expect(after.body.readAccessUserIds).toEqual([other.id]);
    });

    it('accepts parameters on the declared type and refuses a body where none is declared', async () => {
      const signIn = await send('POST', '/generate-token', {
        contentType: 'application/json; charset=UTF-8',
        payload: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      errorOf(
        await send('POST', '/users/archive?id=1&archived=false', {
          token: owner,
          contentType: 'application/json',
          payload: '{}',
        }),
        415,
        'errors.unsupported_media_type',
      );
    });

    it('answers 422 when a required body is missing altogether', async () => {
      const response = await send('POST', '/generate-token');
      expect(errorOf(response, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'body', error: 'validation.required' },
      ]);
    });

    it('refuses an invalid content type header with 415', async () => {
      errorOf(
        await send('POST', '/generate-token', { contentType: 'json', payload: '{}' }),
        415,
        'errors.unsupported_media_type',
      );
    });
  });

  describe('numbers stay within the contract’s bounds', () => {
    it('refuses ids beyond 2^53 − 1 with 422 and answers 404 at the bound', async () => {
      const huge = await t.call('GET', '/students/9223372036854775807', { token: owner });
      expect(expectError(huge, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'id', error: 'validation.maximum' },
      ]);
      expectError(
        await t.call('GET', '/students/9007199254740991', { token: owner }),
        404,
        'errors.not_found',
      );
      const zero = await t.call('GET', '/students/0', { token: owner });
      expect(expectError(zero, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'id', error: 'validation.minimum' },
      ]);
    });

    it('refuses huge offsets and pages', async () => {
      const offset = await t.call('GET', '/students/10/9223372036854775807', { token: owner });
      expect(expectError(offset, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'offset', error: 'validation.maximum' },
      ]);
      const page = await t.call('POST', '/students/filter', {
        token: owner,
        body: { page: 1e18 },
      });
      expect(expectError(page, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'page', error: 'validation.maximum' },
      ]);
      const ids = await t.call('PUT', '/users/1/calendar-sharing', {
        token: owner,
        rawBody: '{"readAccessUserIds": [9223372036854775807], "writeAccessUserIds": []}',
      });
      expect(expectError(ids, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'readAccessUserIds.0', error: 'validation.maximum' },
      ]);
    });
  });

  describe('limits written beside a $ref', () => {
    it('enforce minItems and maxItems (POST /theory-lesson/{id}/book)', async () => {
      const none = await t.call('POST', '/theory-lesson/1/book', {
        token: owner,
        body: { studentIds: [] },
      });
      expect(expectError(none, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'studentIds', error: 'validation.min_items' },
      ]);
      const many = await t.call('POST', '/theory-lesson/1/book', {
        token: owner,
        body: { studentIds: Array.from({ length: 600 }, (_, i) => i + 1) },
      });
      expect(expectError(many, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'studentIds', error: 'validation.max_items' },
      ]);
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it('is a 422 field error in a body, also on public calls', async () => {
      const response = await t.call('POST', '/generate-token', {
        body: { email: DEMO_OWNER.email, password: 'a\u0000b' },
      });
      expect(expectError(response, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'password', error: 'validation.invalid_character' },
      ]);
      const todo = await t.call('POST', '/todos', {
        token: owner,
        body: { title: 'Anrufen\u0000', description: 'x' },
      });
      expect(expectError(todo, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'title', error: 'validation.invalid_character' },
      ]);
    });

    it('is a 422 field error in a query or path, and for unpaired surrogates', async () => {
      const search = await t.call('GET', '/students', {
        token: owner,
        query: { search: 'Mül\u0000ler' },
      });
      expect(expectError(search, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'search', error: 'validation.invalid_character' },
      ]);
      const lone = await t.call('POST', '/generate-token', {
        rawBody: `{"email": "${DEMO_OWNER.email}", "password": "\\ud800x"}`,
      });
      expect(expectError(lone, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'password', error: 'validation.invalid_character' },
      ]);
      // A paired surrogate (an emoji) is fine text.
      const emoji = await t.call('POST', '/todos', {
        token: owner,
        body: { title: 'Anrufen 📞' },
      });
      expect(emoji.status, emoji.raw).toBe(201);
    });
  });

  describe('framework errors in the contract’s error body', () => {
    it('answers a badly encoded URL and an overlong path segment', async () => {
      errorOf(await send('GET', '/students/%E0%A4%A', { token: owner }), 400, 'errors.bad_request');
      errorOf(
        await send('GET', `/students/${'9'.repeat(2000)}`, { token: owner }),
        414,
        'errors.bad_request',
      );
      // A path value the contract allows is not cut off by the router: a 200-character
      // e-mail (percent-encoded) reaches the operation.
      const email = `${'a'.repeat(180)}@${'b'.repeat(15)}.de`;
      const check = await send('GET', `/students/email-check/${encodeURIComponent(email)}`, {
        token: owner,
      });
      expect(check.statusCode, check.body).toBe(404);
    });

    it('answers a body above the limit with 413', async () => {
      errorOf(
        await send('POST', '/generate-token', {
          contentType: 'application/json',
          payload: JSON.stringify({ email: 'a@b.de', password: 'x'.repeat(2 * 1024 * 1024) }),
        }),
        413,
        'errors.payload_too_large',
      );
    });
  });

  describe('wrong methods', () => {
    it('answer 405 with the Allow header on a path of the contract', async () => {
      const post = await send('POST', '/users/1', { token: owner });
      errorOf(post, 405, 'errors.method_not_allowed');
      expect(post.headers.allow).toBe('GET, PUT, HEAD');
      const signIn = await send('GET', '/generate-token');
      errorOf(signIn, 405, 'errors.method_not_allowed');
      expect(signIn.headers.allow).toBe('POST');
      // A static path of one method is not taken for an id of another.
      const filter = await send('GET', '/students/filter', { token: owner });
      errorOf(filter, 405, 'errors.method_not_allowed');
      expect(filter.headers.allow).toBe('POST');
      errorOf(await send('GET', '/no-such-path', { token: owner }), 404, 'errors.not_found');
    });
  });

  describe('answers the contract lists', () => {
    it('an unbuilt operation declares its 501', async () => {
      // Response validation is on: an undeclared 501 would be a 500 contract violation.
      // A student's learning-app password (students have no sign-in of their own yet).
      expectError(
        await t.call('POST', '/request-password-change/from-fsc', {
          query: { studentEmail: 'lena.neumann@example.de' },
        }),
        501,
        'errors.not_implemented',
      );
    });

    it('an office registration without licence classes is a valid answer', async () => {
      const created = await t.call<{ licenseClasses: string[] }>('POST', '/registrations', {
        token: owner,
        body: { firstName: 'Lea', lastName: 'Sommer' },
      });
      expect(created.status, created.raw).toBe(201);
      expect(created.body.licenseClasses).toEqual([]);
    });
  });

  describe('database refusals', () => {
    it('name a field, never a table, column or constraint', async () => {
      const response = await t.call('POST', '/vehicles', {
        token: owner,
        body: { name: 'Golf', plate: 'B-FW 4711', kind: 'CAR', licenseClasses: ['B'] },
      });
      expect(expectError(response, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'transmission', error: 'validation.required' },
      ]);
      expect(response.raw).not.toMatch(/vehicles|_check|constraint/);
    });
  });
});
