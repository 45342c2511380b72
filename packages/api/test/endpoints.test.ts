import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const openapiDir = join(repo, 'openapi');
/** The spec's list, beside the checkout; the committed copy must equal it. */
const sharedList = resolve(repo, '../shared/spec/endpoints.txt');
const committedList = join(openapiDir, 'spec-endpoints.txt');

type PathItem = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every `METHOD /path` the contract has, with its query parameter names. */
function contractOperations(): Map<string, Set<string>> {
  const root = parse(readFileSync(join(openapiDir, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, { $ref?: string } & PathItem>;
  };
  const files = new Map<string, Record<string, PathItem>>();
  const operations = new Map<string, Set<string>>();
  for (const [path, entry] of Object.entries(root.paths)) {
    let item: PathItem = entry;
    if (entry.$ref) {
      const [file, pointer = ''] = entry.$ref.split('#');
      if (!file) throw new Error(`bad $ref ${entry.$ref}`);
      if (!files.has(file)) files.set(file, parse(readFileSync(join(openapiDir, file), 'utf8')));
      const key = pointer.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
      item = files.get(file)?.[key] as PathItem;
      expect(item, `${entry.$ref} resolves`).toBeDefined();
    }
    for (const method of METHODS) {
      const operation = item[method] as {
        parameters?: { name?: string; in?: string; $ref?: string }[];
      };
      if (!operation) continue;
      const query = new Set(
        (operation.parameters ?? [])
          .map((p) => (p.$ref ? refParameter(p.$ref) : p))
          .filter((p) => p.in === 'query')
          .map((p) => p.name ?? ''),
      );
      operations.set(`${method.toUpperCase()} ${path}`, query);
    }
  }
  return operations;
}

function refParameter(ref: string): { name?: string; in?: string } {
  const name = ref.split('/').at(-1) ?? '';
  const common = parse(readFileSync(join(openapiDir, 'components/common.yaml'), 'utf8')) as {
    parameters: Record<string, { name: string; in: string }>;
  };
  return common.parameters[name] ?? {};
}

/**
 * Parameter names do not matter for matching (`{id}` and `{studentId}` are one route), nor
 * does a trailing slash (the spec writes `GET /email-templates/` for the generic list).
 */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/(.)\/$/, '$1');

type Expected = { method: string; path: string; query: string[] };

function parseList(text: string): Expected[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(GET|POST|PUT|DELETE|PATCH) \//.test(line))
    .map((line) => {
      const [method = '', target = ''] = line.split(' ');
      const [path = '', query = ''] = target.split('?');
      return { method, path, query: query ? query.split('&') : [] };
    });
}

/** The entities the screens manage, with the generic calls each gets (spec 000 §7). */
const RESOURCES: { path: string; archivable: boolean }[] = [
  { path: '/students', archivable: true },
  { path: '/student-educations', archivable: true },
  { path: '/users', archivable: true },
  { path: '/roles', archivable: false },
  { path: '/branches', archivable: true },
  { path: '/vehicles', archivable: true },
  { path: '/products', archivable: true },
  { path: '/price-lists', archivable: true },
  { path: '/student-categories', archivable: true },
  { path: '/testing-organizations', archivable: true },
  { path: '/cost-bearers', archivable: true },
  { path: '/theory-courses', archivable: true },
  { path: '/theory-lesson', archivable: false },
  { path: '/theory-exams', archivable: true },
  { path: '/practical-exams', archivable: true },
  { path: '/appointments', archivable: false },
  { path: '/todos', archivable: false },
  { path: '/broadcasts', archivable: true },
  { path: '/email-templates', archivable: false },
  { path: '/registrations', archivable: false },
  { path: '/payment-documents', archivable: false },
];

function expand(expected: Expected[]): Expected[] {
  const out: Expected[] = [];
  for (const row of expected) {
    if (!row.path.startsWith('/{resource}')) {
      out.push(row);
      continue;
    }
    const rest = row.path.slice('/{resource}'.length);
    const isExamRow = [
      '/participants',
      '/update-student-exam-statuses',
      '/{id}/book',
      '/upload-protocol',
      '/{id}/mark-as-ready',
      '/student-exam/{id}',
    ].includes(rest);
    const targets = isExamRow
      ? ['/theory-exams', '/practical-exams']
      : RESOURCES.filter((r) => {
          if (rest === '/archive') return r.archivable;
          // Deleting and the id-in-body update are "where sensible": checked below.
          return !(row.method === 'DELETE' || (row.method === 'PUT' && rest === ''));
        }).map((r) => r.path);
    for (const target of targets) out.push({ ...row, path: `${target}${rest}` });
  }
  return out;
}

describe('the contract holds every call of the spec', () => {
  const listText = existsSync(sharedList)
    ? readFileSync(sharedList, 'utf8')
    : readFileSync(committedList, 'utf8');

  test('the committed copy of endpoints.txt equals the spec', () => {
    if (!existsSync(sharedList)) return;
    expect(readFileSync(committedList, 'utf8')).toBe(readFileSync(sharedList, 'utf8'));
  });

  test('every listed call, with its query parameters', () => {
    const operations = contractOperations();
    const byShape = new Map(
      [...operations].map(([key, query]) => {
        const [method, path = ''] = key.split(' ');
        return [`${method} ${shape(path)}`, query] as const;
      }),
    );
    const missing: string[] = [];
    for (const row of expand(parseList(listText))) {
      const query = byShape.get(`${row.method} ${shape(row.path)}`);
      if (!query) {
        missing.push(`${row.method} ${row.path}`);
        continue;
      }
      for (const name of row.query) {
        if (!query.has(name)) missing.push(`${row.method} ${row.path} (query ${name})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('deleting and the id-in-body update exist where sensible', () => {
    const operations = [...contractOperations().keys()];
    expect(operations.some((op) => RESOURCES.some((r) => op === `DELETE ${r.path}/{id}`))).toBe(
      true,
    );
    expect(operations.some((op) => RESOURCES.some((r) => op === `PUT ${r.path}`))).toBe(true);
  });
});
