import AjvCompiler, { type Options as AjvOptions, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// What Fastify passes to a compiled validator builder (the package types it as Ajv's compile).
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Compile = (route: RouteSchema) => unknown;
type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown; schemaEnv?: unknown };

const finite = (v: unknown) => typeof v !== 'number' || Number.isFinite(v);

/**
 * Ajv coerces `?limit=Infinity` to Infinity and then skips `integer`'s finiteness and `maximum` for
 * it: a coerced query or path is refused when any of its values is not a finite number. (Headers are
 * only ever read as text here.)
 */
function finiteOnly(compiled: Validate): Validate {
  const validate: Validate = (data, context) => {
    if (!compiled(data, context)) {
      validate.errors = compiled.errors;
      return false;
    }
    if (data === null || typeof data !== 'object') return true;
    for (const [key, value] of Object.entries(data)) {
      if (Array.isArray(value) ? value.every(finite) : finite(value)) continue;
      validate.errors = [
        { instancePath: `/${key}`, schemaPath: '', keyword: 'type', params: {}, message: 'must be a finite number' },
      ];
      return false;
    }
    return true;
  };
  validate.schemaEnv = compiled.schemaEnv;
  return validate;
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildSerializer = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildSerializer']>;

/**
 * Request validation per HTTP part. Query strings, path parameters and headers are text on the wire,
 * so they are coerced to the schema's types (`?after=5` is the number 5). A JSON body has types of its
 * own: coercing it would accept `"3"`, `[3]` or `null` for a number and hide a client's bug, so bodies
 * are validated as sent.
 */
const validatorsByPart =
  (fromPool: BuildCompilerFromPool): BuildCompilerFromPool =>
  (externalSchemas, ajv) => {
    const coercing = fromPool(externalSchemas, ajv) as unknown as Compile;
    const exact = fromPool(externalSchemas, {
      ...ajv,
      mode: undefined,
      customOptions: { ...(ajv?.customOptions as AjvOptions), coerceTypes: false },
    }) as unknown as Compile;
    const byPart: Compile = (route) =>
      route.httpPart === 'body'
        ? exact(route)
        : route.httpPart === 'headers'
          ? coercing(route)
          : finiteOnly(coercing(route) as Validate);
    return byPart as unknown as ReturnType<BuildCompilerFromPool>;
  };

/**
 * Response serializers, each built when its status is first sent: a route declares an answer for
 * every problem it may send (the document lists them all), most of which a server never sends, and
 * building them all up front tripled the start-up time.
 */
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const build = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= build(route);
      return serialize(data);
    };
  };
};

export function schemaCompilers(): SchemaController {
  return { compilersFactory: { buildValidator: validatorsByPart(AjvCompiler()) as never, buildSerializer } };
}
