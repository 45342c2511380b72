import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_PACKAGE_DIR } from '../config';

/** The hand-written contract (openapi/ at the root of the monorepo). */
export const OPENAPI_DIR = path.resolve(SERVER_PACKAGE_DIR, '../../openapi');
/** The bundle the server reads: one JSON file with every `$ref` inside it. */
export const OPENAPI_BUNDLE = path.join(OPENAPI_DIR, 'dist/openapi.json');

export type OpenApiOperation = {
  operationId: string;
  security?: Record<string, string[]>[];
  'x-permissions'?: string[];
  [key: string]: unknown;
};

export type OpenApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
};

function listSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

function isBundleStale(): boolean {
  if (!existsSync(OPENAPI_BUNDLE)) return true;
  const bundledAt = statSync(OPENAPI_BUNDLE).mtimeMs;
  return listSources(OPENAPI_DIR).some((file) => statSync(file).mtimeMs > bundledAt);
}

/**
 * Writes openapi/dist/openapi.json from the YAML sources with the contract's own bundler
 * (redocly, a dependency of openapi/), when the bundle is missing or older than a source,
 * or always with `force`. A deployment without the sources uses the bundle as it is.
 */
export function bundleOpenApi(options: { force?: boolean } = {}): { bundled: boolean } {
  const redocly = path.join(OPENAPI_DIR, 'node_modules/.bin/redocly');
  const hasSources = existsSync(path.join(OPENAPI_DIR, 'openapi.yaml'));
  if (!hasSources || !existsSync(redocly)) {
    if (existsSync(OPENAPI_BUNDLE)) return { bundled: false };
    throw new Error(
      `${OPENAPI_BUNDLE} is missing and cannot be built here; run \`pnpm --filter @fahrwerk/openapi bundle\`.`,
    );
  }
  if (!options.force && !isBundleStale()) return { bundled: false };
  execFileSync(
    redocly,
    ['bundle', 'openapi.yaml', '--config', 'redocly.yaml', '-o', 'dist/openapi.json'],
    {
      cwd: OPENAPI_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return { bundled: true };
}

export function loadOpenApiDocument(file = OPENAPI_BUNDLE): OpenApiDocument {
  const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    throw new Error(`${file} is not an OpenAPI 3.1 document.`);
  }
  return document;
}

/** The path prefix of the API, from the contract's `servers` (`/api`). */
export function apiPrefix(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url ?? '/api';
  return url.replace(/\/+$/, '');
}

/**
 * Keywords beside a `$ref` that only describe (or, for `default`, were never applied
 * there): they stay where they are.
 */
const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'summary',
  'title',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'default',
]);

/**
 * The contract writes limits beside a `$ref` (`studentIds: { $ref: IdList, minItems: 1 }`),
 * which JSON Schema 2020-12 applies together with the referenced schema. The router's
 * dereferencing (fastify-openapi-glue) replaces such an object by its target and would drop
 * the limits, so every `$ref` with a limit beside it becomes `{ allOf: [{ $ref }], …limits }`
 * first: the same meaning, and it survives. A copy; the document itself is left as it is.
 */
export function withLimitsBesideRefs<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).map(([key, value]) => [key, visit(value)] as const);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    if (typeof object.$ref !== 'string') return object;
    if (Object.keys(object).every((key) => ANNOTATIONS.has(key))) return object;
    const { $ref, ...rest } = object;
    return { allOf: [{ $ref }], ...rest };
  };
  return visit(document) as T;
}
