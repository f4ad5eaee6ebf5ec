import type { FastifyInstance } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';

const registry = new Map<string, TSchema>();

/**
 * Names a schema. The app registers it once (`addSchema`), routes and other schemas refer to it by
 * `$ref`, and the OpenAPI document lists it under `components.schemas` with this name, so a generated
 * client gets one type per shape. The answer is that reference, typed as the schema.
 */
export function named<T extends TSchema>(name: string, schema: T) {
  if (registry.has(name)) throw new Error(`two schemas are named ${name}`);
  registry.set(name, { ...schema, $id: name });
  return Type.Unsafe<Static<T>>({ $ref: name });
}

/** Registers every named schema with the app, before the routes that refer to them. */
export function addNamedSchemas(app: FastifyInstance) {
  for (const schema of registry.values()) app.addSchema(schema);
}

/** The names given so far, for the document's checks. */
export const namedSchemaNames = () => [...registry.keys()];
