import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FuzzOperation, HttpMethod } from './operations';
import {
  arbitraryOf,
  type FilePart,
  type Flat,
  type GenerateOptions,
  isFilePart,
  positionsOf,
  replaceAt,
  type SchemaSpace,
  wrongTypeValue,
} from './schema-arbitrary';

/*
 * Requests for one operation, valid and broken on purpose. A request is generated as values
 * (path, query, body) from the operation's schemas, then — for the invalid kinds — one
 * field of a complete valid request is broken, then it is turned into HTTP.
 */

export const FUZZ_KINDS = [
  'valid',
  'no-token',
  'wrong-media-type',
  'malformed',
  'wrong-type',
  'missing-required',
  'unknown-property',
  'huge-integer',
  'nul',
] as const;
export type FuzzKind = (typeof FUZZ_KINDS)[number];

/** What the answer to a request of each kind must be (besides never 500, on the contract). */
export const EXPECTED: Record<FuzzKind, string> = {
  valid: 'any status the contract lists',
  'no-token': '401', // or 429 where a rate limit refuses first
  'wrong-media-type': '415', // or 429 where a rate limit refuses first
  malformed: '4xx',
  'wrong-type': '4xx',
  'missing-required': '4xx',
  'unknown-property': '4xx',
  'huge-integer': '4xx',
  nul: '4xx',
};

/** The request as values, before it becomes HTTP. */
type RequestValue = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body?: unknown;
};

export type FuzzRequest = {
  kind: FuzzKind;
  /** What was broken, e.g. `body.studentId ← 9223372036854775808`. */
  change?: string;
  method: HttpMethod;
  /** `/api/…` with the path and query encoded. */
  url: string;
  headers: Record<string, string>;
  withToken: boolean;
  payload?: string | Buffer;
  /** A readable one-line form for reports. */
  summary: string;
};

/** 2^63: one more than PostgreSQL's largest bigint. */
export const HUGE_INTEGER = '9223372036854775808';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const file = (fileName: string, mimeType: string, bytes: Buffer): FilePart => ({
  __file: true,
  fileName,
  mimeType,
  bytes,
});

/** Uploads: a picture, a PDF, a text file, an empty file, HTML claiming to be a picture. */
const FILES = fc.oneof(
  { weight: 3, arbitrary: fc.constant(file('bild.png', 'image/png', PNG)) },
  { weight: 3, arbitrary: fc.constant(file('Vertrag.pdf', 'application/pdf', PDF)) },
  { weight: 1, arbitrary: fc.constant(file('notiz.txt', 'text/plain', Buffer.from('Notiz\n'))) },
  { weight: 1, arbitrary: fc.constant(file('leer.pdf', 'application/pdf', Buffer.alloc(0))) },
  {
    weight: 1,
    arbitrary: fc.constant(
      file('x.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
    ),
  },
);

/** Values a field of this name must have to pass the server's checks beyond the schema. */
const NAMED_VALUES: Record<string, string[]> = {
  iban: ['DE89370400440532013000', 'DE02120300000000202051', 'AT611904300234573201'],
  bic: ['COBADEFFXXX', 'BYLADEM1001'],
};

/** Values the database knows for a field (ids of rows of the school), by name and path. */
export type KnownValues = (name: string, operationPath: string, flat: Flat) => unknown[];

export type RequestOptions = {
  space: SchemaSpace;
  known: KnownValues;
  maxArray: number;
};

function valuesArbitrary(
  operation: FuzzOperation,
  options: RequestOptions,
  full: boolean,
): fc.Arbitrary<RequestValue> {
  const generate: GenerateOptions = {
    full,
    maxArray: options.maxArray,
    files: FILES,
    valueFor: (name, flat, generated) => {
      // Mail servers: a name that resolves nowhere (the fuzz run allows no network anyway).
      if (/host$/i.test(name) && flat.types?.includes('string')) {
        return fc.constantFrom('mail.fuzz.invalid', 'imap.fuzz.invalid');
      }
      const named = NAMED_VALUES[name.toLowerCase()];
      if (named && flat.types?.includes('string')) {
        return fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...named) },
          { weight: 1, arbitrary: generated() },
        );
      }
      const known = options.known(name, operation.path, flat);
      if (known.length === 0) return undefined;
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known) },
        { weight: 1, arbitrary: generated() },
      );
    },
  };
  const parameters = (location: 'path' | 'query' | 'header') => {
    const list = operation.parameters.filter((parameter) => parameter.in === location);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of list) {
      model[parameter.name] = arbitraryOf(
        options.space,
        parameter.schema,
        generate,
        parameter.name,
      );
    }
    const requiredKeys = list
      .filter((parameter) => full || parameter.required)
      .map((parameter) => parameter.name);
    return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  };
  const { body } = operation;
  const bodyArbitrary = body
    ? arbitraryOf(options.space, body.schema, generate, '')
    : fc.constant(undefined);
  return fc.record({
    path: parameters('path'),
    query: parameters('query'),
    header: parameters('header'),
    body:
      body && !body.required && !full
        ? fc.option(bodyArbitrary, { nil: undefined })
        : bodyArbitrary,
  });
}

type Location = 'path' | 'query' | 'header' | 'body';

/** A place a mutation can break, with how its value travels. */
type Target = {
  location: Location;
  /** Path inside RequestValue, e.g. ['body', 'sort', 0, 'field']. */
  path: (string | number)[];
  flat: Flat;
  value: unknown;
  /** Travels as text (path, query, header, multipart): types are read from text. */
  coerced: boolean;
};

function targetsOf(operation: FuzzOperation, space: SchemaSpace, value: RequestValue): Target[] {
  const targets: Target[] = [];
  for (const parameter of operation.parameters) {
    const current = value[parameter.in][parameter.name];
    if (current === undefined) continue;
    for (const position of positionsOf(space, current, parameter.schema)) {
      targets.push({
        location: parameter.in,
        path: [parameter.in, parameter.name, ...position.path],
        flat: position.flat,
        value: position.value,
        coerced: true,
      });
    }
  }
  if (operation.body && value.body !== undefined) {
    const multipart = operation.body.media.startsWith('multipart/');
    for (const position of positionsOf(space, value.body, operation.body.schema)) {
      targets.push({
        location: 'body',
        path: ['body', ...position.path],
        flat: position.flat,
        value: position.value,
        coerced: multipart,
      });
    }
  }
  return targets;
}

type Mutation = { change: string; value: RequestValue };

const label = (path: (string | number)[]) => path.join('.');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isFilePart(value);

/** Every way to break `value` for one kind (empty: the kind does not apply). */
function mutationsOf(
  kind: FuzzKind,
  operation: FuzzOperation,
  space: SchemaSpace,
  value: RequestValue,
): Mutation[] {
  const targets = targetsOf(operation, space, value).filter(
    (target) => target.location !== 'header' && !isFilePart(target.value),
  );
  const media = operation.body?.media ?? '';
  const set = (target: Target, next: unknown, shown: string): Mutation => ({
    change: `${label(target.path)} ← ${shown}`,
    value: replaceAt(value, target.path, next) as RequestValue,
  });
  switch (kind) {
    case 'wrong-type':
      return targets.flatMap((target) => {
        // A multipart body is an object whatever it holds; a text body is text.
        if (
          target.location === 'body' &&
          target.path.length === 1 &&
          media !== 'application/json'
        ) {
          return [];
        }
        const wrong = wrongTypeValue(space, target.flat, target.coerced);
        return wrong === undefined ? [] : [set(target, wrong, JSON.stringify(wrong))];
      });
    case 'huge-integer':
      return targets.flatMap((target) => {
        const types = space.typesOf(target.flat);
        if (!types.includes('integer') && !types.includes('number')) return [];
        // In JSON the number itself (JSON.stringify writes 2^63 as 9223372036854776000).
        const huge = target.coerced ? HUGE_INTEGER : 2 ** 63;
        return [set(target, huge, HUGE_INTEGER)];
      });
    case 'nul':
      return targets.flatMap((target) => {
        if (typeof target.value !== 'string') return [];
        // After the first code point (a surrogate pair stays whole).
        const [first = '', ...rest] = Array.from(target.value);
        const broken = `${first}\u0000${rest.join('')}`;
        return [set(target, broken, JSON.stringify(broken))];
      });
    case 'missing-required': {
      const missing = targets.flatMap((target) => {
        if (!isPlainObject(target.value) || target.location !== 'body') return [];
        const object = target.value;
        return target.flat.required
          .filter((name) => name in object)
          .filter((name) => {
            const property = target.flat.properties[name];
            return !property || !space.flatten(property).hasDefault;
          })
          .map((name) => ({
            change: `${label([...target.path, name])} left out`,
            value: replaceAt(value, [...target.path, name], undefined) as RequestValue,
          }));
      });
      for (const parameter of operation.parameters) {
        if (parameter.in !== 'query' || !parameter.required) continue;
        if (space.flatten(parameter.schema).hasDefault) continue;
        missing.push({
          change: `query.${parameter.name} left out`,
          value: replaceAt(value, ['query', parameter.name], undefined) as RequestValue,
        });
      }
      if (operation.body?.required && value.body !== undefined) {
        missing.push({ change: 'body left out', value: { ...value, body: undefined } });
      }
      return missing;
    }
    case 'unknown-property':
      return targets.flatMap((target) => {
        if (target.location !== 'body' || !isPlainObject(target.value) || !target.flat.closed) {
          return [];
        }
        return [set(target, { ...target.value, fuzzUnknownField: 1 }, '+ fuzzUnknownField')];
      });
    default:
      return [];
  }
}

const encodePathValue = (value: unknown) =>
  encodeURIComponent(
    (typeof value === 'string' ? value : JSON.stringify(value)).replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\uFFFD',
    ),
  );

const queryText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** A multipart/form-data payload: repeated fields for lists, JSON for objects, files as parts. */
function multipart(
  fields: Record<string, unknown>,
  partTypes: Record<string, string>,
): { payload: Buffer; contentType: string } {
  const boundary = `----fahrwerkfuzz${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (isFilePart(value)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.fileName}"\r\nContent-Type: ${value.mimeType}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from('\r\n'),
      );
      return;
    }
    const type = partTypes[name];
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${text}\r\n`,
      ),
    );
  };
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value) && !partTypes[name]) for (const item of value) add(name, item);
    else add(name, value);
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const shownBody = (value: unknown) =>
  JSON.stringify(value, (_key, field) =>
    isFilePart(field)
      ? `<file ${field.fileName} ${field.mimeType} ${field.bytes.length} B>`
      : field,
  );

const clip = (text: string, length = 400) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

/** The HTTP request for `value`. */
function toHttp(
  operation: FuzzOperation,
  value: RequestValue,
  kind: FuzzKind,
  prefix: string,
  change?: string,
): FuzzRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodePathValue(value.path[name] ?? 1),
  );
  const search = new URLSearchParams();
  for (const [name, query] of Object.entries(value.query)) {
    if (query === undefined) continue;
    for (const item of Array.isArray(query) ? query : [query]) search.append(name, queryText(item));
  }
  const url = `${prefix}${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value.header)) {
    if (header !== undefined) headers[name] = queryText(header);
  }
  let payload: string | Buffer | undefined;
  let shown = '';
  const { body } = operation;
  if (kind === 'wrong-media-type') {
    const other = operation.media.includes('text/plain') ? 'application/xml' : 'text/plain';
    headers['content-type'] = other;
    payload =
      value.body === undefined
        ? 'fuzz'
        : typeof value.body === 'string'
          ? value.body
          : shownBody(value.body);
    shown = `${other} ${clip(payload)}`;
  } else if (kind === 'malformed' && body) {
    if (body.media.startsWith('multipart/')) {
      headers['content-type'] = 'multipart/form-data; boundary=fuzz';
      payload =
        'garbage\r\n--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n';
    } else {
      headers['content-type'] = body.media;
      payload = '{"fuzz": ';
    }
    shown = `${headers['content-type']} ${JSON.stringify(payload)}`;
  } else if (body && value.body !== undefined) {
    if (body.media.startsWith('multipart/')) {
      const built = multipart(value.body as Record<string, unknown>, body.partTypes);
      headers['content-type'] = built.contentType;
      payload = built.payload;
    } else if (body.media.startsWith('text/')) {
      headers['content-type'] = body.media;
      payload = typeof value.body === 'string' ? value.body : JSON.stringify(value.body);
    } else {
      headers['content-type'] = body.media;
      payload = JSON.stringify(value.body);
    }
    shown = `${body.media} ${clip(shownBody(value.body))}`;
  }
  const withToken = kind !== 'no-token';
  return {
    kind,
    ...(change ? { change } : {}),
    method: operation.method,
    url,
    headers,
    withToken,
    ...(payload !== undefined ? { payload } : {}),
    summary: `${operation.method} ${clip(url, 300)}${withToken ? '' : ' (no token)'}${shown ? ` ${shown}` : ''}`,
  };
}

/**
 * The requests of one kind for an operation, or undefined when the kind does not apply
 * (no token for a public operation, no integer to make huge, …).
 */
export function requestArbitrary(
  operation: FuzzOperation,
  kind: FuzzKind,
  options: RequestOptions & { prefix: string },
): fc.Arbitrary<FuzzRequest | undefined> | undefined {
  const bodyless = operation.method === 'GET';
  switch (kind) {
    case 'valid':
      return valuesArbitrary(operation, options, false).map((value) =>
        toHttp(operation, value, kind, options.prefix),
      );
    case 'no-token':
      if (!operation.secured) return undefined;
      return valuesArbitrary(operation, options, false).map((value) =>
        toHttp(operation, value, kind, options.prefix),
      );
    case 'wrong-media-type':
      if (bodyless) return undefined;
      return valuesArbitrary(operation, options, false).map((value) =>
        toHttp(operation, value, kind, options.prefix, 'a body of another media type'),
      );
    case 'malformed':
      if (!operation.body || operation.body.media.startsWith('text/')) return undefined;
      return valuesArbitrary(operation, options, true).map((value) =>
        toHttp(operation, value, kind, options.prefix, 'a body that cannot be read'),
      );
    default:
      return valuesArbitrary(operation, options, true).chain((value) => {
        const mutations = mutationsOf(kind, operation, options.space, value);
        if (mutations.length === 0) return fc.constant(undefined);
        return fc
          .constantFrom(...mutations)
          .map((mutation) =>
            toHttp(operation, mutation.value, kind, options.prefix, mutation.change),
          );
      });
  }
}
