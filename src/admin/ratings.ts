import { games } from '../games';
import { type RatedGameResult, replay, type SeatChange, type Skill, standing } from '../ratings';
import { dealt, fold } from '../service/live';
import { finishOf, ratedSeats } from '../service/rated-results';
import { toEvent } from '../store/games';
import type { Client } from './database';
import { Refused } from './problem';
import { toRecord } from './rows';

/**
 * `ratings verify` and `ratings rebuild`: every rated game, in the order its finish was applied,
 * replayed through its engine from its log, its standing worked out as the server does, and the
 * ratings folded from the initial ones: the numbers the server stored, bit for bit, or a difference.
 */

/** One rated game's result, from its log. */
async function resultOf(db: Client, gameId: string, kind: string): Promise<RatedGameResult> {
  const g = await db.game.findUnique({
    where: { id: gameId },
    include: { seats: { orderBy: { seat: 'asc' } }, key: { include: { events: { orderBy: { seq: 'asc' } } } } },
  });
  if (!g) throw new Refused(`rated game ${gameId} is gone from the database`);
  const game = games.get(g.kind);
  if (!game) throw new Refused(`game ${gameId} is of kind "${g.kind}", which this checkout does not know`);
  const record = toRecord(g);
  const events = (g.key?.events ?? []).map(toEvent);
  const { engine } = fold(game, dealt(record, game), events);
  const seats = ratedSeats(record);
  if (!seats) throw new Refused(`rated game ${gameId} has a seat held by nobody a rating belongs to`);
  const { teams, ranks } = standing(
    finishOf(
      { record, game, engine },
      events.filter((e) => e.kind !== 'move'),
    ),
  );
  return { gameId, kind, seats, teams, ranks };
}

/** Every rated game's changes as the fold gives them, in order. */
async function recomputed(db: Client) {
  const rated = await db.ratedGame.findMany({ orderBy: { seq: 'asc' } });
  const results: RatedGameResult[] = [];
  for (const r of rated) results.push(await resultOf(db, r.gameId, r.kind));
  return { rated, folded: replay(results) };
}

const same = (a: Skill, b: Skill) => a.mu === b.mu && a.sigma === b.sigma;
const describe = (c: Pick<SeatChange, 'before' | 'after'>) =>
  `mu ${c.before.mu} sigma ${c.before.sigma} -> mu ${c.after.mu} sigma ${c.after.sigma}`;

export interface Verdict {
  games: number;
  differences: { game: string; seat: number | null; detail: string }[];
}

export async function verifyRatings(db: Client): Promise<Verdict> {
  const { rated, folded } = await recomputed(db);
  const differences: Verdict['differences'] = [];
  const latest = new Map<string, { after: Skill; games: number }>();
  for (const [i, { gameId, changes }] of folded.entries()) {
    const stored = await db.ratingChange.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
    for (const c of changes) {
      const key = `${rated[i].kind}\u0000${c.id}`;
      latest.set(key, { after: c.after, games: (latest.get(key)?.games ?? 0) + 1 });
      const row = stored.find((s) => s.seat === c.seat);
      const kept = row && {
        before: { mu: row.muBefore, sigma: row.sigmaBefore },
        after: { mu: row.muAfter, sigma: row.sigmaAfter },
      };
      if (!row || !kept) differences.push({ game: gameId, seat: c.seat, detail: `no change stored; recomputed ${describe(c)}` });
      else if (row.playerId !== c.id || !same(kept.before, c.before) || !same(kept.after, c.after)) {
        differences.push({ game: gameId, seat: c.seat, detail: `stored ${describe(kept)}; recomputed ${describe(c)}` });
      }
    }
    for (const row of stored.filter((s) => !changes.some((c) => c.seat === s.seat))) {
      differences.push({ game: gameId, seat: row.seat, detail: 'a change is stored that the result does not make' });
    }
  }
  const ratings = await db.rating.findMany();
  for (const r of ratings) {
    const want = latest.get(`${r.kind}\u0000${r.playerId}`);
    if (!want || !same(want.after, r) || want.games !== r.games) {
      const last = await db.ratingChange.findFirst({ where: { playerId: r.playerId, kind: r.kind }, orderBy: { seq: 'desc' } });
      differences.push({
        game: last?.gameId ?? '(none)',
        seat: last?.seat ?? null,
        detail: `${r.playerId}'s ${r.kind} rating is mu ${r.mu} sigma ${r.sigma} after ${r.games} games; recomputed ${
          want ? `mu ${want.after.mu} sigma ${want.after.sigma} after ${want.games}` : 'none'
        }`,
      });
    }
  }
  if (ratings.length !== latest.size) {
    differences.push({ game: '(all)', seat: null, detail: `${ratings.length} ratings stored; ${latest.size} recomputed` });
  }
  return { games: rated.length, differences };
}

/** Rewrites every change and rating from the fold, in one transaction (after a scoring fix). */
export async function rebuildRatings(db: Client): Promise<{ games: number; changes: number }> {
  const { rated, folded } = await recomputed(db);
  const latest = new Map<string, { playerId: string; kind: string; after: Skill; games: number; seq: number }>();
  const rows = folded.flatMap(({ gameId, changes }, i) =>
    changes.map((c) => {
      const key = `${rated[i].kind}\u0000${c.id}`;
      const games = (latest.get(key)?.games ?? 0) + 1;
      latest.set(key, { playerId: c.id, kind: rated[i].kind, after: c.after, games, seq: rated[i].seq });
      return {
        gameId,
        seat: c.seat,
        seq: rated[i].seq,
        playerId: c.id,
        kind: rated[i].kind,
        muBefore: c.before.mu,
        sigmaBefore: c.before.sigma,
        muAfter: c.after.mu,
        sigmaAfter: c.after.sigma,
        finishedAt: rated[i].finishedAt,
      };
    }),
  );
  await db.$transaction([
    db.ratingChange.deleteMany(),
    db.rating.deleteMany(),
    db.ratingChange.createMany({ data: rows }),
    db.rating.createMany({
      data: [...latest.values()].map((r) => ({
        playerId: r.playerId,
        kind: r.kind,
        mu: r.after.mu,
        sigma: r.after.sigma,
        games: r.games,
        seq: r.seq,
      })),
    }),
  ]);
  return { games: rated.length, changes: rows.length };
}
