import { describe, expect, it } from 'vitest';
import { implementedOperationIds } from '../modules/handlers';
import { contract } from '../test/test-app';
import { type OpenApiOperation, withLimitsBesideRefs } from './openapi-document';

/** Every schema-shaped object of the bundle with its JSON pointer. */
function* nodes(node: unknown, path = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* nodes(item, `${path}/${index}`);
  } else if (typeof node === 'object' && node !== null) {
    yield [path, node as Record<string, unknown>];
    for (const [key, value] of Object.entries(node)) yield* nodes(value, `${path}/${key}`);
  }
}

function* operations(): Generator<[string, string, OpenApiOperation]> {
  for (const [path, item] of Object.entries(contract().paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation === 'object' && operation?.operationId) yield [method, path, operation];
    }
  }
}

const responses = (operation: OpenApiOperation) =>
  Object.keys((operation.responses as Record<string, unknown> | undefined) ?? {});

describe('contract rules the request layer relies on', () => {
  it('bounds every integer and number (ids at most 2^53 − 1)', () => {
    const unbounded: string[] = [];
    for (const [path, schema] of nodes(contract())) {
      const types = [schema.type].flat();
      if (!types.includes('integer') && !types.includes('number')) continue;
      if ('enum' in schema || 'const' in schema) continue;
      const low = 'minimum' in schema || 'exclusiveMinimum' in schema;
      const high = 'maximum' in schema || 'exclusiveMaximum' in schema;
      if (!low || !high) unbounded.push(path);
      const maximum = schema.maximum;
      if (typeof maximum === 'number' && maximum > Number.MAX_SAFE_INTEGER) unbounded.push(path);
    }
    expect(unbounded).toEqual([]);
    const id = (contract().components as { schemas: Record<string, Record<string, unknown>> })
      .schemas.Id;
    expect(id).toMatchObject({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
  });

  it('keeps limits written beside a $ref when the router dereferences', () => {
    const annotations = ['$ref', 'description', 'summary', 'examples', 'default'];
    const limitedRefs = (document: unknown) =>
      [...nodes(document)].filter(
        ([, node]) =>
          typeof node.$ref === 'string' &&
          Object.keys(node).some((key) => !annotations.includes(key)),
      );
    // Sanity: the contract has such places (studentIds: { $ref: IdList, minItems: 1 } …).
    expect(limitedRefs(contract()).length).toBeGreaterThan(10);
    expect(limitedRefs(withLimitsBesideRefs(contract())).map(([path]) => path)).toEqual([]);
  });

  it('lists 501 on exactly the operations without a handler', () => {
    const implemented = new Set(implementedOperationIds());
    const wrong: string[] = [];
    for (const [method, path, operation] of operations()) {
      const lists501 = responses(operation).includes('501');
      const built = implemented.has(operation.operationId);
      if (lists501 === built) {
        wrong.push(
          `${operation.operationId} (${method.toUpperCase()} ${path}): ${
            built ? 'has a handler; drop its "501"' : 'has no handler; list "501": NotImplemented'
          }`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists 415 wherever a body may be sent and 413 wherever one is read', () => {
    const missing: string[] = [];
    for (const [method, path, operation] of operations()) {
      if (method === 'get') continue;
      const listed = responses(operation);
      if (!listed.includes('415')) missing.push(`${operation.operationId} ${path}: 415`);
      if (operation.requestBody && !listed.includes('413')) {
        missing.push(`${operation.operationId} ${path}: 413`);
      }
    }
    expect(missing).toEqual([]);
  });
});
