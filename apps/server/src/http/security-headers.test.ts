import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_OWNER, useTestApp } from '../test/test-app';
import {
  API_CSP,
  API_DOCS_CSP,
  BACKOFFICE_CSP,
  inlineScriptHashes,
  storybookCsp,
} from './security-headers';

// Two small builds: the back office (no inline script) and a Storybook whose pages carry
// inline configuration scripts, as Storybook's build writes them.
const root = mkdtempSync(path.join(os.tmpdir(), 'fw-headers-'));
const backoffice = path.join(root, 'backoffice');
const storybook = path.join(root, 'storybook');
const INLINE = '\n      window[\'FEATURES\'] = { "actions": true };\n    ';
const INLINE_IFRAME = 'window.CONFIG_TYPE = "PRODUCTION";';
mkdirSync(path.join(backoffice, 'assets'), { recursive: true });
writeFileSync(
  path.join(backoffice, 'index.html'),
  '<!doctype html><html lang="de"><script type="module" src="/assets/index-Ab12Cd34.js"></script></html>',
);
writeFileSync(path.join(backoffice, 'assets/index-Ab12Cd34.js'), 'export {};\n');
mkdirSync(storybook, { recursive: true });
writeFileSync(
  path.join(storybook, 'index.html'),
  `<!doctype html><html><body><script>${INLINE}</script><script type="module" src="./sb-manager/runtime.js"></script></body></html>`,
);
writeFileSync(
  path.join(storybook, 'iframe.html'),
  `<!doctype html><html><body><script>${INLINE_IFRAME}</script><script>${INLINE}</script></body></html>`,
);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const html = { accept: 'text/html' };

/** The CSP as a map of directive → sources. */
const directives = (policy: unknown) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  const t = useTestApp('pglite', { env: { STATIC_DIR: backoffice, STORYBOOK_DIR: storybook } });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('every answer: nosniff, same-origin framing only, no referrer', async () => {
    for (const url of ['/', '/students/edit/5', '/storybook/', '/api/docs', '/api/nothing']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(response.headers['content-security-policy'], url).toEqual(expect.any(String));
    }
  });

  test('the back office: its own scripts only, blob: frames for PDF previews', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(BACKOFFICE_CSP);
    const csp = directives(BACKOFFICE_CSP);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-src']).toEqual(["'self'", 'blob:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // The single-page fallback and the hashed assets carry it too.
    const fallback = await t.app.inject({ method: 'GET', url: '/students', headers: html });
    expect(fallback.headers['content-security-policy']).toBe(BACKOFFICE_CSP);
  });

  test('Storybook: its inline configuration scripts by hash, nothing else inline', async () => {
    expect(inlineScriptHashes(storybook)).toEqual([sha256(INLINE), sha256(INLINE_IFRAME)].sort());
    for (const url of ['/storybook/', '/storybook/iframe.html']) {
      // As a browser asks: with accept-encoding (the folder's index.html is found then too).
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(storybookCsp(storybook));
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'", ...inlineScriptHashes(storybook)]);
      expect(csp['script-src'], url).not.toContain("'unsafe-inline'");
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
    }
  });

  test('the API reference: Redoc with inline styles and a blob: worker, scripts its own', async () => {
    for (const url of ['/api/docs', '/api/docs/redoc.standalone.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(API_DOCS_CSP);
    }
    // Redoc's footer logo would come from its CDN: pointed to an empty image of our own.
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(script.body).not.toContain('cdn.redoc.ly');
    expect(script.body).toContain('data:image/svg+xml');
    const csp = directives(API_DOCS_CSP);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
  });

  test('API answers: nothing runs, nothing frames them, never stored by a cache', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const answers = [
      await t.call('GET', '/students/1', { token }),
      await t.call('POST', '/generate-token', {
        body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      }),
      await t.call('GET', '/roles/permissions', {
        token,
        query: { drivingSchoolId: t.demo.schoolId, roleId: 1 },
      }),
      await t.call('GET', '/no-such-call'),
      await t.call('GET', '/students/1'),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], answer.raw).toBe('no-store');
      expect(answer.headers['content-security-policy'], answer.raw).toBe(API_CSP);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('the public contract and its reference keep their own caching', async () => {
    const contract = await t.call('GET', '/openapi.json');
    expect(contract.headers['cache-control']).toBe('no-cache');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(docs.headers['cache-control']).toBe('public, max-age=86400');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['cache-control']).toBeUndefined();
  });

  test('static files keep their caching', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });
});
