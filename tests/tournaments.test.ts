import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '../src/record/verify';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, type PlayerHandle, settled } from './support/players';
import { fakeClock } from './support/tables';

const clock = fakeClock();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: clock.now });
  http = request(server.app.server);
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await drop();
});

interface Table {
  gameId: string | null;
  seats: string[];
  bye?: boolean;
}
interface Tournament {
  id: string;
  status: string;
  round: number;
  rounds: number | null;
  seedHash: string;
  seed?: string;
  players: { id: string; name: string; withdrawn: boolean }[];
  schedule: { round: number; status: string; tables: Table[] }[];
  standings: { rank: number; player: string; points: number; tieBreaks: Record<string, number | null>; games: number }[];
}

const XERI = { kind: 'xeri', options: { hands: 1 }, tableSeats: 2, clock: { perMove: 86400, onTimeout: 'auto' } };

async function create(creator: PlayerHandle, body: Record<string, unknown>): Promise<Tournament> {
  const res = await http.post('/tournaments').set(bearer(creator.token)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function players(n: number, prefix: string) {
  const out: PlayerHandle[] = [];
  for (let i = 0; i < n; i++) out.push(await newPlayer(http, `${prefix}${i + 1}`));
  return out;
}

async function entered(creator: PlayerHandle, body: Record<string, unknown>, field: PlayerHandle[]) {
  const t = await create(creator, body);
  for (const p of field) {
    const res = await http.post(`/tournaments/${t.id}/join`).set(bearer(p.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return t;
}

const get = async (id: string): Promise<Tournament> => (await http.get(`/tournaments/${id}`)).body;

/** Every table of the round still running ends with its last seat resigning: the first seat wins. */
async function playRound(t: Tournament, field: PlayerHandle[]) {
  const round = t.schedule[t.schedule.length - 1];
  for (const table of round.tables.filter((x) => !x.bye)) {
    if ((await http.get(`/games/${table.gameId}`)).body.status !== 'active') continue;
    const loser = field.find((p) => p.id === table.seats[table.seats.length - 1]) as PlayerHandle;
    const res = await http.post(`/games/${table.gameId}/resign`).set(bearer(loser.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await server.app.service.clocks.tick();
  return get(t.id);
}

describe('creating a tournament', () => {
  it('refuses a kind that cannot seat the tables, and a format that cannot fit its players, with the reason', async () => {
    const ann = await newPlayer(http, 'Ann');
    const seat = await http
      .post('/tournaments')
      .set(bearer(ann.token))
      .send({ ...XERI, tableSeats: 3, format: 'swiss', scoring: 'games', rounds: 2 });
    expectProblem(seat, 422, 'cannot-seat');
    expect(seat.body.detail).toMatch(/2 to 2 seats/);
    const fit = await http
      .post('/tournaments')
      .set(bearer(ann.token))
      .send({ ...XERI, format: 'round-robin', scoring: 'games', maxPlayers: 20 });
    expectProblem(fit, 422, 'format-cannot-fit');
    const rounds = await http
      .post('/tournaments')
      .set(bearer(ann.token))
      .send({ ...XERI, format: 'swiss', scoring: 'games', rounds: 5, minPlayers: 4 });
    expectProblem(rounds, 422, 'format-cannot-fit');
    expectProblem(
      await http.post('/tournaments').send({ ...XERI, format: 'swiss', scoring: 'games', rounds: 1 }),
      401,
      'token-required',
    );
  });

  it('publishes the seed’s hash, not the seed; players join and leave until it starts; only its creator starts it', async () => {
    const [ann, bob, cy] = await players(3, 'Reg');
    const t = await create(ann, { ...XERI, format: 'swiss', scoring: 'games', rounds: 1 });
    expect(t.status).toBe('registering');
    expect(t.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.seed).toBeUndefined();
    expect(t.players).toEqual([]);
    await http.post(`/tournaments/${t.id}/join`).set(bearer(bob.token)).expect(200);
    expectProblem(await http.post(`/tournaments/${t.id}/join`).set(bearer(bob.token)), 409, 'already-entered');
    expectProblem(await http.post(`/tournaments/${t.id}/start`).set(bearer(ann.token)), 409, 'too-few-players');
    await http.post(`/tournaments/${t.id}/join`).set(bearer(cy.token)).expect(200);
    await http.post(`/tournaments/${t.id}/leave`).set(bearer(cy.token)).expect(200);
    expectProblem(await http.post(`/tournaments/${t.id}/leave`).set(bearer(cy.token)), 409, 'not-entered');
    await http.post(`/tournaments/${t.id}/join`).set(bearer(ann.token)).expect(200);
    expectProblem(await http.post(`/tournaments/${t.id}/start`).set(bearer(bob.token)), 403, 'not-creator');
    const started = (await http.post(`/tournaments/${t.id}/start`).set(bearer(ann.token)).expect(200)).body as Tournament;
    expect(started.status).toBe('running');
    expect(started.schedule[0].tables).toHaveLength(1);
    expectProblem(await http.post(`/tournaments/${t.id}/join`).set(bearer(cy.token)), 409, 'tournament-started');
    const listed = (await http.get('/tournaments?status=running').expect(200)).body;
    expect(listed.tournaments.map((x: { id: string }) => x.id)).toContain(t.id);
  });
});

describe('a five-player two-seat Swiss of three rounds', () => {
  it('gives a bye each round, never twice to one player, never pairs two players twice, and ranks them', async () => {
    const [host, ...field] = await players(6, 'Swiss');
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 3 }, field.slice(0, 5));
    let now = (await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    for (let round = 1; round <= 3; round++) {
      expect(now.round).toBe(round);
      now = await playRound(now, field);
    }
    expect(now.status).toBe('finished');
    const byes = now.schedule.flatMap((r) => r.tables.filter((x) => x.bye).flatMap((x) => x.seats));
    expect(now.schedule.map((r) => r.tables.filter((x) => x.bye).length)).toEqual([1, 1, 1]);
    expect(new Set(byes).size).toBe(3);
    const pairs = now.schedule.flatMap((r) => r.tables.filter((x) => !x.bye).map((x) => [...x.seats].sort().join()));
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs).size).toBe(6);
    // Three games or byes each, 1 point a win or bye: the points add up to the wins and byes given out.
    expect(now.standings.reduce((a, s) => a + s.points, 0)).toBe(9);
    expect(now.standings[0].rank).toBe(1);
  });
});

describe('a duplicate round, its privacy and the revealed seed', () => {
  it('every table deals the same hands seat for seat; a finished table stays private until the round ends; the seed proves every game seed', async () => {
    const [host, ...field] = await players(5, 'Dup');
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'duplicate', rounds: 1 }, field);
    const started = (await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    const [a, b] = started.schedule[0].tables;
    const holder = (id: string) => field.find((p) => p.id === id) as PlayerHandle;
    for (const seat of [0, 1]) {
      const va = (
        await http
          .get(`/games/${a.gameId}/view`)
          .set(bearer(holder(a.seats[seat]).token))
          .expect(200)
      ).body;
      const vb = (
        await http
          .get(`/games/${b.gameId}/view`)
          .set(bearer(holder(b.seats[seat]).token))
          .expect(200)
      ).body;
      expect(va.state).toEqual(vb.state);
    }
    // Table A ends while table B still plays the same cards: A stays private until the round ends.
    await http
      .post(`/games/${a.gameId}/resign`)
      .set(bearer(holder(a.seats[1]).token))
      .expect(200);
    await server.app.service.clocks.tick();
    expect((await get(t.id)).schedule[0].status).toBe('running');
    for (const path of ['view', 'events', 'stream', 'record', 'replay']) {
      expectProblem(
        await http.get(`/games/${a.gameId}/${path}`).set('accept', 'text/event-stream, application/json'),
        403,
        'tournament-game-private',
      );
    }
    expectProblem(
      await http.get(`/games/${a.gameId}/record`).set(bearer(holder(a.seats[0]).token)),
      403,
      'tournament-game-private',
    );
    const summary = (await http.get(`/games/${a.gameId}`).expect(200)).body;
    expect(summary.status).toBe('finished');
    expect(summary.seed).toBeUndefined();
    const mine = (
      await http
        .get(`/games/${a.gameId}/events`)
        .set(bearer(holder(a.seats[0]).token))
        .expect(200)
    ).body;
    expect(mine.seed).toBeUndefined();
    const lobby = (await http.get('/games?status=finished').expect(200)).body;
    expect(JSON.stringify(lobby)).not.toContain(a.gameId);
    const done = await playRound(started, field);
    expect(done.status).toBe('finished');
    expect((await http.get(`/games/${a.gameId}`).expect(200)).body.seed).toMatch(/^[0-9a-f]{64}$/);
    await http.get(`/games/${a.gameId}/view`).expect(200);
    // Both first seats won: each beat nobody at the other table's first seat (a tie): 1/2 each seat.
    expect(done.standings.map((s) => s.points)).toEqual([0.5, 0.5, 0.5, 0.5]);
    const seed = done.seed as string;
    expect(createHash('sha256').update(seed).digest('hex')).toBe(t.seedHash);
    const want = createHmac('sha256', seed).update('round:1').digest('hex');
    for (const table of [a, b]) {
      const record = (await http.get(`/games/${table.gameId}/record`).expect(200)).body;
      expect(record.seed).toBe(want);
      expect(verifyRecord(record).problems).toEqual([]);
      expect(record.genesis.tournament).toEqual({ id: t.id, round: 1, table: table === a ? 1 : 2 });
    }
  });
});

describe('withdrawal', () => {
  it('a player who withdraws loses its running game and is seated no more', async () => {
    const [host, ...field] = await players(5, 'Wd');
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 2 }, field);
    const started = (await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    const [first] = started.schedule[0].tables;
    const quitter = field.find((p) => p.id === first.seats[0]) as PlayerHandle;
    // A tournament table cannot be aborted, however young: it is played or resigned.
    expectProblem(await http.post(`/games/${first.gameId}/abort`).set(bearer(quitter.token)), 409, 'too-late-to-abort');
    const after = (await http.post(`/tournaments/${t.id}/withdraw`).set(bearer(quitter.token)).expect(200)).body as Tournament;
    expect(after.players.find((p) => p.id === quitter.id)?.withdrawn).toBe(true);
    const game = (await http.get(`/games/${first.gameId}`).expect(200)).body;
    expect(game.status).toBe('finished');
    expect(game.result.winners).toEqual([1]);
    expectProblem(await http.post(`/tournaments/${t.id}/withdraw`).set(bearer(quitter.token)), 409, 'withdrawn');
    const next = await playRound(started, field);
    expect(next.round).toBe(2);
    expect(next.schedule[1].tables.flatMap((x) => x.seats)).not.toContain(quitter.id);
    expect(next.standings.find((s) => s.player === quitter.id)?.points).toBe(0);
  });
});

describe('rated tournaments', () => {
  it('a rated tournament rates its games and breaks a last tie by rating; an unrated one rates nothing', async () => {
    const [host, ann, bo, cy, di, ed] = await players(6, 'Rated');
    // Ann wins a rated game outside the tournament first: she comes in rated above the others.
    const outside = (
      await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'xeri', options: { hands: 1 }, seats: [{ player: 'me' }, { player: ed.id }] })
        .expect(201)
    ).body;
    await http.post(`/games/${outside.id}/seats/1/join`).set(bearer(ed.token)).expect(200);
    await http.post(`/games/${outside.id}/resign`).set(bearer(ed.token)).expect(200);
    const field = [ann, bo, cy, di];
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 1, rated: true }, field);
    const res = await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const started = res.body as Tournament;
    for (const table of started.schedule[0].tables) {
      expect((await http.get(`/games/${table.gameId}`).expect(200)).body.rated).toBe(true);
    }
    const done = await playRound(started, field);
    expect(done.status).toBe('finished');
    // Two winners, one point each, level on Buchholz cut-1 and Sonneborn-Berger: the rating decides.
    const winners = done.standings.filter((s) => s.points === 1);
    expect(winners).toHaveLength(2);
    const ratingOf = async (id: string) =>
      ((await http.get(`/players/${id}`).expect(200)).body.ratings as { kind: string; rating: number }[]).find(
        (r) => r.kind === 'xeri',
      )?.rating;
    for (const w of winners) expect(w.tieBreaks.rating).toBe(await ratingOf(w.player));
    const [first, second] = winners;
    expect(first.tieBreaks.rating as number).toBeGreaterThan(second.tieBreaks.rating as number);
    expect(first.rank).toBeLessThan(second.rank);

    const unrated = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 1, rated: false }, field);
    const running = (await http.post(`/tournaments/${unrated.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    for (const table of running.schedule[0].tables) {
      expect((await http.get(`/games/${table.gameId}`).expect(200)).body.rated).toBe(false);
    }
  });
});

describe('a nine-player three-seat Swiss', () => {
  it('seats three tables of three', async () => {
    const [host, ...field] = await players(10, 'Nine');
    const t = await entered(
      host,
      {
        kind: 'kontsina',
        tableSeats: 3,
        format: 'swiss',
        scoring: 'games',
        rounds: 2,
        clock: { perMove: 3600, onTimeout: 'auto' },
      },
      field,
    );
    const started = (await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    expect(started.schedule[0].tables.map((x) => x.seats.length)).toEqual([3, 3, 3]);
    expect(started.schedule[0].tables.every((x) => x.gameId !== null)).toBe(true);
    expect(started.standings.map((s) => s.tieBreaks)).toEqual(Array(9).fill({ 'buchholz-cut1': 0, rating: null }));
  });
});

describe('the server runs the rounds', () => {
  it('starts a tournament at startsAt with enough players, and ends games still running at the round deadline by default play', async () => {
    const [host, ...field] = await players(5, 'Auto');
    const startsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 1, roundHours: 2, startsAt }, field);
    clock.advance(3599);
    await server.app.service.clocks.tick();
    expect((await get(t.id)).status).toBe('registering');
    clock.advance(1);
    await server.app.service.clocks.tick();
    const running = await get(t.id);
    expect(running.status).toBe('running');
    const games = running.schedule[0].tables.filter((x) => !x.bye).map((x) => x.gameId);
    clock.advance(2 * 3600);
    await server.app.service.clocks.tick();
    await server.app.service.clocks.tick();
    for (const id of games) {
      const game = (await http.get(`/games/${id}`).expect(200)).body;
      expect(game.status).toBe('finished');
      const events = (await http.get(`/games/${id}/events`).expect(200)).body.events as { by: string }[];
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.by === 'clock')).toBe(true);
    }
    expect((await get(t.id)).status).toBe('finished');
  });

  it('tells its players: tournament.started, tournament.round with the table or the bye, tournament.finished with rank and points', async () => {
    const [host, ...field] = await players(4, 'Told');
    const t = await entered(host, { ...XERI, format: 'swiss', scoring: 'games', rounds: 1 }, field);
    const started = (await http.post(`/tournaments/${t.id}/start`).set(bearer(host.token)).expect(200)).body as Tournament;
    await playRound(started, field);
    const [table] = started.schedule[0].tables;
    const seated = field.find((p) => p.id === table.seats[0]) as PlayerHandle;
    const bye = field.find((p) => p.id === started.schedule[0].tables.find((x) => x.bye)?.seats[0]) as PlayerHandle;
    const notes = async (p: PlayerHandle) =>
      (await server.app.service.notifications.after(p.id, 0)).filter((n) => String(n.type).startsWith('tournament.'));
    expect(await notes(seated)).toEqual([
      expect.objectContaining({ type: 'tournament.started', tournament: t.id, kind: 'xeri', round: 1 }),
      expect.objectContaining({
        type: 'tournament.round',
        tournament: t.id,
        kind: 'xeri',
        round: 1,
        game: table.gameId,
        seat: 0,
        bye: false,
      }),
      expect.objectContaining({ type: 'tournament.finished', tournament: t.id, kind: 'xeri', rank: 1, points: 1 }),
    ]);
    const byeNotes = await notes(bye);
    expect(byeNotes[1]).toEqual(expect.objectContaining({ type: 'tournament.round', game: null, seat: null, bye: true }));
    expect(byeNotes[0]).not.toHaveProperty('game');
  });
});
