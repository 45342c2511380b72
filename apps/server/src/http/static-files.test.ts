import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../test/test-app';

// Two small builds as Vite and scripts/front-end-assets.mjs leave them: hashed files under
// assets/ with their .br and .gz beside them.
const root = mkdtempSync(path.join(os.tmpdir(), 'fw-static-'));
const backoffice = path.join(root, 'backoffice');
const storybook = path.join(root, 'storybook');
const SCRIPT = `export const greeting = ${JSON.stringify('Guten Tag! '.repeat(200))};\n`;
const PAGE =
  '<!doctype html><html lang="de"><script type="module" src="/assets/index-Ab12Cd34.js"></script></html>';

function writeBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const script = path.join(dir, 'assets/index-Ab12Cd34.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
}
writeBuild(backoffice);
writeBuild(storybook);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = { accept: 'text/html' };

describe('static files: the built back office and Storybook', () => {
  const t = useTestApp('pglite', { env: { STATIC_DIR: backoffice, STORYBOOK_DIR: storybook } });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('a hashed asset: brotli when asked, kept for a year', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  test('gzip for a client without brotli, the file itself for one without either', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('index.html and the single-page fallback are never cached', async () => {
    for (const url of ['/', '/index.html', '/students/edit/5']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': 'br' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PAGE);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  test('Storybook: hashed assets kept for a year, its page revalidated', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/storybook/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);

    const page = await t.app.inject({ method: 'GET', url: '/storybook/', headers: html });
    expect(page.body).toBe(PAGE);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  test('a missing asset is the contract 404, not the page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-Zz99Yy88.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});
