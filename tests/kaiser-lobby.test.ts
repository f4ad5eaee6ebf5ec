import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationJson } from '../src/service/notifications';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, CARD_CODE, newPlayer, openPlayerStream, type PlayerHandle, settled, webhookReceiver } from './support/players';

/**
 * Four players meet in the lobby and play Kaiser to the end, each told of its turns only by its
 * player stream or its webhook. Random play rarely brings a side to 52, so the table plays to 10
 * and ends when a side falls below zero (options target 10, loseAt -1): one deal, to a result.
 */
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;
let base: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { webhooks: { allowPrivate: true } });
  base = (await listening(server)).base;
  http = request(server.app.server);
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** A player's notifications, one at a time, from wherever it is told. */
type Inbox = () => Promise<NotificationJson>;

async function streamInbox(p: PlayerHandle): Promise<{ inbox: Inbox; close(): Promise<void> }> {
  const stream = await openPlayerStream(base, p.token);
  return {
    inbox: async () => {
      const e = await stream.next();
      if (!e) throw new Error(`${p.name}'s stream ended`);
      return JSON.parse(e.data);
    },
    close: () => stream.close(),
  };
}

async function webhookInbox(p: PlayerHandle) {
  const receiver = await webhookReceiver();
  const res = await http.post('/players/me/webhooks').set(bearer(p.token)).send({ url: receiver.url });
  expect(res.status).toBe(201);
  receiver.useSecret(res.body.secret);
  const seen = new Set<string>();
  let read = 0;
  return {
    receiver,
    inbox: async (): Promise<NotificationJson> => {
      for (;;) {
        await receiver.until(() => receiver.delivered().length > read);
        const r = receiver.delivered()[read++];
        // At least once: a repeat carries the same webhook-id, and is dropped.
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        return r.payload.data as unknown as NotificationJson;
      }
    },
    close: () => receiver.close(),
  };
}

/** Plays whenever told it is its turn, from its legal actions, until told the game is over. */
async function play(p: PlayerHandle, game: string, inbox: Inbox, told: NotificationJson[]) {
  for (;;) {
    const n = await inbox();
    told.push(n);
    if (n.game !== game) continue;
    if (n.type === 'finished') return n;
    if (n.type !== 'turn') continue;
    const view = (await http.get(`/games/${game}/view`).set(bearer(p.token))).body;
    if (!view.toAct.includes(view.seat)) continue;
    const action = view.legalActions[(view.version * 7) % view.legalActions.length];
    const res = await http.post(`/games/${game}/moves`).set(bearer(p.token)).send({ action, expectedVersion: view.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

it('four players fill a Kaiser table from the lobby, each learns of its turns from its stream or webhook, and play it to a result', async () => {
  const [ann, bo, cy, di] = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => newPlayer(http, n)));
  // Ann and Cy hold a player stream; Bo and Di have webhooks, whose receivers check every signature.
  const annIn = await streamInbox(ann);
  const cyIn = await streamInbox(cy);
  const boIn = await webhookInbox(bo);
  const diIn = await webhookInbox(di);
  const told = new Map<string, NotificationJson[]>([ann, bo, cy, di].map((p) => [p.id, []]));

  // Ann sits down, invites Bo, and leaves two seats open.
  const created = await http
    .post('/games')
    .set(bearer(ann.token))
    .send({
      kind: 'kaiser',
      seats: [{ player: 'me' }, { player: bo.id }, { open: true }, { open: true }],
      options: { target: 10, loseAt: -1 },
    });
  expect(created.status).toBe(201);
  const game = created.body.id as string;
  expect(created.body.status).toBe('waiting');

  // Bo learns of the invitation from its webhook, and takes its seat.
  const invitation = await boIn.inbox();
  told.get(bo.id)?.push(invitation);
  expect(invitation).toMatchObject({ type: 'invited', game, seat: 1, invitedBy: ann.id });
  expect((await http.post(`/games/${game}/seats/1/join`).set(bearer(bo.token)).send({})).status).toBe(200);

  // Cy, then Di, find the table in the lobby and take its open seats.
  for (const p of [cy, di]) {
    const lobby = await http.get('/games').query({ status: 'waiting', kind: 'kaiser' });
    const table = lobby.body.games.find((g: { id: string }) => g.id === game);
    expect(table.openSeats.length).toBeGreaterThan(0);
    const joined = await http.post(`/games/${game}/seats/${table.openSeats[0]}/join`).set(bearer(p.token)).send({});
    expect(joined.status).toBe(200);
  }
  expect((await http.get(`/games/${game}`)).body.status).toBe('active');
  expect((await http.get('/games').query({ kind: 'kaiser' })).body.games.map((g: { id: string }) => g.id)).not.toContain(game);

  const results = await Promise.all([
    play(ann, game, annIn.inbox, told.get(ann.id) as NotificationJson[]),
    play(bo, game, boIn.inbox, told.get(bo.id) as NotificationJson[]),
    play(cy, game, cyIn.inbox, told.get(cy.id) as NotificationJson[]),
    play(di, game, diIn.inbox, told.get(di.id) as NotificationJson[]),
  ]);

  const summary = (await http.get(`/games/${game}`)).body;
  expect(summary.status).toBe('finished');
  expect(summary.result.winners.length).toBeGreaterThan(0);
  for (const [seat, finished] of results.entries()) {
    expect(finished).toMatchObject({ type: 'finished', game, seat, status: 'finished', result: summary.result });
  }
  // Everyone was told it had started, and of turns; nobody was told anything a seat may not see.
  const deal = JSON.stringify((await http.get(`/games/${game}/replay`).query({ at: 0 })).body.state);
  const cards = new Set(deal.match(new RegExp(CARD_CODE.source, 'g')));
  expect(cards.size).toBe(32);
  for (const [id, notes] of told) {
    expect(
      notes.some((n) => n.type === 'started'),
      id,
    ).toBe(true);
    expect(notes.filter((n) => n.type === 'turn').length, id).toBeGreaterThan(0);
    for (const n of notes) {
      const { result: _result, ...rest } = n;
      const text = JSON.stringify(rest);
      for (const card of cards) expect(text).not.toContain(`"${card}"`);
      expect(text).not.toMatch(CARD_CODE);
    }
  }
  expect(boIn.receiver.unverified).toEqual([]);
  expect(diIn.receiver.unverified).toEqual([]);
  await Promise.all([annIn.close(), cyIn.close(), boIn.close(), diIn.close()]);
});
