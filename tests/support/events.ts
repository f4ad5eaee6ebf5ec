import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Checker, checkerFor, documentPath, type OpenApi, type Schema } from './contract';

/**
 * The contract check of the events: every message a test server writes on a stream is checked
 * against the message schema its route documents (text/event-stream), and every webhook body it
 * POSTs against the document's `webhooks` entry for its type. A mismatch is recorded with the HTTP
 * answers' (the server's close() fails the file), and each event type checked is counted in
 * `covered`, for the test that the suite produces every type it documents.
 */

/** The event types this process's servers sent and the check passed, by where: `GET /games/{id}/stream`, `webhooks`. */
export const covered = new Map<string, Set<string>>();

const seen = (where: string, type: string) => {
  const types = covered.get(where) ?? new Set<string>();
  covered.set(where, types.add(type));
};

const COMPONENT = 'component:';

/** The component a `$ref` names, with its name. */
const component = (checker: Checker, schema: Schema) =>
  schema.$ref?.startsWith(COMPONENT)
    ? { name: schema.$ref.slice(COMPONENT.length), schema: checker.local.components.schemas[schema.$ref.slice(COMPONENT.length)] }
    : null;

/**
 * Why a value does not fit a schema, or null. Unions by a property (a message by `event`, a view by
 * `kind`) are narrowed to the value's variant, and an object's properties that are such unions are
 * checked on their own: each variant compiles alone, as the HTTP answers' check does (a union of 18
 * views compiled whole takes seconds).
 */
function misfit(checker: Checker, schema: Schema, value: unknown, where: string): string | null {
  let named = component(checker, schema);
  while (named?.schema.discriminator) {
    const { propertyName, mapping } = named.schema.discriminator;
    const tag = (value as Record<string, unknown> | null)?.[propertyName];
    const variant = typeof tag === 'string' ? mapping[tag] : undefined;
    if (!variant) return `${where}: ${named.name} has no variant for ${propertyName} ${JSON.stringify(tag)}`;
    named = component(checker, { $ref: variant.replace('#/components/schemas/', COMPONENT) });
  }
  const target = named?.schema ?? schema;
  const unions = Object.entries(target.properties ?? {}).filter(([, p]) => component(checker, p)?.schema.discriminator);
  const key = named ? named.name : JSON.stringify(schema);
  let validate = checker.validators.get(`event ${key}`);
  if (!validate) {
    const shallow = unions.length
      ? { ...target, properties: { ...target.properties, ...Object.fromEntries(unions.map(([name]) => [name, {}])) } }
      : target;
    validate = checker.ajv.compile(shallow);
    checker.validators.set(`event ${key}`, validate);
  }
  if (!validate(value)) {
    return `${where}: ${key} does not fit: ${checker.ajv.errorsText(validate.errors?.slice(0, 6), { separator: '; ' })}`;
  }
  for (const [name, property] of unions) {
    const inner = (value as Record<string, unknown>)[name];
    const problem = inner === undefined ? null : misfit(checker, property, inner, `${where}.${name}`);
    if (problem) return problem;
  }
  return null;
}

/** One Server-Sent Events message as the document describes it: its event name, id, and parsed data. */
function parseFrame(frame: string): { event: string; id?: string; data: unknown } | null | 'not JSON' {
  const fields: { event?: string; id?: string; data: string[] } = { data: [] };
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') fields.data.push(value);
    else if (name === 'event' || name === 'id') fields[name] = value;
  }
  // A comment alone (`: open`, a heartbeat) is no message.
  if (fields.data.length === 0 && fields.event === undefined) return null;
  try {
    return {
      event: fields.event ?? 'message',
      ...(fields.id === undefined ? {} : { id: fields.id }),
      data: JSON.parse(fields.data.join('\n')),
    };
  } catch {
    return 'not JSON';
  }
}

/** Why one SSE frame written on the route `path` does not fit the message schema the document gives it, or null. */
export function frameMisfit(doc: OpenApi, path: string, frame: string): string | null {
  const message = parseFrame(frame);
  if (message === null) return null;
  const where = `GET ${path}`;
  if (message === 'not JSON') return `${where}: a message’s data is not JSON: ${frame}`;
  const checker = checkerFor(doc);
  const schema = checker.local.paths[path].get.responses['200'].content?.['text/event-stream']?.schema as Schema;
  const problem = misfit(checker, schema, message, where);
  if (problem === null) seen(where, message.event);
  return problem;
}

/** The onRequest hook of a test server: each message written on a documented stream is checked as it goes out. */
export function streamCheck(found: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (route === undefined || request.method !== 'GET') return;
    const doc = (request.server as FastifyInstance).swagger() as unknown as OpenApi;
    const path = documentPath(route);
    const schema = doc.paths[path]?.get?.responses['200']?.content?.['text/event-stream']?.schema as Schema | undefined;
    if (!schema) return;
    const raw = reply.raw;
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    let pending = '';
    raw.write = ((chunk: string | Buffer, ...rest: unknown[]) => {
      pending += String(chunk);
      const frames = pending.split('\n\n');
      pending = frames.pop() ?? '';
      for (const frame of frames) {
        const problem = frameMisfit(doc, path, frame);
        if (problem) found.push(problem);
      }
      return write(chunk, ...rest);
    }) as typeof raw.write;
  };
}

/** The webhooks' `onSend`: each body checked against the document's `webhooks` entry for its type. */
export function webhookCheck(found: string[], server: () => FastifyInstance) {
  return (type: string, body: string) => {
    const doc = server().swagger() as unknown as OpenApi;
    const checker = checkerFor(doc);
    const schema = checker.local.webhooks?.[type]?.post?.requestBody.content['application/json']?.schema;
    const where = `webhook ${type}`;
    if (!schema) {
      found.push(`${where}: the document has no webhooks entry for this type`);
      return;
    }
    const problem = misfit(checker, schema, JSON.parse(body), where);
    if (problem) found.push(problem);
    else seen('webhooks', type);
  };
}
