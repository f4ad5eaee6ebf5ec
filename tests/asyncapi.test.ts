import { readFileSync } from 'node:fs';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument } from '../src/http/openapi/asyncapi';
import { NOTIFICATION_TYPES } from '../src/http/schemas/events';

/** The committed documents: openapi.json is the served one (tests/api.test.ts), asyncapi.json is made from it. */
const read = (name: string) => readFileSync(new URL(`../openapi/${name}`, import.meta.url), 'utf8');
const openapi = JSON.parse(read('openapi.json'));
const text = read('asyncapi.json');
const doc = JSON.parse(text);

/** Every value under `key` anywhere in a document. */
function* valuesOf(node: unknown, key: string): Generator<unknown> {
  if (node === null || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === key) yield v;
    yield* valuesOf(v, key);
  }
}

describe('the AsyncAPI document', () => {
  it('is what npm run openapi makes of the OpenAPI document: openapi/asyncapi.json has not drifted', () => {
    expect(`${JSON.stringify(asyncApiDocument(openapi), null, 2)}\n`).toBe(text);
  });

  it('passes the AsyncAPI parser with no error, warning or hint', async () => {
    const { document, diagnostics } = await new Parser().parse(text);
    expect(diagnostics.map((d) => `${DiagnosticSeverity[d.severity]} ${d.code}: ${d.message} at ${d.path.join('/')}`)).toEqual(
      [],
    );
    expect(document?.version()).toBe('3.1.0');
    expect(
      document
        ?.channels()
        .all()
        .map((c) => c.id()),
    ).toEqual(['gameStream', 'playerStream', 'webhook']);
  });

  it('has a message for every stream event and webhook type, with the OpenAPI document’s schemas', () => {
    expect(Object.keys(doc.channels.gameStream.messages)).toEqual(['view', 'end']);
    expect(Object.keys(doc.channels.playerStream.messages)).toEqual([...NOTIFICATION_TYPES, 'end']);
    expect(Object.keys(doc.channels.webhook.messages)).toEqual(NOTIFICATION_TYPES);
    expect(Object.keys(doc.webhooks ?? {})).toEqual([]);
    expect(Object.keys(openapi.webhooks)).toEqual(NOTIFICATION_TYPES);
    expect(Object.keys(doc.components.schemas)).toEqual(Object.keys(openapi.components.schemas));
    expect(doc.channels.webhook.messages.turn.payload).toEqual({ $ref: '#/components/schemas/TurnWebhook' });
    expect(Object.keys(doc.channels.webhook.messages.turn.headers.properties)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('writes each discriminator as AsyncAPI does, the property’s name alone (OpenAPI’s have a mapping)', () => {
    const openapiOnes = [...valuesOf(openapi.components, 'discriminator')];
    const asyncOnes = [...valuesOf(doc.components, 'discriminator')];
    expect(asyncOnes).toHaveLength(openapiOnes.length);
    expect(openapiOnes.every((d) => typeof d === 'object')).toBe(true);
    expect(new Set(asyncOnes)).toEqual(new Set(['kind', 'event']));
  });
});
