import type { SeatRecord } from '../store/games';
import { Problem } from './problem';

/**
 * Whether a new table is rated. Only a game of known identities dealt by the server says anything
 * of skill: no guest seat (nobody to rate), no client seed or deck (whoever chose it knew the deal),
 * and at least one person (bots are rated only against people). Rated by default when it can be
 * and no seat is open; asking for it when it cannot be is refused.
 */
export function ratedTable(
  req: { rated?: boolean; seed?: string; deck?: string[] },
  seats: readonly Pick<SeatRecord, 'occupant'>[],
): boolean {
  const why =
    req.seed !== undefined || req.deck
      ? 'a game dealt from a client seed or a stacked deck'
      : seats.some((s) => s.occupant === 'guest')
        ? 'a game with a guest seat (held by a seat token, not a player)'
        : seats.every((s) => s.occupant === 'bot')
          ? 'a game with no person at it'
          : null;
  if (why && req.rated === true) throw new Problem(422, 'cannot-be-rated', `${why} cannot be rated`);
  // An open seat may yet go to a guest: such a table is rated only when asked (its open seats then take players only).
  return why === null && (req.rated ?? !seats.some((s) => s.occupant === 'open'));
}
