import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../src/http/schemas/events';
import { covered, frameMisfit, webhookCheck } from './support/events';
import { listeningForFile } from './support/harness';
import { bearer, newPlayer, webhookReceiver } from './support/players';
import { shortOptions } from './support/short-games';
import { fakeClock } from './support/tables';

/**
 * The events' contract: every stream message and webhook body a test server sends is checked against
 * its schema (tests/support/events.ts, in every test file's servers); here, that the check catches what
 * does not fit, and that it passed over every event type the service produces.
 */
const doc = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8'));

const clock = fakeClock();
const file = listeningForFile({ now: clock.now });

/** Reads a stream's event names as they come, until `stop()` or the server closes it. */
async function follow(path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${file.base}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const events: string[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        for (const m of text.matchAll(/^event: (.+)$/gm)) events.push(m[1]);
        text = text.slice(text.lastIndexOf('\n') + 1);
      }
    } catch {
      // aborted by stop()
    }
  })();
  return {
    events,
    async until(check: (events: string[]) => boolean) {
      for (let i = 0; i < 500 && !check(events); i++) await new Promise((r) => setTimeout(r, 20));
      expect(check(events), events.join(' ')).toBe(true);
    },
    async stop() {
      controller.abort();
      await reading;
    },
  };
}

const has =
  (...types: string[]) =>
  (events: string[]) =>
    types.every((t) => events.includes(t));

describe('the event contract check', () => {
  const view = (data: unknown) => `id: 3\nevent: view\ndata: ${JSON.stringify(data)}`;

  it('refuses a stream message that does not fit its schema: an undocumented event, a view missing its fields, a card too many', () => {
    expect(frameMisfit(doc, '/games/{id}/stream', 'event: end\ndata: {"reason":"game-over"}')).toBeNull();
    expect(frameMisfit(doc, '/games/{id}/stream', ': heartbeat')).toBeNull();
    expect(frameMisfit(doc, '/games/{id}/stream', 'event: turn\ndata: {}')).toMatch(/no variant for event "turn"/);
    expect(frameMisfit(doc, '/games/{id}/stream', view({ kind: 'scopa', id: 'g' }))).toMatch(/ScopaView does not fit/);
    expect(frameMisfit(doc, '/games/{id}/stream', 'event: end\ndata: {"reason":"bored"}')).toMatch(/GameStreamEnd/);
    const turn = {
      seq: 1,
      type: 'turn',
      at: '2026-01-01T00:00:00.000Z',
      game: 'g',
      kind: 'scopa',
      seat: 0,
      status: 'active',
      version: 1,
      toAct: [0],
      deadline: null,
    };
    const frame = (data: unknown) => `id: 1\nevent: turn\ndata: ${JSON.stringify(data)}`;
    expect(frameMisfit(doc, '/players/me/stream', frame(turn))).toBeNull();
    expect(frameMisfit(doc, '/players/me/stream', frame({ ...turn, hand: ['7c'] }))).toMatch(
      /TurnMessage does not fit: data\/data must NOT have additional properties/,
    );
    expect(frameMisfit(doc, '/players/me/stream', 'event: turn\ndata: {')).toMatch(/not JSON/);
  });

  it('refuses a webhook body that does not fit its type’s schema', () => {
    const found: string[] = [];
    const check = webhookCheck(found, () => file.server.app);
    check('finished', JSON.stringify({ type: 'finished', timestamp: '2026-01-01T00:00:00.000Z', data: { seq: 1 } }));
    check('no-such-type', JSON.stringify({}));
    expect(found).toEqual([
      expect.stringMatching(
        /^webhook finished: FinishedWebhook.* does not fit|^webhook finished\.data: FinishedNotification does not fit/,
      ),
      'webhook no-such-type: the document has no webhooks entry for this type',
    ]);
  });

  it('passes every event type the service produces: each stream’s messages, each notification on the stream and as a webhook', async () => {
    const ann = await newPlayer(file.http, 'Ann');
    const bo = await newPlayer(file.http, 'Bo');
    const receivers = [await webhookReceiver(), await webhookReceiver()];
    for (const [i, p] of [ann, bo].entries()) {
      const hook = await file.http.post('/players/me/webhooks').set(bearer(p.token)).send({ url: receivers[i].url });
      receivers[i].useSecret(hook.body.secret);
    }
    const annStream = await follow('/players/me/stream', ann.token);
    const boStream = await follow('/players/me/stream', bo.token);

    // Ann plays Scopa against a bot to the end, her game's stream open: started, turn, finished; view, end.
    const game = (
      await file.http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'scopa', seats: [{ player: 'me' }, { bot: 'random' }], options: shortOptions('scopa') })
    ).body;
    const gameStream = await follow(`/games/${game.id}/stream`, ann.token);
    for (let moves = 0; moves < 500; moves++) {
      const v = (await file.http.get(`/games/${game.id}/view`).set(bearer(ann.token))).body;
      if (v.status !== 'active') break;
      if (v.toAct.includes(0)) {
        await file.http
          .post(`/games/${game.id}/moves`)
          .set(bearer(ann.token))
          .send({ action: v.legalActions[0], expectedVersion: v.version });
      }
    }
    await gameStream.until(has('view', 'end'));
    // Bo is invited to a table of Ann's, then rotates his token: his stream ends.
    await file.http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'scopa', seats: [{ player: 'me' }, { player: bo.id }] });
    await annStream.until(has('started', 'turn', 'finished'));
    await boStream.until(has('invited'));
    await file.http.post('/players/me/token').set(bearer(bo.token));
    await boStream.until(has('end'));

    // Ann's clocked game against a bot: her seat still due with half its time gone is reminded.
    const clocked = (
      await file.http
        .post('/games')
        .set(bearer(ann.token))
        .send({
          kind: 'scopa',
          seats: [{ player: 'me' }, { bot: 'random' }],
          options: { ...shortOptions('scopa'), clock: { perMove: 3600, onTimeout: 'auto' } },
        })
    ).body;
    for (let i = 0; i < 100; i++) {
      const v = (await file.http.get(`/games/${clocked.id}/view`).set(bearer(ann.token))).body;
      if (v.toAct.includes(0)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    clock.advance(2000);
    await file.server.app.service.clocks.tick();
    await annStream.until(has('turn-reminder'));

    // A tournament of Ann and Cy: started, the round's table, finished.
    const cy = await newPlayer(file.http, 'Cy');
    const cup = (
      await file.http
        .post('/tournaments')
        .set(bearer(ann.token))
        .send({
          kind: 'xeri',
          options: { hands: 1 },
          format: 'swiss',
          scoring: 'games',
          rounds: 1,
          tableSeats: 2,
          clock: { perMove: 86400, onTimeout: 'auto' },
        })
    ).body;
    for (const p of [ann, cy]) await file.http.post(`/tournaments/${cup.id}/join`).set(bearer(p.token)).expect(200);
    const started = (await file.http.post(`/tournaments/${cup.id}/start`).set(bearer(ann.token)).expect(200)).body;
    await file.http.post(`/games/${started.schedule[0].tables[0].gameId}/resign`).set(bearer(cy.token)).expect(200);
    await file.server.app.service.clocks.tick();
    await annStream.until(has('tournament.started', 'tournament.round', 'tournament.finished', 'rating.changed'));

    // Bo never answered Ann's invitation: it lapses, and Ann is told.
    clock.advance(7 * 24 * 3600 + 60);
    await file.server.app.service.clocks.tick();
    await annStream.until(has('invitation-lapsed'));

    await file.server.app.service.deliveries.tick();
    for (const r of receivers) await r.close();
    await Promise.all([annStream.stop(), boStream.stop(), gameStream.stop()]);

    const produced = (await file.server.db.sql.all<{ type: string }>('SELECT DISTINCT "type" FROM "Notification"')).map(
      (r) => r.type,
    );
    expect(produced.sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(NOTIFICATION_TYPES).toEqual(expect.arrayContaining(produced));
    expect([...(covered.get('GET /games/{id}/stream') ?? [])].sort()).toEqual(['end', 'view']);
    expect([...(covered.get('GET /players/me/stream') ?? [])].sort()).toEqual([...produced, 'end'].sort());
    expect([...(covered.get('webhooks') ?? [])].sort()).toEqual(produced);
  });
});
