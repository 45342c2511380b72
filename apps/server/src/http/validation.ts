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
export function createRequestValidatorCompiler() {
  const common: Options = { ...AJV_OPTIONS, useDefaults: true, strict: false };
  const coercing = addFormats(new Ajv2020(common));
  const exact = addFormats(new Ajv2020({ ...common, coerceTypes: false }));
  return ({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) =>
    (httpPart === 'body' && !(schema as Record<string, unknown>)['x-multipart']
      ? exact
      : coercing
    ).compile(schema as object);
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
