import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl } from './app';
import { loadConfig } from './config';
import type { User } from './http/contract-types';
import { parseMail } from './test/smtp-sink';
import {
  contract,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  useTestApp,
} from './test/test-app';

describe.each(DRIVERS)('http layer on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  });

  describe('request validation (422 with the error body)', () => {
    const signIn = (body: unknown) => t.call('POST', '/generate-token', { body });

    it('refuses malformed JSON', async () => {
      const broken = await t.call('POST', '/generate-token', { rawBody: '{"email": "a@b.de",' });
      const body = expectError(broken, 422, 'errors.malformed_body');
      expect(body.fieldErrors).toEqual([]);
      expectError(
        await t.call('POST', '/generate-token', { rawBody: '' }),
        422,
        'errors.malformed_body',
      );
    });

    it('names every missing field', async () => {
      const body = expectError(await signIn({}), 422, 'errors.validation');
      expect(body.fieldErrors).toEqual([
        { field: 'email', error: 'validation.required' },
        { field: 'password', error: 'validation.required' },
      ]);
    });

    it('refuses unknown properties instead of dropping them', async () => {
      const body = expectError(
        await signIn({ email: DEMO_OWNER.email, password: DEMO_OWNER.password, remember: true }),
        422,
        'errors.validation',
      );
      expect(body.fieldErrors).toEqual([{ field: 'remember', error: 'validation.unknown_field' }]);

      const filter = await t.call('POST', '/users/filter', {
        token: owner,
        body: { page: 0, role: 'Inhaber' },
      });
      expect(expectError(filter, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'role', error: 'validation.unknown_field' },
      ]);
    });

    it('refuses wrong types without coercing JSON bodies', async () => {
      const body = expectError(
        await signIn({ email: 'kein-email', password: 12345 }),
        422,
        'errors.validation',
      );
      expect(body.fieldErrors).toEqual(
        expect.arrayContaining([
          { field: 'email', error: 'validation.email' },
          { field: 'password', error: 'validation.type' },
        ]),
      );
      const filter = await t.call('POST', '/users/filter', {
        token: owner,
        body: { page: '1', size: 500, sort: [{ field: 'lastName', direction: 'up' }] },
      });
      expect(expectError(filter, 422, 'errors.validation').fieldErrors).toEqual(
        expect.arrayContaining([
          { field: 'page', error: 'validation.type' },
          { field: 'size', error: 'validation.maximum' },
          { field: 'sort.0.direction', error: 'validation.enum' },
        ]),
      );
      expectError(await t.call('POST', '/generate-token', { body: [] }), 422, 'errors.validation');
    });

    it('checks path and query parameters', async () => {
      const path = await t.call('GET', '/users/abc', { token: owner });
      expect(expectError(path, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'id', error: 'validation.type' },
      ]);
      const query = await t.call('POST', '/users/archive', { token: owner, query: { id: 1 } });
      expect(expectError(query, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'archived', error: 'validation.required' },
      ]);
    });

    it('answers 401 before looking at the body of a protected call', async () => {
      expectError(
        await t.call('POST', '/users/filter', { rawBody: '{' }),
        401,
        'errors.unauthorized',
      );
    });
  });

  describe('routing', () => {
    it('answers the error body for unknown API routes', async () => {
      const response = await t.call('GET', '/no-such-thing', { token: owner });
      expectError(response, 404, 'errors.not_found');
      // A path of the contract with another method: 405 (request-hardening.test.ts).
      expectError(
        await t.call('POST', '/users/1', { token: owner }),
        405,
        'errors.method_not_allowed',
      );
    });

    it('answers 404 JSON outside the API when there is no front-end build', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/students' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_message: 'errors.not_found' });
    });
  });

  describe('API reference', () => {
    it('serves the bundled contract and a readable reference without sign-in', async () => {
      const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Fahrwerk API' } });
      expect(Object.keys(spec.json().paths)).toContain('/generate-token');

      const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('spec-url="/api/openapi.json"');
      // Redoc comes from our own dependency: the reference works without internet.
      expect(page.body).not.toMatch(/cdn\.|unpkg/);
      const script = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body.length).toBeGreaterThan(100_000);
    });
  });

  describe('health for load balancers', () => {
    it('answers live and ready without sign-in, never cached', async () => {
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(ready.headers['cache-control']).toBe('no-store');
    });
  });

  describe('mail without SMTP_URL', () => {
    it('writes the .eml into DATA_DIR/mail-outbox', async () => {
      const response = await t.call('POST', '/request-fsc-user-password-change', {
        query: { userEmail: DEMO_OWNER.email },
      });
      expect(response.status, response.raw).toBe(204);
      const outbox = path.join(t.config.dataDir, 'mail-outbox');
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = parseMail(readFileSync(path.join(outbox, files[0] as string), 'utf8'));
      expect(mail.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
      expect(mail.text).toContain('Fahrschule Sonnenschein');
    });
  });

  describe('response validation (tests only)', () => {
    it('turns an answer off the contract into a 500 naming the problem', async () => {
      const app = await buildApp(t.config, {
        database: t.database,
        document: contract(),
        logger: false,
        validateResponses: true,
        handlerOverrides: {
          async getUser(request) {
            const user = { id: request.params.id, firstName: 'Nur', lastName: 'Halb' };
            return { status: 200, body: { ...user, secret: 'x' } as unknown as User };
          },
        },
      });
      try {
        const response = await app.inject({
          method: 'GET',
          url: '/api/users/1',
          headers: { authorization: `Bearer ${owner}` },
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({
          error_message: 'errors.contract_violation',
          message: expect.stringMatching(/getUser.*status 200/),
        });
      } finally {
        await app.close();
      }
    });
  });

  describe('unexpected errors', () => {
    it('answer 500 without internals', async () => {
      const app = await buildApp(t.config, {
        database: t.database,
        document: contract(),
        logger: false,
        handlerOverrides: {
          async getUser() {
            throw new Error('relation "users" does not exist at /srv/secret/path');
          },
        },
      });
      try {
        const response = await app.inject({
          method: 'GET',
          url: '/api/users/1',
          headers: { authorization: `Bearer ${owner}` },
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({
          message: 'Internal server error.',
          error_message: 'errors.unknown',
          fieldErrors: [],
          globalErrors: [],
        });
      } finally {
        await app.close();
      }
    });
  });

  describe('static files', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      const root = path.join(t.config.dataDir, 'static');
      const backoffice = path.join(root, 'backoffice');
      const storybook = path.join(root, 'storybook');
      mkdirSync(path.join(backoffice, 'assets'), { recursive: true });
      mkdirSync(storybook, { recursive: true });
      writeFileSync(path.join(backoffice, 'index.html'), '<title>Fahrwerk</title>');
      writeFileSync(path.join(backoffice, 'assets/app.js'), 'console.log(1)');
      writeFileSync(path.join(storybook, 'index.html'), '<title>Storybook</title>');
      const config = loadConfig({
        DATA_DIR: t.config.dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        STATIC_DIR: backoffice,
        STORYBOOK_DIR: storybook,
      });
      app = await buildApp(config, {
        database: t.database,
        document: contract(),
        logger: false,
        validateResponses: true,
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    const get = (url: string, accept = 'text/html') =>
      app.inject({ method: 'GET', url, headers: { accept } });

    it('serves the back office with the single-page fallback', async () => {
      expect((await get('/')).body).toContain('Fahrwerk');
      const deep = await get('/students/edit/5?tab=2');
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('Fahrwerk');
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect((await get('/support-user-token-login/abc', '*/*')).body).toContain('Fahrwerk');
      const asset = await get('/assets/app.js', '*/*');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect((await get('/assets/missing.js', '*/*')).statusCode).toBe(404);
    });

    it('serves Storybook under /storybook/', async () => {
      const index = await get('/storybook/');
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('Storybook');
      expect((await get('/storybook/missing-page')).statusCode).toBe(404);
    });

    it('keeps /api answers JSON', async () => {
      const response = await get('/api/no-such-thing');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_message: 'errors.not_found' });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/generate-token',
        payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      });
      expect(signIn.statusCode).toBe(200);
    });
  });
});

describe('log redaction', () => {
  it('hides secrets the contract puts in query strings', () => {
    expect(redactUrl('/api/set-fsc-user-password?passwordToken=abc&rawPassword=Geheim%231')).toBe(
      '/api/set-fsc-user-password?passwordToken=%5Bredacted%5D&rawPassword=%5Bredacted%5D',
    );
    expect(redactUrl('/api/users/1')).toBe('/api/users/1');
  });
});
