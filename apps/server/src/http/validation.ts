import type { ErrorObject } from 'ajv';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

/**
 * The options Fastify's own Ajv would get. Unknown properties are refused, never stripped
 * (Fastify's default `removeAdditional: true` would drop them silently).
 */
export const AJV_OPTIONS = {
  removeAdditional: false,
  coerceTypes: 'array',
  allErrors: true,
} as const satisfies Options;

/**
 * The contract is OpenAPI 3.1, i.e. JSON Schema 2020-12 (`unevaluatedProperties` on the
 * filter bodies), which Fastify's built-in draft-07 Ajv does not know. So requests are
 * validated by Ajv2020 with the same options. Query, path and header values arrive as text
 * and are coerced; JSON bodies are not, so `"password": 12345` is a type error rather
 * than the string "12345".
 */
let requestAjvs: { coercing: Ajv2020; exact: Ajv2020 } | undefined;
/** Compiled request validators by kind and schema text, shared by every app of the process. */
const compiledRequestValidators = new Map<string, ValidateFunction>();

export function createRequestValidatorCompiler() {
  // One pair of Ajv instances and one cache per process: the server builds one app, but a
  // test worker builds one per file and driver, and compiling the ~500 operations' request
  // schemas took most of an app's start-up (about 1 s each). A validator is a pure function
  // of its schema and options, so an app built from the same contract reuses it.
  if (!requestAjvs) {
    const common: Options = { ...AJV_OPTIONS, useDefaults: true, strict: false };
    requestAjvs = {
      coercing: addFormats(new Ajv2020(common)),
      exact: addFormats(new Ajv2020({ ...common, coerceTypes: false })),
    };
  }
  const { coercing, exact } = requestAjvs;
  return ({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => {
    const isExact = httpPart === 'body' && !(schema as Record<string, unknown>)['x-multipart'];
    const key = `${isExact ? 'exact' : 'coercing'} ${JSON.stringify(schema)}`;
    let validate = compiledRequestValidators.get(key);
    if (!validate) {
      validate = withStorableText((isExact ? exact : coercing).compile(schema as object));
      compiledRequestValidators.set(key, validate);
    }
    return validate;
  };
}

/**
 * Text PostgreSQL cannot store: NUL (no `text` value may hold it) and a UTF-16 surrogate
 * without its partner (no UTF-8 form; it would be stored as U+FFFD, not as sent).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The Ajv keyword of the error below; errors.ts turns it into `validation.invalid_character`. */
export const UNSTORABLE_TEXT_KEYWORD = 'storableText';

const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** An Ajv-shaped error for every string (or property name) in `data` PostgreSQL cannot store. */
export function unstorableTextErrors(data: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) {
        errors.push({
          keyword: UNSTORABLE_TEXT_KEYWORD,
          instancePath: path,
          schemaPath: '#',
          params: {},
          message: 'must not contain NUL or unpaired surrogate characters',
        });
      }
      return;
    }
    if (typeof value !== 'object' || value === null || depth > 64) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, `${path}/${index}`, depth + 1);
      });
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      // A name that cannot be stored is named by its storable part (it is refused anyway).
      const name = UNSTORABLE.test(key) ? key.replace(new RegExp(UNSTORABLE, 'g'), '') : key;
      if (name !== key) visit(key, `${path}/${pointer(name)}`, depth + 1);
      visit(item, `${path}/${pointer(name)}`, depth + 1);
    }
  };
  visit(data, '', 0);
  return errors;
}

/**
 * Every request part (path, query, body …) is checked for text PostgreSQL cannot store,
 * beside its schema: such a value must end as a 422 field error, never reach a query
 * and fail there with a 500. Both kinds of error are reported together.
 */
function withStorableText(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const valid = validate(data, context);
    const unstorable = unstorableTextErrors(data);
    if (valid && unstorable.length === 0) {
      wrapped.errors = null;
      return true;
    }
    wrapped.errors = [...(valid ? [] : (validate.errors ?? [])), ...unstorable];
    return false;
  }) as ValidateFunction;
  // Fastify passes the parent object (so Ajv may coerce a whole query) only to a function
  // it recognises as Ajv's by its schemaEnv.
  Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv });
  return wrapped;
}

export function registerRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(createRequestValidatorCompiler());
  // Responses are sent as the handler built them (plain JSON.stringify): the default
  // schema-driven serializer would silently drop properties the contract does not list,
  // hiding a handler that answers off-contract.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** A validator for response bodies: nothing coerced, nothing defaulted, nothing removed. */
export function createResponseAjv(): Ajv2020 {
  return addFormats(
    new Ajv2020({
      allErrors: true,
      strict: false,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
    }),
  );
}

export type { ValidateFunction };
