import { aboutBot } from '../bots';
import type { AnyGame } from '../engine';
import {
  type Clock,
  type GameRecord,
  type NewGame,
  type SeatClock,
  type SeatRecord,
  seatClock as storeSeatClock,
} from '../store/games';
import type { Statement } from '../store/sql';
import { startClock } from './clock-bank';
import { displayNameOrNull } from './names';
import { Problem } from './problem';
import { newHolding } from './tokens';

/**
 * One seat of a new table: a guest (held by a seat token, optionally named), the creator's own
 * (`player: "me"`), a player invited by id, an open seat anyone may take, or a bot.
 */
export type SeatSpec =
  | { player: string; name?: string }
  | { open: true; name?: string }
  | { bot: string; name?: string }
  | { name?: string };

type NewSeat = NewGame['seats'][number];

/** A seat is free while nobody holds it: open to anyone, or kept for an invited player. */
export const isFree = (s: Pick<SeatRecord, 'occupant'>) => s.occupant === 'open' || s.occupant === 'invited';

/**
 * The seats of a new table from their specs. `creator` is the player making it (needed for "me").
 * Throws when "me" comes without a player token, or a player is named twice.
 */
/**
 * The seats a table asks for. `byServer`: the server seats the players named (a tournament's table), so
 * naming a player needs no player token of anyone's.
 */
export function seatsFrom(specs: readonly SeatSpec[], creator: string | null, at: Date, byServer = false): NewSeat[] {
  const seen = new Set<string>();
  return specs.map((spec, seat) => {
    const name = displayNameOrNull(spec.name);
    // Every seat starts with a holding of its own: the seat tokens issued for it name it.
    const empty = {
      seat,
      name,
      playerId: null,
      holding: newHolding(),
      bot: null,
      joinedAt: null,
      due: false,
      dueSince: null,
      deadline: null,
      bank: null,
      frozenUntil: null,
      remindAt: null,
    };
    if ('player' in spec) {
      const me = spec.player === 'me';
      if (me && !creator) {
        throw new Problem(401, 'token-required', 'a seat for "me" needs your player token: Authorization: Bearer <player token>');
      }
      // Invitations come from players: anyone could otherwise fill a stranger's games and webhooks.
      if (!creator && !byServer) {
        throw new Problem(
          401,
          'token-required',
          'inviting a player needs your player token: Authorization: Bearer <player token>',
        );
      }
      const playerId = me ? (creator as string) : spec.player;
      if (seen.has(playerId)) throw new Problem(422, 'player-seated-twice', `player ${playerId} is given two seats`);
      seen.add(playerId);
      return playerId === creator
        ? { ...empty, occupant: 'player' as const, playerId, joinedAt: at }
        : { ...empty, occupant: 'invited' as const, playerId };
    }
    if ('open' in spec) return { ...empty, occupant: 'open' as const };
    if ('bot' in spec) {
      // A bot is called what it is ("Random bot"), unless the creator names it.
      return { ...empty, occupant: 'bot' as const, bot: spec.bot, name: name ?? aboutBot(spec.bot).title, joinedAt: at };
    }
    return { ...empty, occupant: 'guest' as const, joinedAt: at };
  });
}

/** Who acts first when the cards are dealt: the engine's answer for a fresh setup. */
export function firstToAct(game: AnyGame, table: Pick<GameRecord, 'seatCount' | 'options' | 'seed' | 'deck'>): number[] {
  const state = game.setup({ seats: table.seatCount, options: table.options, seed: table.seed, deck: table.deck ?? undefined });
  return game.status(state).toAct;
}

/** The seats' clocks as the game starts: the due ones run from now (service/clock-bank.ts). */
export function startingClocks(clock: Clock | null, toAct: readonly number[], at: Date) {
  return (seat: number): SeatClock => startClock(clock, toAct.includes(seat), at);
}

/**
 * The statement that moves a waiting table on by one change (a join, a leave), and starts it when
 * `toAct` is given. The revision it expects is the guard: two joins racing for the last seats of one
 * table (on any servers) cannot both commit, so a table never fills without starting.
 */
export function tableChange(record: GameRecord, at: Date, toAct?: readonly number[]): Statement {
  return toAct
    ? {
        text: `UPDATE "Game" SET "revision" = "revision" + 1, "updatedAt" = $3, "status" = 'active', "toAct" = $4
               WHERE "id" = $1 AND "revision" = $2 AND "status" = 'waiting'`,
        params: [record.id, record.revision, at, JSON.stringify(toAct)],
        expect: 1,
      }
    : {
        text: `UPDATE "Game" SET "revision" = "revision" + 1, "updatedAt" = $3 WHERE "id" = $1 AND "revision" = $2 AND "status" = 'waiting'`,
        params: [record.id, record.revision, at],
        expect: 1,
      };
}

/**
 * The statement that gives a seat a new occupant, if it still has the one it was read with. The seat
 * gets a new holding: every token issued for the one before stops working.
 */
export function seatChange(
  gameId: string,
  from: Pick<SeatRecord, 'seat' | 'occupant' | 'playerId'>,
  to: Pick<SeatRecord, 'occupant' | 'playerId' | 'name' | 'joinedAt' | 'holding'>,
): Statement {
  return {
    text: `UPDATE "Seat" SET "occupant" = $3, "playerId" = $4, "name" = $5, "joinedAt" = $6, "holding" = $9
           WHERE "gameId" = $1 AND "seat" = $2 AND "occupant" = $7 AND COALESCE("playerId", '') = $8`,
    params: [gameId, from.seat, to.occupant, to.playerId, to.name, to.joinedAt, from.occupant, from.playerId ?? '', to.holding],
    expect: 1,
  };
}

/** The statement that starts a seat's clock (or leaves it stopped) as the game begins. */
export const seatClock = storeSeatClock;

/** A seat as anyone may see it (the lobby): who holds it, who is invited, which bot plays it. */
export function publicSeat(s: SeatRecord) {
  return {
    seat: s.seat,
    name: s.name,
    occupant: s.occupant,
    ...(s.playerId && s.occupant !== 'invited' ? { player: s.playerId } : {}),
    ...(s.occupant === 'invited' && s.playerId ? { invited: s.playerId } : {}),
    ...(s.bot ? { bot: s.bot } : {}),
  };
}
