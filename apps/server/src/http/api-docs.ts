import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from './openapi-document';

const EMPTY_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

/**
 * The readable API reference for other school products: `/api/docs` renders the contract
 * with Redoc (served from our own dependency, no CDN), `/api/openapi.json` is the bundled
 * contract itself. Both are public: the contract is no secret, the data behind it is.
 */
export function registerApiDocs(
  app: FastifyInstance,
  options: { document: OpenApiDocument; prefix: string },
): void {
  const require = createRequire(import.meta.url);
  const redocBundle = path.join(
    path.dirname(require.resolve('redoc/package.json')),
    'bundles/redoc.standalone.js',
  );
  // Redoc's footer shows a logo from its CDN; the page's CSP loads nothing from elsewhere
  // (security-headers.ts), so it points to an empty image instead of failing in the console.
  const redocScript = readFileSync(redocBundle, 'utf8').replace(
    '"https://cdn.redoc.ly/redoc/logo-mini.svg"',
    JSON.stringify(EMPTY_IMAGE),
  );
  const specJson = JSON.stringify(options.document);
  const title = 'Fahrwerk API';
  const page = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} – Referenz</title>
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <redoc spec-url="${options.prefix}/openapi.json" hide-download-button="false" path-in-middle-panel="true"></redoc>
    <script src="${options.prefix}/docs/redoc.standalone.js"></script>
  </body>
</html>`;

  app.get(`${options.prefix}/openapi.json`, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(specJson),
  );
  app.get(`${options.prefix}/docs`, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
  app.get(`${options.prefix}/docs/redoc.standalone.js`, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(redocScript),
  );
}
