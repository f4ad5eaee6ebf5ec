import type { GameRecord } from '../store/games';
import { Problem } from './problem';
import type { SeatTokens } from './tokens';

/** Who a bearer token speaks for: one seat of one game (a seat token), or a player across games. */
export type Identity = { kind: 'seat'; game: string; seat: number; holding?: string } | { kind: 'player'; player: string };

/** A player token names a player: `null` when the token is not a player token at all. */
export type PlayerTokens = (token: string) => Promise<string | null>;

/** What this process already holds in memory, asked without waiting: whom a player token named, and a seat's holding now. */
export interface Remembered {
  player(token: string): string | undefined;
  /** The seat's holding as this process last saw it; undefined when it holds no copy of the game. */
  holding(game: string, seat: number): string | null | undefined;
}

const revoked = () =>
  new Problem(
    401,
    'token-revoked',
    'this seat token no longer holds the seat: it changed hands, or its player rotated its token',
  );

/** A seat token is a JWT: three parts, two dots (counted without splitting: this runs on every request). */
function isSeatToken(token: string): boolean {
  const first = token.indexOf('.');
  const second = first === -1 ? -1 : token.indexOf('.', first + 1);
  return second !== -1 && token.indexOf('.', second + 1) === -1;
}

/**
 * Who may do what at a table. A seat token is a JWT (three dot-separated parts); any other bearer
 * token is tried as a player token, which speaks for the seat its player holds in a game.
 */
export function access(tokens: SeatTokens, players?: PlayerTokens, remembered?: Remembered) {
  /** The seat a seat token speaks for, verified without waiting (no database); undefined for any other token. */
  function seatIdentity(token: string): Identity | undefined {
    return isSeatToken(token) ? { kind: 'seat', ...tokens.verify(token) } : undefined;
  }

  async function identify(token: string): Promise<Identity> {
    const seat = seatIdentity(token);
    if (seat) return seat;
    const player = players ? await players(token) : null;
    if (!player)
      throw new Problem(401, 'invalid-token', 'the token is not valid: it is malformed, revoked, or from another server');
    return { kind: 'player', player };
  }

  return {
    identify,
    seatIdentity,

    /**
     * Whose rate budget a request with this token spends (`seat:<game>:<seat>`, `player:<id>`), or
     * undefined for its address's. A seat token's own budget holds only on its own game's routes (one
     * table's seven tokens are not seven budgets elsewhere), and only while it holds the seat as far
     * as this process knows; a player token only once this process has found it (an unknown token is
     * counted against its address before anything looks it up). Never waits, never throws.
     */
    budgetOf(token: string, game: string | undefined): string | undefined {
      if (isSeatToken(token)) {
        if (game === undefined) return undefined;
        let claim: ReturnType<SeatTokens['verify']>;
        try {
          claim = tokens.verify(token);
        } catch {
          return undefined;
        }
        if (claim.game !== game) return undefined;
        const holding = remembered?.holding(claim.game, claim.seat);
        if (holding !== undefined && holding !== null && holding !== claim.holding) return undefined;
        return `seat:${claim.game}:${claim.seat}`;
      }
      const player = remembered?.player(token);
      return player === undefined ? undefined : `player:${player}`;
    },

    /** The seat a token speaks for in this game (null: no token, a spectator); a token of another game is refused. */
    async seatOf(record: GameRecord, token: string | undefined, required: boolean): Promise<number | null> {
      if (!token) {
        if (required)
          throw new Problem(401, 'token-required', 'this call needs a seat or player token: Authorization: Bearer <token>');
        return null;
      }
      const who = await identify(token);
      if (who.kind === 'seat') {
        if (who.game !== record.id) throw new Problem(403, 'wrong-game', 'this seat token belongs to another game');
        if (who.seat < 0 || who.seat >= record.seatCount)
          throw new Problem(403, 'wrong-seat', `game ${record.id} has no seat ${who.seat}`);
        // A token speaks for the holding it was issued for: once the seat changed hands (or its player
        // rotated its token), it speaks for nobody. Seats made before holdings accept the tokens made then.
        const { holding } = record.seats[who.seat];
        if (holding !== null && holding !== who.holding) throw revoked();
        return who.seat;
      }
      const held = record.seats.find((s) => s.playerId === who.player && s.occupant === 'player');
      if (!held) throw new Problem(403, 'not-seated', `you hold no seat in game ${record.id}`);
      return held.seat;
    },
  };
}

export type Access = ReturnType<typeof access>;
