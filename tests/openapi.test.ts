import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/games';
import { pascal } from '../src/http/openapi/by-kind';
import { PROBLEM_CODES } from '../src/http/openapi/problems';
import { privateDatabase, startServer, type TestServer } from './support/harness';

/** The committed document: what teams generate their clients from. */
const doc = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8'));

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, path, method, operation })),
);
const components = doc.components.schemas as Record<string, Schema>;
const resolve = (schema: Schema): Schema =>
  typeof schema.$ref === 'string' ? resolve(components[schema.$ref.replace('#/components/schemas/', '')]) : schema;

/** Every (name, schema) pair of properties anywhere under the components, with where it is. */
function* properties(node: unknown, where: string): Generator<[string, Schema, string]> {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* properties(item, `${where}/${i}`);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, schema] of Object.entries(value)) {
        yield [name, schema as Schema, `${where}/properties/${name}`];
        yield* properties(schema, `${where}/properties/${name}`);
      }
    } else if (key !== 'examples' && key !== 'example') yield* properties(value, `${where}/${key}`);
  }
}

/** A schema that says nothing of its value: `{}`, a description alone, or an object of anything. */
function saysNothing(schema: Schema): boolean {
  const s = resolve(schema);
  if (['anyOf', 'oneOf', 'allOf', 'const', 'enum', 'items', 'prefixItems'].some((k) => k in s)) return false;
  if (s.type === undefined) return true;
  if (s.type === 'object')
    return (
      !s.properties &&
      (s.additionalProperties === undefined ||
        s.additionalProperties === true ||
        Object.keys(s.additionalProperties as object).length === 0)
    );
  return false;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result.valid ? [] : result.errors.slice(0, 5))).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names every operation with a unique operationId and a declared tag', () => {
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    const ids = operations.map((o) => o.operation.operationId);
    expect(operations.filter((o) => !o.operation.operationId).map((o) => o.where)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => !o.operation.tags?.every((t) => tags.has(t))).map((o) => o.where)).toEqual([]);
  });

  it('has named schemas for the options, actions and view state of every kind', () => {
    expect(games.size).toBe(18);
    for (const kind of games.keys()) {
      for (const part of ['Options', 'Action', 'ViewState', 'View', 'GameSummary', 'CreateGameRequest']) {
        expect(components[`${pascal(kind)}${part}`], `${pascal(kind)}${part}`).toBeDefined();
      }
      expect(components.Kind.enum).toContain(kind);
    }
  });

  it('gives the shapes that carry a kind as unions discriminated by kind, one variant per kind', () => {
    for (const name of [
      'View',
      'GameSummary',
      'CreatedGame',
      'LobbyGame',
      'CatalogEntry',
      'Replay',
      'GameRecord',
      'CreateGameRequest',
    ]) {
      const union = components[name] as {
        oneOf: Schema[];
        discriminator: { propertyName: string; mapping: Record<string, string> };
      };
      expect(union.discriminator.propertyName, name).toBe('kind');
      expect(Object.keys(union.discriminator.mapping).sort(), name).toEqual([...games.keys()].sort());
      for (const [kind, target] of Object.entries(union.discriminator.mapping)) {
        const variant = resolve({ $ref: target }) as { properties: { kind: { const: string } }; required: string[] };
        expect(variant.properties.kind.const).toBe(kind);
        expect(variant.required).toContain('kind');
      }
    }
    const view = components.KaiserView as { properties: Record<string, Schema> };
    expect(view.properties.legalActions.items).toEqual({ $ref: '#/components/schemas/KaiserAction' });
    const move = resolve(components.MoveRequest) as { properties: { action: Schema } };
    expect(resolve(move.properties.action).anyOf).toHaveLength(games.size);
  });

  it('says something of every state, legalActions, action and options (no empty or unknown schema)', () => {
    // The engine's whole state in a replay has the engine's own shape: the views beside it are typed.
    const exempt = new Set(['Replay/properties/state']);
    const empty = [...properties(components, '')]
      .filter(([name, schema]) => ['state', 'legalActions', 'action', 'options'].includes(name) && saysNothing(schema))
      .map(([, , where]) => where)
      .filter((where) => ![...exempt].some((e) => where.endsWith(e)));
    expect(empty).toEqual([]);
  });

  it('describes every field of every view state in one line', () => {
    for (const kind of games.keys()) {
      const missing = [...properties(components[`${pascal(kind)}ViewState`], `${pascal(kind)}ViewState`)]
        .filter(([, schema]) => typeof resolve(schema).description !== 'string' && typeof schema.description !== 'string')
        .map(([, , where]) => where);
      expect(missing, kind).toEqual([]);
      const multiline = [...properties(components[`${pascal(kind)}ViewState`], '')].filter(([, s]) =>
        String(s.description).includes('\n'),
      );
      expect(multiline).toEqual([]);
    }
  });

  it('answers every error as application/problem+json, listing the problem codes each status may carry', () => {
    for (const { where, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(response.content ?? {}), `${where} ${status}`).toEqual(['application/problem+json']);
        const schema = response.content?.['application/problem+json'].schema as { allOf: Schema[] };
        expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Problem' });
        const codes = (schema.allOf[1] as { properties: { code: { enum: string[] } } }).properties.code.enum;
        expect(codes.length, `${where} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(Object.keys(PROBLEM_CODES), `${where} ${status}`).toContain(code);
      }
    }
  });

  it('documents the transport problems: malformed and oversized bodies, rate limit, overload and shutdown', () => {
    const codes = (where: string, status: string) => {
      const op = operations.find((o) => o.where === where)?.operation;
      const schema = op?.responses[status]?.content?.['application/problem+json'].schema as { allOf: Schema[] } | undefined;
      return (schema?.allOf[1] as { properties: { code: { enum: string[] } } } | undefined)?.properties.code.enum ?? [];
    };
    expect(codes('POST /games/{id}/moves', '400')).toEqual(expect.arrayContaining(['validation', 'malformed-json']));
    expect(codes('POST /games/{id}/moves', '413')).toEqual(['body-too-large']);
    expect(codes('POST /games/{id}/moves', '415')).toEqual(['unsupported-media-type']);
    expect(codes('POST /games/{id}/moves', '429')).toEqual(['rate-limited']);
    expect(codes('POST /games/{id}/moves', '503')).toEqual(expect.arrayContaining(['busy', 'overloaded', 'shutting-down']));
    expect(codes('GET /games/{id}/stream', '406')).toEqual(['not-acceptable']);
    expect(codes('GET /health', '503')).toEqual(['shutting-down']);
    expect(codes('GET /health', '429')).toEqual([]);
  });

  it('says what a 429 carries besides its body (when to retry, the rate limit), and a 503 when to retry', () => {
    for (const { where, operation } of operations) {
      const headers = (status: string) =>
        Object.keys((operation.responses[status] as { headers?: Record<string, unknown> } | undefined)?.headers ?? {});
      if (operation.responses['429'])
        expect(headers('429'), where).toEqual(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
      if (operation.responses['503']) expect(headers('503'), where).toEqual(['Retry-After']);
    }
  });
});

describe('the document’s request examples', () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let http: ReturnType<typeof request>;
  beforeAll(async () => {
    const where = await privateDatabase();
    drop = where.drop;
    server = await startServer(where);
    http = request(server.app.server);
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  /** The examples of an operation's request body: the media type's, or its schema's. */
  const examples = (operationId: string): unknown[] => {
    const op = operations.find((o) => o.operation.operationId === operationId)?.operation;
    const media = op?.requestBody?.content['application/json'] as {
      schema: Schema;
      example?: unknown;
      examples?: Record<string, { value: unknown }>;
    };
    if (!media) return [];
    if (media.example !== undefined) return [media.example];
    if (media.examples) return Object.values(media.examples).map((e) => e.value);
    return (resolve(media.schema).examples as unknown[] | undefined) ?? [];
  };

  /** How each operation whose request has examples is called: its path and token, made for the example. */
  const callers: Record<string, (body: unknown) => Promise<request.Response>> = {
    createGame: (body) => http.post('/games').send(body as object),
    createPlayer: (body) => http.post('/players').send(body as object),
    joinSeat: async (body) => {
      const table = await http.post('/games').send({ kind: 'scopa', seats: [{ open: true }, { open: true }] });
      return http.post(`/games/${table.body.id}/seats/0/join`).send(body as object);
    },
    makeMove: async (body) => {
      const game = (await http.post('/games').send({ kind: 'kaiser', seats: 4 })).body;
      const [seat] = game.toAct as number[];
      return http
        .post(`/games/${game.id}/moves`)
        .set('authorization', `Bearer ${game.seats[seat].token}`)
        .send(body as object);
    },
    giveTime: async (body) => {
      const game = (await http.post('/games').send({ kind: 'xeri', seats: 2, options: { clock: { perMove: 3600 } } })).body;
      const [seat] = game.toAct as number[];
      return http
        .post(`/games/${game.id}/clock/give`)
        .set('authorization', `Bearer ${game.seats[1 - seat].token}`)
        .send(body as object);
    },
    startVacation: async (body) => {
      const player = (await http.post('/players').send({ name: 'Away' })).body;
      return http
        .post('/players/me/vacation')
        .set('authorization', `Bearer ${player.token}`)
        .send(body as object);
    },
  };

  it('every request example of the document is accepted with the status documented for it', async () => {
    const withExamples = operations.filter((o) => examples(o.operation.operationId as string).length > 0);
    expect(withExamples.map((o) => o.operation.operationId).sort()).toEqual(Object.keys(callers).sort());
    for (const { operation } of withExamples) {
      const success = Object.keys(operation.responses).find((s) => s.startsWith('2'));
      for (const example of examples(operation.operationId as string)) {
        const res = await callers[operation.operationId as string](example);
        expect(String(res.status), `${operation.operationId} ${JSON.stringify(example)}: ${JSON.stringify(res.body)}`).toBe(
          success,
        );
      }
    }
  });
});
