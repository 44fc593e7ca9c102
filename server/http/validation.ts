import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';

// ajv-formats is CommonJS; under ESM interop its function may sit on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** Fastify's own defaults, minus coercion (set per part below). */
function makeAjv(coerceTypes: Options['coerceTypes'], externalSchemas: Record<string, unknown>): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    addUsedSchema: false,
  });
  addFormats(ajv);
  for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema as object);
  return ajv;
}

/**
 * Bodies are validated strictly (a JSON number is not a string: "user.email must be a string"),
 * while query strings, params and headers, which are always text, are coerced to the declared
 * types as Fastify does by default.
 */
function buildValidator(externalSchemas: Record<string, unknown> = {}) {
  const strict = makeAjv(false, externalSchemas);
  const coercing = makeAjv('array', externalSchemas);
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema);
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
// Fastify types the factory through @fastify/ajv-compiler's overloads; this one has the same runtime contract.
export const schemaController = { compilersFactory: { buildValidator } } as unknown as SchemaController;
