import { type Rating, rate } from 'openskill';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/games';
import { INITIAL, shownRating } from '../src/ratings';
import { declare, declareTeams } from './support/declare';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, type PlayerHandle } from './support/players';
import { ratedTable } from './support/rated';
import { shortOptions } from './support/short-games';
import { createGame, playToEnd } from './support/tables';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;
let ann: PlayerHandle;
let ben: PlayerHandle;
let cal: PlayerHandle;
let dee: PlayerHandle;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { games: new Map([...games, [declare.kind, declare], [declareTeams.kind, declareTeams]]) });
  http = request(server.app.server);
  [ann, ben, cal, dee] = [
    await newPlayer(http, 'Ann'),
    await newPlayer(http, 'Ben'),
    await newPlayer(http, 'Cal'),
    await newPlayer(http, 'Dee'),
  ];
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** What the test expects each rating to be, worked out with openskill itself: kind and id to rating. */
const expected = new Map<string, Rating>();
const ratingOf = (kind: string, id: string) => expected.get(`${kind} ${id}`) ?? INITIAL;

/** Rates a game as openskill does (Plackett-Luce, defaults, limitSigma) into `expected`. */
function rateExpected(kind: string, teams: string[][], rank: number[]) {
  const after = rate(
    teams.map((team) => team.map((id) => ratingOf(kind, id))),
    { rank, limitSigma: true },
  );
  teams.forEach((team, t) => {
    team.forEach((id, i) => {
      expected.set(`${kind} ${id}`, after[t][i]);
    });
  });
}

async function declareAll(id: string, players: PlayerHandle[], points: (number | 'resigned')[]) {
  for (const [seat, p] of points.entries()) {
    if (p === 'resigned') continue;
    const res = await http
      .post(`/games/${id}/moves`)
      .set(bearer(players[seat].token))
      .send({ action: { type: 'declare', points: p } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function resign(id: string, player: PlayerHandle) {
  const res = await http.post(`/games/${id}/resign`).set(bearer(player.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Every seat's stored rating and the game's ratingChanges are exactly what openskill gave the test. */
async function expectRatings(id: string, kind: string, ids: string[]) {
  const summary = (await http.get(`/games/${id}`)).body;
  expect(summary.status).toBe('finished');
  for (const [seat, player] of ids.entries()) {
    const change = summary.ratingChanges.find((c: { seat: number }) => c.seat === seat);
    const want = ratingOf(kind, player);
    expect(change.player).toBe(player);
    expect(change.after).toEqual({ rating: shownRating(want), mu: want.mu, sigma: want.sigma });
    const profile = (await http.get(`/players/${encodeURIComponent(player)}`)).body;
    const mine = profile.ratings.find((r: { kind: string }) => r.kind === kind);
    expect({ mu: mine.mu, sigma: mine.sigma }).toEqual({ mu: want.mu, sigma: want.sigma });
  }
}

describe('a scripted series of rated games', () => {
  it('two seats: the higher score wins', async () => {
    const id = await ratedTable(http, 'declare', [ann, ben]);
    await declareAll(id, [ann, ben], [5, 3]);
    rateExpected('declare', [[ann.id], [ben.id]], [0, 1]);
    await expectRatings(id, 'declare', [ann.id, ben.id]);
  });

  it('three seats with a tie for the win', async () => {
    const id = await ratedTable(http, 'declare', [ann, ben, cal]);
    await declareAll(id, [ann, ben, cal], [4, 4, 1]);
    rateExpected('declare', [[ann.id], [ben.id], [cal.id]], [0, 0, 2]);
    await expectRatings(id, 'declare', [ann.id, ben.id, cal.id]);
  });

  it('four seats with a tie below the winner', async () => {
    const id = await ratedTable(http, 'declare', [dee, ann, ben, cal]);
    await declareAll(id, [dee, ann, ben, cal], [9, 2, 7, 7]);
    rateExpected('declare', [[dee.id], [ann.id], [ben.id], [cal.id]], [0, 3, 1, 1]);
    await expectRatings(id, 'declare', [dee.id, ann.id, ben.id, cal.id]);
  });

  it('a resignation at two seats: the other seat wins', async () => {
    const id = await ratedTable(http, 'declare', [ben, cal]);
    await resign(id, ben);
    rateExpected('declare', [[ben.id], [cal.id]], [1, 0]);
    await expectRatings(id, 'declare', [ben.id, cal.id]);
  });

  it('a resignation at three seats ranks the leaver last, whatever its score', async () => {
    const id = await ratedTable(http, 'declare', [ann, ben, cal]);
    await resign(id, ann);
    await server.app.service.bots.settled();
    await declareAll(id, [ann, ben, cal], ['resigned', 3, 6]);
    rateExpected('declare', [[ann.id], [ben.id], [cal.id]], [2, 1, 0]);
    await expectRatings(id, 'declare', [ann.id, ben.id, cal.id]);
  });

  it('partnerships are rated as teams', async () => {
    const id = await ratedTable(http, 'declare-teams', [ann, ben, cal, dee]);
    await declareAll(id, [ann, ben, cal, dee], [3, 8, 5, 1]);
    rateExpected(
      'declare-teams',
      [
        [ann.id, cal.id],
        [ben.id, dee.id],
      ],
      [1, 0],
    );
    await expectRatings(id, 'declare-teams', [ann.id, ben.id, cal.id, dee.id]);
  });

  it('Kaiser played to its end rates its partnerships as teams', async () => {
    const players = [ann, ben, cal, dee];
    const id = await ratedTable(http, 'kaiser', players, shortOptions('kaiser'));
    const summary = await playToEnd(
      server,
      id,
      players.map((p) => p.token),
    );
    const northSouth = summary.result.winners.includes(0);
    rateExpected(
      'kaiser',
      [
        [ann.id, cal.id],
        [ben.id, dee.id],
      ],
      northSouth ? [0, 1] : [1, 0],
    );
    await expectRatings(
      id,
      'kaiser',
      players.map((p) => p.id),
    );
  });

  it('a bot is one rated identity, moved by a game against a person', async () => {
    const res = await http
      .post('/games')
      .set(bearer(dee.token))
      .send({ kind: 'declare', seats: [{ player: 'me' }, { bot: 'random' }] });
    expect(res.body.rated).toBe(true);
    await declareAll(res.body.id, [dee], [20]);
    await server.app.service.bots.settled();
    const summary = (await http.get(`/games/${res.body.id}`)).body;
    rateExpected('declare', [[dee.id], ['bot:random']], summary.result.winners.length === 2 ? [0, 0] : [0, 1]);
    await expectRatings(res.body.id, 'declare', [dee.id, 'bot:random']);
    // The rematch is rated too (the bot asks at once).
    const rematch = await http.post(`/games/${res.body.id}/rematch`).set(bearer(dee.token));
    expect(rematch.status, JSON.stringify(rematch.body)).toBe(200);
    expect((await http.get(`/games/${rematch.body.rematch.id}`)).body.rated).toBe(true);
    const bot = (await http.get('/players/bot:random')).body;
    expect(bot).toMatchObject({ id: 'bot:random', bot: true });
    expect(bot.recent[0].id).toBe(res.body.id);
  });

  it('each player is told rating.changed with the rating before and after', async () => {
    const told = await server.app.service.notifications.after(ann.id, 0, 1000);
    const last = told.filter((n) => n.type === 'rating.changed').at(-1);
    const want = ratingOf('kaiser', ann.id);
    expect(last).toEqual({
      seq: expect.any(Number),
      type: 'rating.changed',
      at: expect.any(String),
      game: expect.any(String),
      kind: 'kaiser',
      seat: 0,
      before: { rating: 1000, mu: INITIAL.mu, sigma: INITIAL.sigma },
      after: { rating: shownRating(want), mu: want.mu, sigma: want.sigma },
    });
  });

  it('the leaderboard lists settled ratings first, then by rating, page by page', async () => {
    const first = (await http.get('/ratings/declare?limit=2')).body;
    const second = (await http.get(`/ratings/declare?limit=2&cursor=${first.next}`)).body;
    const rest = second.next ? (await http.get(`/ratings/declare?limit=10&cursor=${second.next}`)).body.items : [];
    const all = [...first.items, ...second.items, ...rest];
    expect(all.map((i: { player: { id: string } }) => i.player.id).sort()).toEqual(
      [ann.id, ben.id, cal.id, dee.id, 'bot:random'].sort(),
    );
    const key = (i: { provisional: boolean; mu: number; sigma: number }) => [i.provisional ? 1 : 0, -(i.mu - 3 * i.sigma)];
    const keys = all.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(all.find((i: { player: { id: string } }) => i.player.id === ann.id).games).toBe(4);
  });

  it("a player's history of a kind lists its changes oldest first, each after the one before", async () => {
    const history = (await http.get(`/players/${ann.id}/ratings/declare/history?limit=2`)).body;
    const more = (await http.get(`/players/${ann.id}/ratings/declare/history?cursor=${history.next}`)).body;
    const items = [...history.items, ...more.items];
    expect(items).toHaveLength(4);
    for (let i = 1; i < items.length; i++) expect(items[i].before).toEqual(items[i - 1].after);
    expect(items.at(-1).after.mu).toBe(ratingOf('declare', ann.id).mu);
  });

  it('an unknown player is 404', async () => {
    expectProblem(await http.get('/players/nobody'), 404, 'player-not-found');
    expectProblem(await http.get('/players/bot:nobody'), 404, 'player-not-found');
  });
});

describe('unrated games move nothing', () => {
  const stored = async () => (await server.db.sql.all<{ n: number }>('SELECT COUNT(*) AS "n" FROM "RatingChange"'))[0].n;

  it('a table of guests, one dealt from a client seed, and one of bots alone are unrated; asking to rate them is 422', async () => {
    const before = Number(await stored());
    const guests = await createGame(server, { kind: 'declare', seats: 2 });
    expect((await http.get(`/games/${guests.id}`)).body.rated).toBe(false);
    await declareAll(guests.id, [{ token: guests.tokens[0] }, { token: guests.tokens[1] }] as PlayerHandle[], [1, 2]);
    expectProblem(await http.post('/games').send({ kind: 'declare', seats: 2, rated: true }), 422, 'cannot-be-rated');
    const seeded = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'declare', seed: 'x', seats: [{ player: 'me' }, { bot: 'random' }] });
    expect(seeded.body.rated).toBe(false);
    await declareAll(seeded.body.id, [ann], [3]);
    expectProblem(
      await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'declare', seed: 'x', seats: [{ player: 'me' }, { bot: 'random' }], rated: true }),
      422,
      'cannot-be-rated',
    );
    const bots = await createGame(server, { kind: 'declare', seats: [{ bot: 'random' }, { bot: 'greedy' }] });
    expect((await http.get(`/games/${bots.id}`)).body.rated).toBe(false);
    expectProblem(
      await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'declare', seats: [{ bot: 'random' }, { bot: 'greedy' }], rated: true }),
      422,
      'cannot-be-rated',
    );
    await server.app.service.bots.settled();
    for (const id of [guests.id, seeded.body.id, bots.id]) {
      const summary = (await http.get(`/games/${id}`)).body;
      expect(summary.status).toBe('finished');
      expect(summary.ratingChanges).toBeUndefined();
    }
    expect(Number(await stored())).toBe(before);
  });

  it('an aborted rated game counts for nobody, and rated: false is kept', async () => {
    const before = Number(await stored());
    const id = await ratedTable(http, 'declare', [ann, ben]);
    expect((await http.post(`/games/${id}/abort`).set(bearer(ann.token))).status).toBe(200);
    const off = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'declare', seats: [{ player: 'me' }, { bot: 'random' }], rated: false });
    expect(off.body.rated).toBe(false);
    await declareAll(off.body.id, [ann], [7]);
    await server.app.service.bots.settled();
    expect((await http.get(`/games/${off.body.id}`)).body.status).toBe('finished');
    expect(Number(await stored())).toBe(before);
  });

  it('a table with an open seat is rated only when asked; a guest taking a seat makes it unrated', async () => {
    const open = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'declare', seats: [{ player: 'me' }, { open: true }] });
    expect(open.body.rated).toBe(false);
    const res = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'declare', seats: [{ player: 'me' }, { open: true }], rated: true });
    expect(res.body.rated).toBe(true);
    expect((await http.post(`/games/${res.body.id}/seats/1/join`).send({ name: 'Guest' })).status).toBe(200);
    expect((await http.get(`/games/${res.body.id}`)).body.rated).toBe(false);
  });
});
