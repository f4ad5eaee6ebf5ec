import AjvCompiler, { type Options as AjvOptions, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

// What Fastify passes to a compiled validator builder (the package types it as Ajv's compile).
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Compile = (route: RouteSchema) => unknown;

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
    const byPart: Compile = (route) => (route.httpPart === 'body' ? exact : coercing)(route);
    return byPart as unknown as ReturnType<BuildCompilerFromPool>;
  };
  return { compilersFactory: { buildValidator } };
}
