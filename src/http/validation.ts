import AjvCompiler, { type Options as AjvOptions, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

// What Fastify passes to a compiled validator builder (the package types it as Ajv's compile).
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Compile = (route: RouteSchema) => unknown;
type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Ajv coerces `?limit=Infinity` to Infinity and then skips `integer`'s finiteness and `maximum` for
 * it: a coerced part is refused when any of its values is not a finite number.
 */
function finiteOnly(compiled: Validate): Validate {
  const validate: Validate = (data, context) => {
    if (!compiled(data, context)) {
      validate.errors = compiled.errors;
      return false;
    }
    const values = data !== null && typeof data === 'object' ? Object.entries(data) : [];
    for (const [key, value] of values) {
      if ([value].flat().some((v) => typeof v === 'number' && !Number.isFinite(v))) {
        validate.errors = [
          { instancePath: `/${key}`, schemaPath: '', keyword: 'type', params: {}, message: 'must be a finite number' },
        ];
        return false;
      }
    }
    return true;
  };
  validate.schemaEnv = compiled.schemaEnv;
  return validate;
}

/**
 * Request validation per HTTP part. Query strings, path parameters and headers are text on the wire,
 * so they are coerced to the schema's types (`?after=5` is the number 5). A JSON body has types of its
 * own: coercing it would accept `"3"`, `[3]` or `null` for a number and hide a client's bug, so bodies
 * are validated as sent.
 */
export function validationByPart(): NonNullable<FastifyServerOptions['schemaController']> {
  const fromPool = AjvCompiler();
  const buildValidator: BuildCompilerFromPool = (externalSchemas, ajv) => {
    const coercing = fromPool(externalSchemas, ajv) as unknown as Compile;
    const exact = fromPool(externalSchemas, {
      ...ajv,
      mode: undefined,
      customOptions: { ...(ajv?.customOptions as AjvOptions), coerceTypes: false },
    }) as unknown as Compile;
    const byPart: Compile = (route) => (route.httpPart === 'body' ? exact(route) : finiteOnly(coercing(route) as Validate));
    return byPart as unknown as ReturnType<BuildCompilerFromPool>;
  };
  return { compilersFactory: { buildValidator } };
}
