import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer (README "Security headers"):
 *
 * - @fastify/helmet: `X-Content-Type-Options: nosniff`, `X-Frame-Options: SAMEORIGIN`,
 *   `Referrer-Policy: no-referrer` (reset and support links carry their token in the URL),
 *   `Strict-Transport-Security` (browsers heed it over HTTPS only), cross-origin
 *   opener/resource policies and the smaller ones helmet sets by default.
 * - A Content-Security-Policy per area, below: the back office, Storybook, the API
 *   reference, and the API itself (JSON and files: nothing of it is ever run as a page).
 * - `Cache-Control: no-store` on every API answer (personal data) except the public
 *   contract and its reference, which set their own.
 */

/** Directives every page shares: own origin only, no plugins, framed by our own pages only. */
const BASE: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // Storybook frames its stories (iframe.html) on our own origin; nobody else may frame us.
  'frame-ancestors': ["'self'"],
};

type Directives = Record<string, string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

const withSources = (directives: Directives, extra: Directives): Directives => {
  const merged: Directives = { ...directives };
  for (const [name, values] of Object.entries(extra)) {
    merged[name] = [...(merged[name] ?? []), ...values];
  }
  return merged;
};

/**
 * The back office: scripts only from its build. Styles also inline: react-aria writes two
 * small <style> elements at run time (usePress's touch-action, usePreventScroll's
 * overscroll rule) and allows only a nonce for them, which a prebuilt, precompressed
 * index.html cannot carry. PDFs are previewed in an iframe of a blob: URL (students'
 * documents); images (avatars) come as blob: and data: URLs.
 */
export const BACKOFFICE_CSP = serialize(
  withSources(BASE, { 'style-src': ["'unsafe-inline'"], 'frame-src': ['blob:'] }),
);

/**
 * The API reference: Redoc (styled-components) writes its styles into <style> elements at
 * run time, and the page has one inline style; Redoc's search runs in a blob: worker.
 */
export const API_DOCS_CSP = serialize(
  withSources(BASE, { 'style-src': ["'unsafe-inline'"], 'worker-src': ['blob:'] }),
);

/**
 * API answers are data, never pages: were one opened (a download, an uploaded file), it
 * may load nothing, run nothing and be framed by nobody.
 */
export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Storybook's two pages carry inline scripts (its configuration: `window.FEATURES = …`):
 * allowed by their SHA-256 hashes, read from the build when the server starts, so nothing
 * else inline runs. Its UI (emotion) writes <style> elements at run time.
 */
export function storybookCsp(storybookDir: string): string {
  return serialize(
    withSources(BASE, {
      'script-src': inlineScriptHashes(storybookDir),
      'style-src': ["'unsafe-inline'"],
      'worker-src': ['blob:'],
    }),
  );
}

/** `'sha256-…'` of every inline <script> of Storybook's HTML pages. */
export function inlineScriptHashes(dir: string): string[] {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'iframe.html']) {
    const file = path.join(dir, page);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      const body = match[1] ?? '';
      if (body.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

const isUnder = (urlPath: string, prefix: string) =>
  urlPath === prefix || urlPath.startsWith(`${prefix}/`);

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { apiPrefix: string; storybookDir: string },
): Promise<void> {
  await app.register(fastifyHelmet, {
    // Set per area in the hook below.
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'sameorigin' },
    // A year, but only for this host: the operator's other hosts are not ours to decide.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });

  const storybook = storybookCsp(options.storybookDir);
  const docsPrefix = `${options.apiPrefix}/docs`;
  // The public contract and its reference: cached as api-docs.ts says.
  const publicApiPaths = new Set([`${options.apiPrefix}/openapi.json`]);
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request);
    const policy = isUnder(urlPath, '/storybook')
      ? storybook
      : isUnder(urlPath, docsPrefix)
        ? API_DOCS_CSP
        : isUnder(urlPath, options.apiPrefix)
          ? API_CSP
          : BACKOFFICE_CSP;
    reply.header('content-security-policy', policy);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const urlPath = pathOf(request);
    if (
      isUnder(urlPath, options.apiPrefix) &&
      !isUnder(urlPath, docsPrefix) &&
      !publicApiPaths.has(urlPath)
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
