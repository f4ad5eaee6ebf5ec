import { rating as initial, rate } from 'openskill';

/** A rating as openskill keeps it: the estimate of skill (mu) and its uncertainty (sigma). */
export interface Skill {
  mu: number;
  sigma: number;
}

/** A new identity's rating: openskill's defaults, mu 25 and sigma 25/3. */
export const INITIAL: Skill = initial();

/**
 * The shown rating: mu - 3 sigma (a conservative estimate: the skill is very likely above it),
 * scaled by 40 and lifted by 1000 so that a newcomer shows 1000 and a typical range reads like Elo.
 * Never clamped: a rating may fall below 1000, or below 0.
 */
export const shownRating = (s: Skill): number => Math.round((s.mu - 3 * s.sigma) * 40 + 1000);

/** A rating is provisional while its sigma is above this: a newcomer's first few games. */
export const PROVISIONAL_SIGMA = 6.5;

export const isProvisional = (s: Skill): boolean => s.sigma > PROVISIONAL_SIGMA;

/** The one identity per bot name: `bot:random`, `bot:greedy`, `bot:expert`. */
export const botIdentity = (bot: string): string => `bot:${bot}`;

export const isBotIdentity = (id: string): boolean => id.startsWith('bot:');

/** One seat of a rated game: its seat number and the identity (a player's id, or a bot's) who held it. */
export interface RatedSeat {
  seat: number;
  id: string;
}

/** What a rated game did to one seat's rating. */
export interface SeatChange {
  seat: number;
  id: string;
  before: Skill;
  after: Skill;
}

/**
 * One rated game through openskill (Plackett-Luce, its defaults, limitSigma so a win never lowers
 * the shown rating): each seat starts from its holder's current rating (INITIAL when it has none).
 * An identity holding more than one seat of the game (one bot name twice) is rated against but
 * does not move: a game partly against itself says nothing sure of its strength, and a rating can
 * only take one after.
 */
export function rateGame(
  seats: readonly RatedSeat[],
  teams: readonly (readonly number[])[],
  ranks: readonly number[],
  current: (id: string) => Skill | undefined,
): SeatChange[] {
  const idOf = (seat: number) => seats.find((s) => s.seat === seat)?.id as string;
  const before = (seat: number): Skill => {
    const s = current(idOf(seat)) ?? INITIAL;
    return { mu: s.mu, sigma: s.sigma };
  };
  const rated = rate(
    teams.map((team) => team.map(before)),
    { rank: [...ranks], limitSigma: true },
  );
  const held = (id: string) => seats.filter((s) => s.id === id).length;
  return teams
    .flatMap((team, t) => team.map((seat, i) => ({ seat, id: idOf(seat), before: before(seat), after: rated[t][i] })))
    .filter((c) => held(c.id) === 1)
    .map((c) => ({ ...c, after: { mu: c.after.mu, sigma: c.after.sigma } }))
    .sort((a, b) => a.seat - b.seat);
}

/** A rated game as the fold reads it: its seats and how they stand, in the order the games finished. */
export interface RatedGameResult {
  gameId: string;
  kind: string;
  seats: readonly RatedSeat[];
  teams: readonly (readonly number[])[];
  ranks: readonly number[];
}

/**
 * Every rating from the rated games alone, folded in their order from INITIAL: what `ratings
 * verify` compares with what is stored, and `ratings rebuild` writes. Ratings are per kind.
 */
export function replay(games: Iterable<RatedGameResult>): { gameId: string; changes: SeatChange[] }[] {
  const ratings = new Map<string, Skill>();
  const key = (kind: string, id: string) => `${kind}\u0000${id}`;
  const out: { gameId: string; changes: SeatChange[] }[] = [];
  for (const g of games) {
    const changes = rateGame(g.seats, g.teams, g.ranks, (id) => ratings.get(key(g.kind, id)));
    for (const c of changes) ratings.set(key(g.kind, c.id), c.after);
    out.push({ gameId: g.gameId, changes });
  }
  return out;
}
