import fc from 'fast-check';

/*
 * JSON Schema 2020-12 (the subset the contract uses) → fast-check arbitraries.
 *
 * `flatten` resolves `$ref`s (keywords beside a `$ref` apply too, as in 2020-12) and merges
 * `allOf` into one description of what a value must satisfy; `arbitraryOf` builds values
 * from it. Values are meant to be valid; what the contract cannot say (an id that exists)
 * comes from `GenerateOptions.valueFor`. `positionsOf` walks a value beside its schema, so
 * the fuzzer can break one field of a valid request on purpose.
 */

export type Schema = Record<string, unknown>;

/** A schema with its references resolved and `allOf` merged. */
export type Flat = {
  /** Allowed JSON types; undefined: any. */
  types?: string[];
  enum?: unknown[];
  hasConst: boolean;
  const?: unknown;
  /** Property schemas as written (flattened when used); several are combined with allOf. */
  properties: Record<string, Schema>;
  required: string[];
  /** additionalProperties or unevaluatedProperties false: unknown properties are refused. */
  closed: boolean;
  items: Schema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  minLength?: number;
  maxLength?: number;
  patterns: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  /** Groups of `oneOf`/`anyOf` branches; a value satisfies one branch of each group. */
  alternatives: Schema[][];
  examples: unknown[];
  hasDefault: boolean;
  dependentRequired: Record<string, string[]>;
  readOnly: boolean;
  /** `false` somewhere: nothing is valid. */
  never: boolean;
};

const emptyFlat = (): Flat => ({
  hasConst: false,
  properties: {},
  required: [],
  closed: false,
  items: [],
  uniqueItems: false,
  patterns: [],
  alternatives: [],
  examples: [],
  hasDefault: false,
  dependentRequired: {},
  readOnly: false,
  never: false,
});

const cloneFlat = (flat: Flat): Flat => ({
  ...flat,
  ...(flat.types ? { types: [...flat.types] } : {}),
  properties: { ...flat.properties },
  required: [...flat.required],
  items: [...flat.items],
  patterns: [...flat.patterns],
  alternatives: [...flat.alternatives],
  examples: [...flat.examples],
  dependentRequired: { ...flat.dependentRequired },
});

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const lower = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);
const upper = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

export class SchemaSpace {
  private readonly flats = new WeakMap<object, Flat>();

  constructor(private readonly root: unknown) {}

  /** The node a local reference (`#/components/schemas/Id`) points at. */
  resolve(ref: string): unknown {
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), this.root);
  }

  /** Follows `$ref`s until a node without one (parameters, request bodies). */
  deref<T>(value: T): T {
    let current: unknown = value;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error('Reference cycle');
      current = this.resolve(current.$ref);
    }
    return current as T;
  }

  flatten(schema: unknown): Flat {
    if (isObject(schema)) {
      const known = this.flats.get(schema);
      if (known) return known;
    }
    const flat = emptyFlat();
    this.collect(schema, flat, 0);
    if (isObject(schema)) this.flats.set(schema, flat);
    return flat;
  }

  /** `flat` combined with one more schema (a oneOf branch). */
  merge(flat: Flat, schema: unknown): Flat {
    const merged = cloneFlat(flat);
    this.collect(schema, merged, 0);
    return merged;
  }

  private collect(schema: unknown, into: Flat, depth: number): void {
    if (depth > 40) throw new Error('Schema nesting too deep (a reference cycle?)');
    if (schema === false) {
      into.never = true;
      return;
    }
    if (!isObject(schema)) return;
    if (typeof schema.$ref === 'string') this.collect(this.resolve(schema.$ref), into, depth + 1);
    for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
      this.collect(part, into, depth + 1);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches) && branches.length > 0) into.alternatives.push(branches);
    }
    if (schema.type !== undefined) {
      const types = [schema.type].flat() as string[];
      // "integer" is a "number" too.
      const allowed = into.types
        ? types.filter(
            (type) =>
              into.types?.includes(type) || (type === 'integer' && into.types?.includes('number')),
          )
        : types;
      if (into.types?.includes('integer') && types.includes('number')) allowed.push('integer');
      into.types = [...new Set(allowed)];
    }
    if (Array.isArray(schema.enum)) {
      const previous = into.enum;
      into.enum = previous
        ? schema.enum.filter((value) =>
            previous.some((other) => JSON.stringify(other) === JSON.stringify(value)),
          )
        : [...schema.enum];
    }
    if ('const' in schema) {
      into.hasConst = true;
      into.const = schema.const;
    }
    if (isObject(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        const present = into.properties[name];
        into.properties[name] = present ? { allOf: [present, property] } : (property as Schema);
      }
    }
    if (Array.isArray(schema.required)) {
      into.required = [...new Set([...into.required, ...(schema.required as string[])])];
    }
    if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
      into.closed = true;
    }
    if (schema.items !== undefined && typeof schema.items !== 'boolean') {
      into.items.push(schema.items as Schema);
    }
    into.minItems = lower(into.minItems, schema.minItems as number | undefined);
    into.maxItems = upper(into.maxItems, schema.maxItems as number | undefined);
    if (schema.uniqueItems === true) into.uniqueItems = true;
    into.minLength = lower(into.minLength, schema.minLength as number | undefined);
    into.maxLength = upper(into.maxLength, schema.maxLength as number | undefined);
    if (typeof schema.pattern === 'string') into.patterns.push(schema.pattern);
    if (typeof schema.format === 'string') into.format = schema.format;
    into.minimum = lower(into.minimum, schema.minimum as number | undefined);
    into.maximum = upper(into.maximum, schema.maximum as number | undefined);
    if (typeof schema.exclusiveMinimum === 'number') {
      const bound = Number.isInteger(schema.exclusiveMinimum)
        ? schema.exclusiveMinimum + 1
        : schema.exclusiveMinimum + 0.01;
      into.minimum = lower(into.minimum, bound);
    }
    if (typeof schema.exclusiveMaximum === 'number') {
      const bound = Number.isInteger(schema.exclusiveMaximum)
        ? schema.exclusiveMaximum - 1
        : schema.exclusiveMaximum - 0.01;
      into.maximum = upper(into.maximum, bound);
    }
    if (typeof schema.multipleOf === 'number') into.multipleOf = schema.multipleOf;
    if (Array.isArray(schema.examples)) into.examples.push(...schema.examples);
    if ('default' in schema) into.hasDefault = true;
    if (isObject(schema.dependentRequired)) {
      Object.assign(into.dependentRequired, schema.dependentRequired);
    }
    if (schema.readOnly === true) into.readOnly = true;
  }

  /** The JSON types a value of this schema may have. */
  typesOf(flat: Flat): string[] {
    if (flat.types) return flat.types;
    if (flat.hasConst) return [jsonType(flat.const)];
    if (flat.enum) return [...new Set(flat.enum.map(jsonType))];
    if (Object.keys(flat.properties).length > 0 || flat.required.length > 0) return ['object'];
    if (flat.items.length > 0) return ['array'];
    if (flat.patterns.length > 0 || flat.format || flat.maxLength !== undefined) return ['string'];
    if (flat.minimum !== undefined || flat.maximum !== undefined) return ['number'];
    return [];
  }

  /** The schema of a property (undefined: not declared). */
  propertySchema(flat: Flat, name: string): Schema | undefined {
    return flat.properties[name];
  }

  /** All item schemas of an array combined. */
  itemSchema(flat: Flat): Schema {
    return flat.items.length === 1 ? (flat.items[0] as Schema) : { allOf: flat.items };
  }
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A file part of a multipart body. */
export type FilePart = { __file: true; fileName: string; mimeType: string; bytes: Buffer };

export const isFilePart = (value: unknown): value is FilePart =>
  isObject(value) && value.__file === true;

export type GenerateOptions = {
  /** Every optional property present and arrays non-empty (a base to break one field of). */
  full: boolean;
  /** Longest array generated (the contract's maxItems permitting). */
  maxArray: number;
  /**
   * Values for a field by its name (ids that exist), or undefined; `generated` is what the
   * schema alone would give, to mix in.
   */
  valueFor?: (
    name: string,
    flat: Flat,
    generated: () => fc.Arbitrary<unknown>,
  ) => fc.Arbitrary<unknown> | undefined;
  /** Multipart: `format: binary` fields become files. */
  files?: fc.Arbitrary<FilePart>;
};

const MAX_DEPTH = 8;
const MAX_STRING = 60;

/** Text of every kind but NUL and lone surrogates (which are refused on purpose). */
const text = (minLength: number, maxLength: number) => {
  const words = ['Müller', 'Straße 7', 'Jürgen-Öztürk', 'ÄÖÜ äöü ß', '€ 12,50', 'Ça va'].filter(
    (value) => value.length >= minLength && value.length <= maxLength,
  );
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
      { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
      ...(words.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...words) }] : []),
    )
    .map((value) => value.replaceAll('\u0000', ' '));
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const pad2 = (value: number) => String(value).padStart(2, '0');

const isoDate = fc
  .record({
    year: fc.integer({ min: 2000, max: 2035 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${pad2(month)}-${pad2(day)}`);

const isoDateTime = fc
  .tuple(isoDate, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([date, hour, minute]) => `${date}T${pad2(hour)}:${pad2(minute)}:00Z`);

const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,11}(\.[a-z0-9]{1,6})?$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom('de', 'test', 'example'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

function stringArbitrary(flat: Flat): fc.Arbitrary<string> {
  const minLength = flat.minLength ?? 0;
  const maxLength = flat.maxLength ?? Number.MAX_SAFE_INTEGER;
  const patterns = flat.patterns.map((pattern) => new RegExp(pattern, 'u'));
  // Lengths in code points, as JSON Schema (and Ajv) count them.
  const lengthOf = (value: string) => Array.from(value).length;
  const fits = (value: string) =>
    lengthOf(value) >= minLength &&
    lengthOf(value) <= maxLength &&
    patterns.every((pattern) => pattern.test(value));
  const examples = flat.examples.filter(
    (value): value is string => typeof value === 'string' && fits(value),
  );
  let base: fc.Arbitrary<string>;
  // With several patterns (a limit beside a $ref), the longest is the most specific.
  const [pattern] = [...patterns].sort((a, b) => b.source.length - a.source.length);
  if (flat.format === 'date') base = isoDate;
  else if (flat.format === 'date-time') base = isoDateTime;
  else if (flat.format === 'email') base = email;
  else if (flat.format === 'uri') {
    // A URL; under a narrower pattern (`^https://(www\.)?youtube…/`) the pattern's match
    // followed by a path.
    const url = fc.webUrl({ validSchemes: ['https'], size: 'small' });
    base =
      pattern === undefined || pattern.test('https://example.de/')
        ? url
        : fc
            .tuple(fc.stringMatching(pattern, { size: 'small' }), fc.webPath({ size: 'small' }))
            .map(([matching, path]) => {
              const start = pattern.exec(matching)?.[0] ?? matching;
              return start.endsWith('/') ? `${start}${path.replace(/^\//, '')}` : start;
            });
  } else if (pattern !== undefined) base = fc.stringMatching(pattern, { size: 'small' });
  else {
    const boundary = Math.min(maxLength, 2000);
    base = fc.oneof(
      {
        weight: 9,
        arbitrary: text(minLength, Math.max(minLength, Math.min(maxLength, MAX_STRING))),
      },
      // The longest text allowed (a boundary most forms never send).
      { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(minLength, boundary))) },
    );
  }
  const withExamples =
    examples.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: base },
          { weight: 1, arbitrary: fc.constantFrom(...examples) },
        )
      : base;
  // Not a filter (which could search forever): a value that does not fit is cut to the
  // longest length, or replaced by an example; one still off the schema is sent anyway,
  // as a valid request the server refuses (counted as the generator's miss).
  return withExamples.map((generated) => {
    // No lone surrogates (stringMatching's negated classes yield any UTF-16 unit).
    const value = generated.replace(LONE_SURROGATE, '\uFFFD');
    if (fits(value)) return value;
    const cut = Array.from(value).slice(0, maxLength).join('');
    if (fits(cut)) return cut;
    return examples[0] ?? value;
  });
}

function integerArbitrary(flat: Flat): fc.Arbitrary<number> {
  const min = Math.ceil(flat.minimum ?? -(2 ** 31));
  const max = Math.floor(flat.maximum ?? 2 ** 31 - 1);
  const step = flat.multipleOf && Number.isInteger(flat.multipleOf) ? flat.multipleOf : 1;
  const arbitrary =
    step === 1
      ? fc.integer({ min, max })
      : fc
          .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
          .map((k) => k * step);
  const examples = flat.examples.filter(
    (value): value is number => typeof value === 'number' && value >= min && value <= max,
  );
  return examples.length > 0
    ? fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: fc.constantFrom(...examples) })
    : arbitrary;
}

function numberArbitrary(flat: Flat): fc.Arbitrary<number> {
  const min = flat.minimum ?? -1_000_000;
  const max = flat.maximum ?? 1_000_000;
  if (flat.multipleOf) {
    const step = flat.multipleOf;
    const digits = String(step).split('.')[1]?.length ?? 0;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((k) => Number((k * step).toFixed(digits)));
  }
  // Two decimals at most (money and percentages); integers half of the time.
  return fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((cents) => cents / 100);
}

export function arbitraryOf(
  space: SchemaSpace,
  schema: unknown,
  options: GenerateOptions,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  return arbitraryOfFlat(space, space.flatten(schema), options, name, depth);
}

function arbitraryOfFlat(
  space: SchemaSpace,
  flat: Flat,
  options: GenerateOptions,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const [group, ...rest] = flat.alternatives;
  if (group) {
    const withoutGroup = { ...cloneFlat(flat), alternatives: rest };
    return fc.oneof(
      ...group.map((branch) =>
        arbitraryOfFlat(space, space.merge(withoutGroup, branch), options, name, depth),
      ),
    );
  }
  if (options.valueFor) {
    const { valueFor, ...plain } = options;
    const custom = valueFor(name, flat, () => arbitraryOfFlat(space, flat, plain, name, depth));
    if (custom) return custom;
  }
  if (flat.hasConst) return fc.constant(flat.const);
  const types = space.typesOf(flat);
  if (flat.enum) {
    const values =
      types.length > 0
        ? flat.enum.filter(
            (v) =>
              types.includes(jsonType(v)) ||
              (jsonType(v) === 'integer' && types.includes('number')),
          )
        : flat.enum;
    return values.length > 0 ? fc.constantFrom(...values) : fc.constant(flat.enum[0] ?? null);
  }
  const nonNull = types.filter((type) => type !== 'null');
  const arbitraries = (nonNull.length > 0 ? nonNull : types).map((type) =>
    typedArbitrary(space, flat, type, options, name, depth),
  );
  if (types.includes('null') && nonNull.length > 0 && !options.full) {
    arbitraries.push(fc.constant(null));
  }
  if (arbitraries.length === 0) return fc.constantFrom('fuzz', 1, true);
  return arbitraries.length === 1
    ? (arbitraries[0] as fc.Arbitrary<unknown>)
    : fc.oneof(...arbitraries);
}

function typedArbitrary(
  space: SchemaSpace,
  flat: Flat,
  type: string,
  options: GenerateOptions,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (flat.format === 'binary' && options.files) return options.files;
      return stringArbitrary(flat);
    case 'integer':
      return integerArbitrary(flat);
    case 'number':
      return numberArbitrary(flat);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(space, flat, options, name, depth);
    case 'object':
      return objectArbitrary(space, flat, options, depth);
    default:
      return fc.constant(null);
  }
}

function arrayArbitrary(
  space: SchemaSpace,
  flat: Flat,
  options: GenerateOptions,
  name: string,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const items = flat.items.length > 0 ? space.itemSchema(flat) : {};
  const itemFlat = space.flatten(items);
  // Items of a list named `studentIds` are student ids.
  const itemName = name.endsWith('Ids') ? name.slice(0, -1) : name;
  const item = arbitraryOfFlat(space, itemFlat, options, itemName, depth + 1);
  let minLength = flat.minItems ?? 0;
  const limit = flat.maxItems ?? Number.MAX_SAFE_INTEGER;
  if (options.full && limit >= 1) minLength = Math.max(minLength, 1);
  if (itemFlat.enum && flat.uniqueItems) minLength = Math.min(minLength, itemFlat.enum.length);
  const maxLength = Math.max(
    minLength,
    Math.min(limit, depth >= MAX_DEPTH ? minLength : options.maxArray),
  );
  return flat.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(
  space: SchemaSpace,
  flat: Flat,
  options: GenerateOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(flat.properties).filter(
    (property) =>
      flat.required.includes(property) ||
      (!space.flatten(flat.properties[property]).readOnly && depth < MAX_DEPTH),
  );
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const property of names) {
    model[property] = arbitraryOf(space, flat.properties[property], options, property, depth + 1);
  }
  const requiredKeys = options.full ? names : names.filter((key) => flat.required.includes(key));
  const dependencies = Object.entries(flat.dependentRequired);
  return fc.record(model, { requiredKeys }).map((value) => {
    const object = { ...(value as Record<string, unknown>) };
    // A property whose companions are missing is left out (dependentRequired).
    for (const [key, needs] of dependencies) {
      if (key in object && needs.some((need) => !(need in object))) delete object[key];
    }
    return object;
  });
}

/** One place in a generated value: its path, its schema, its value. */
export type Position = { path: (string | number)[]; flat: Flat; value: unknown };

/** Every node of `value` with the schema that describes it (objects, arrays, leaves). */
export function positionsOf(space: SchemaSpace, value: unknown, schema: unknown): Position[] {
  const positions: Position[] = [];
  const visit = (node: unknown, flat: Flat, path: (string | number)[]) => {
    // A oneOf branch is not chosen here: its keywords describe nothing for certain.
    positions.push({ path, flat, value: node });
    if (isFilePart(node)) return;
    if (Array.isArray(node)) {
      const items = flat.items.length > 0 ? space.flatten(space.itemSchema(flat)) : emptyFlat();
      for (const [index, item] of node.entries()) visit(item, items, [...path, index]);
    } else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        const property = flat.properties[key];
        visit(child, property ? space.flatten(property) : emptyFlat(), [...path, key]);
      }
    }
  };
  visit(value, space.flatten(schema), []);
  return positions;
}

/** `value` with the node at `path` replaced (undefined: removed). */
export function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...tail] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = head as number;
    if (tail.length === 0 && next === undefined) copy.splice(index, 1);
    else copy[index] = replaceAt(copy[index], tail, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (tail.length === 0 && next === undefined) delete copy[head];
  else copy[head] = replaceAt(copy[head], tail, next);
  return copy;
}

/**
 * A value of another JSON type than the schema allows, or undefined when every type is
 * allowed. `coerced`: the value travels as text (path, query, multipart fields), where only
 * text no number or boolean can be read from is of a wrong type.
 */
export function wrongTypeValue(space: SchemaSpace, flat: Flat, coerced: boolean): unknown {
  const types = space.typesOf(flat);
  if (flat.hasConst || flat.enum) {
    return coerced ? 'fuzz-not-listed' : types.includes('boolean') ? 'fuzz' : true;
  }
  if (types.length === 0) return undefined;
  if (coerced) {
    if (types.includes('string')) return undefined;
    // Text given for a list is read as a list of one (Ajv's coerceTypes 'array').
    if (types.includes('array') && flat.items.length > 0) {
      const items = space.flatten(space.itemSchema(flat));
      const anyText = !items.hasConst && !items.enum && space.typesOf(items).includes('string');
      if (anyText) return undefined;
    }
    return 'fuzz';
  }
  const allows = (type: string) =>
    types.includes(type) || (type === 'integer' && types.includes('number'));
  const candidates: [string, unknown][] = [
    ['boolean', true],
    ['string', 'fuzz'],
    ['integer', 7],
    ['object', { fuzz: 1 }],
  ];
  return candidates.find(([type]) => !allows(type))?.[1];
}
