import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from './errors';

const STORYBOOK_PREFIX = '/storybook';

const isDirectory = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

const isUnder = (urlPath: string, prefix: string) =>
  urlPath === prefix || urlPath.startsWith(`${prefix}/`);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Both builds (Vite) put only files with a content hash in their name under `assets/`: a
 * browser may keep them for a year. Everything else (index.html above all, which names the
 * hashed files of one build) is revalidated on every use.
 */
function cacheHeaders(root: string) {
  const assets = path.resolve(root, 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string) => {
    const hashed = path.resolve(filePath).startsWith(assets);
    reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  };
}

/**
 * The build writes `.br` and `.gz` beside the larger files (scripts/front-end-assets.mjs);
 * they are sent when the request's accept-encoding allows, the file itself otherwise.
 */
const staticOptions = (root: string) => ({
  root,
  preCompressed: true,
  cacheControl: false,
  setHeaders: cacheHeaders(root),
});

/**
 * A browser navigating to a client-side route (`/students/edit/5`) asks for HTML; a script
 * asking for a missing asset (`/assets/x.js`) does not and gets a 404 instead of the page.
 */
function wantsPage(request: FastifyRequest, urlPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (String(request.headers.accept ?? '').includes('text/html')) return true;
  const lastSegment = urlPath.split('/').pop() ?? '';
  return !lastSegment.includes('.');
}

/**
 * Serves the built back office at `/` (with the single-page fallback to index.html) and the
 * built Storybook at `/storybook/`. A folder that does not exist is skipped with a warning,
 * so the API runs (and is tested) without a front-end build. Everything else that finds no
 * route answers the contract's 404 error body.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { staticDir: string; storybookDir: string; apiPrefix: string },
): Promise<void> {
  const hasBackoffice = isDirectory(options.staticDir);
  const hasStorybook = isDirectory(options.storybookDir);

  if (hasStorybook) {
    // The root's wildcard route would otherwise take `/storybook` before Storybook's own.
    app.get(STORYBOOK_PREFIX, (_request, reply) => reply.redirect(`${STORYBOOK_PREFIX}/`, 301));
    await app.register(fastifyStatic, {
      ...staticOptions(options.storybookDir),
      prefix: `${STORYBOOK_PREFIX}/`,
      redirect: true,
      // An array: with preCompressed, @fastify/static looks a folder's index up only in an
      // array, and a string made `/storybook/` a 404 for every browser (accept-encoding).
      index: ['index.html'],
      decorateReply: false,
    });
  } else {
    app.log.warn(`Storybook not served: ${options.storybookDir} does not exist (build it first).`);
  }

  if (hasBackoffice) {
    await app.register(fastifyStatic, {
      ...staticOptions(options.staticDir),
      prefix: '/',
      index: ['index.html'],
      decorateReply: true,
    });
  } else {
    app.log.warn(`Back office not served: ${options.staticDir} does not exist (build it first).`);
  }

  const indexFile = path.join(options.staticDir, 'index.html');
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const reserved = isUnder(urlPath, options.apiPrefix) || isUnder(urlPath, STORYBOOK_PREFIX);
    if (!reserved && hasBackoffice && existsSync(indexFile) && wantsPage(request, urlPath)) {
      // The page (no-cache, see cacheHeaders) names the hashed asset files of one build.
      return reply.sendFile('index.html', options.staticDir);
    }
    const error = routeNotFound(request);
    return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
  });
}
