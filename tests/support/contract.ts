import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { displayNameFormat, NAME_FORMAT } from '../../src/http/schemas/names';

/**
 * The contract check of the test suite: every answer a test server sends is checked against the
 * OpenAPI document that server serves (its route and status must be documented, its content type
 * too, and its body must fit the schema). A mismatch turns the answer into a 500 problem
 * `contract-violation` that names it, so the test that got it fails there, and is kept: the
 * server's close() fails the file too, whatever the test looked at.
 */

export type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, WebhookOperation>>;
};
interface WebhookOperation {
  requestBody: { content: Record<string, { schema: Schema }> };
}
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface Checker {
  ajv: Ajv2020;
  /** The document with its `$ref`s to components named as Ajv knows them. */
  local: OpenApi & { components: { schemas: Record<string, Schema> } };
  validators: Map<string, ValidateFunction>;
}
export type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
};

// One Ajv per document (servers with other games serve another), compiled lazily, kept across servers.
const checkers = new Map<string, Checker>();
const byDocument = new WeakMap<object, Checker>();

const COMPONENT = '#/components/schemas/';

/**
 * Each component schema is added to Ajv on its own (a `$ref` to it names it), so that each compiles
 * once however many answers refer to it, and only when one does: compiled inside one whole document,
 * a union of 18 views took seconds.
 */
export function checkerFor(doc: object): Checker {
  let checker = byDocument.get(doc);
  if (checker) return checker;
  const text = JSON.stringify(doc);
  const key = createHash('sha256').update(text).digest('hex');
  checker = checkers.get(key);
  if (!checker) {
    const ajv = new Ajv2020({ strict: false, allErrors: false, inlineRefs: false, code: { optimize: false } });
    addFormats(ajv);
    ajv.addFormat(NAME_FORMAT, displayNameFormat);
    const local = JSON.parse(text.replaceAll(`"$ref":"${COMPONENT}`, '"$ref":"component:')) as Checker['local'];
    for (const [name, schema] of Object.entries(local.components.schemas)) ajv.addSchema(schema, `component:${name}`);
    checker = { ajv, local, validators: new Map() };
    checkers.set(key, checker);
  }
  byDocument.set(doc, checker);
  return checker;
}

/** Fastify's `/games/:id` is the document's `/games/{id}`. */
export const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Why an answer does not fit the document, or null when it does. */
export function violation(
  doc: OpenApi,
  answer: { method: string; route: string; status: number; contentType: string; body: string | null; streamed?: boolean },
): string | null {
  const path = documentPath(answer.route);
  const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
  const operation = doc.paths[path]?.[method];
  if (!operation) return null; // not a documented route (the document, Swagger UI, metrics)
  const where = `${answer.method} ${path} ${answer.status}`;
  const response = operation.responses[String(answer.status)];
  if (!response) return `${where}: the status is not documented for this route`;
  if (!answer.streamed && (answer.body === null || answer.body === '')) {
    return response.content && answer.method !== 'HEAD' && answer.status !== 304
      ? `${where}: the answer has no body, but the document gives it one`
      : null;
  }
  const media = answer.contentType.split(';')[0].trim();
  if (!response.content?.[media]) return `${where}: ${media} is not a documented content type of this answer`;
  if (answer.streamed || media === 'text/event-stream' || method === 'head') return null;
  let value: unknown;
  try {
    value = JSON.parse(answer.body as string);
  } catch {
    return `${where}: the body is not JSON`;
  }
  const checker = checkerFor(doc);
  const schema = checker.local.paths[path][method].responses[String(answer.status)].content?.[media]?.schema as Schema;
  const key = `${method} ${path} ${answer.status} ${media}`;
  // Alternative shapes of one answer (a move's view, or its receipt under Prefer: return=minimal): it fits one of them.
  const alternatives = schema.anyOf?.every((s) => s.$ref) ? schema.anyOf.map((s, i) => ({ schema: s, key: `${key} ${i}` })) : [];
  const errors: string[] = [];
  for (const alternative of alternatives.length > 0 ? alternatives : [{ schema, key }]) {
    const error = mismatch(checker, alternative.schema, alternative.key, value);
    if (error === null) return null;
    errors.push(error);
  }
  return `${where}: the body does not fit ${errors.join(', nor ')}`;
}

/** Why a value does not fit one schema (naming it), or null when it does. */
function mismatch({ ajv, local, validators }: Checker, schema: Schema, key: string, value: unknown): string | null {
  // A union by kind is narrowed to the answer's kind, as a client does: its variant alone is compiled.
  const union = schema.$ref?.startsWith('component:') ? local.components.schemas[schema.$ref.slice(10)] : undefined;
  const tag = union?.discriminator && (value as Record<string, unknown> | null)?.[union.discriminator.propertyName];
  const variant = typeof tag === 'string' ? union?.discriminator?.mapping[tag] : undefined;
  if (variant) {
    key = variant;
    schema = { $ref: variant.replace(COMPONENT, 'component:') };
  } else if (union?.discriminator) {
    // Its discriminator is required: without one naming a variant, no variant fits (and none is compiled).
    return `${key}: no ${union.discriminator.propertyName} that names one of its variants`;
  }
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  if (validate(value)) return null;
  return `${key}: ${ajv.errorsText(validate.errors?.slice(0, 6), { separator: '; ' })}`;
}

/** The onSend hook of a test server: each answer checked, a mismatch answered as 500 and recorded in `found`. */
export function contractCheck(found: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    if (route === undefined) return payload;
    // A stream (Server-Sent Events): its status and content type are checked, not its body.
    const streamed = payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload);
    // Answers compressed once and served from the copy (src/http/compressed.ts) are read as the client reads them.
    const encoding = reply.getHeader('content-encoding');
    const text = (p: string | Buffer) =>
      Buffer.isBuffer(p) && encoding === 'br'
        ? brotliDecompressSync(p)
        : Buffer.isBuffer(p) && encoding === 'gzip'
          ? gunzipSync(p)
          : p;
    const body = streamed || payload === null || payload === undefined ? null : String(text(payload as string | Buffer));
    const problem = violation((request.server as FastifyInstance).swagger() as unknown as OpenApi, {
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      body,
      streamed,
    });
    if (problem === null) return payload;
    found.push(problem);
    reply.code(500).type('application/problem+json');
    return JSON.stringify({
      type: 'urn:card-table:problem:contract-violation',
      title: 'Internal Server Error',
      status: 500,
      code: 'contract-violation',
      detail: problem,
    });
  };
}
