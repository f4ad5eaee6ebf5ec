import { randomUUID } from 'node:crypto';
import type { GameRecord } from '../store/games';
import type { NewNotification } from '../store/players';
import type { VacationStore } from '../store/vacations';
import type { Access } from './access';
import type { Logger } from './bots';
import { allowsVacation, DAY_SECONDS, freeze, give, resume } from './clock-bank';
import type { Endings } from './endings';
import type { Live, LiveGames } from './live';
import { type Notifications, playerSeats, standing } from './notifications';
import { Problem } from './problem';
import { seatViewJson, viewTag } from './projections';

/** The most seconds one gift gives: a day, as Lichess's "+1 day" at most. */
export const MAX_GIFT_SECONDS = DAY_SECONDS;
/** Seats thawed or reminded per sweep at most; the rest wait for the next. */
const SWEEP_LIMIT = 500;

const DAY_MS = DAY_SECONDS * 1000;

function mustBeRunning(record: GameRecord) {
  if (record.status === 'waiting') throw new Problem(409, 'game-waiting', 'the table is waiting for players');
  if (record.status !== 'active')
    throw new Problem(409, 'game-over', `the game is ${record.status}`, { version: record.version });
}

/** `turn-reminder` for the player holding a seat that is still due. */
export function reminder(record: GameRecord, seat: number): NewNotification[] {
  return playerSeats(record)
    .filter((s) => s.seat === seat && !s.resigned)
    .map((s) => ({
      playerId: s.playerId as string,
      type: 'turn-reminder' as const,
      gameId: record.id,
      payload: { gameId: record.id, ...standing(record, seat) },
    }));
}

/**
 * Correspondence play (DESIGN "Correspondence clocks"): time one seat gives another, vacations that
 * freeze a player's clocks, and reminders. Each change to a clock is an event in the game's log (a
 * `gift`, a `vacation`, a `resume`), made through the table events' path, so every server derives
 * the same deadlines; the sweeper calls `sweep` to resume clocks whose vacation ended and to remind.
 */
export function correspondence(deps: {
  live: LiveGames;
  store: VacationStore;
  access: Access;
  endings: Pick<Endings, 'record'>;
  notifications: Notifications;
  now: () => Date;
  log: Logger;
  vacationDaysPerYear: number;
}) {
  const { live, store, access, endings, notifications, now, log, vacationDaysPerYear } = deps;

  const answer = (after: Live, seat: number) => ({ etag: viewTag(after.record.revision, seat), json: seatViewJson(after, seat) });

  /** Days left in the calendar year (UTC) of `at`. */
  async function daysLeft(playerId: string, at: Date): Promise<number> {
    const year = at.getUTCFullYear();
    const charged = await store.daysCharged(playerId, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
    return Math.max(0, vacationDaysPerYear - charged);
  }

  /** Freezes the seat's clock in one game until `until`, if its clock allows it and the player still holds it. */
  async function freezeIn(gameId: string, seat: number, playerId: string, until: Date) {
    await endings.record(gameId, ({ record }) => {
      const s = record.seats[seat];
      if (record.status !== 'active' || !allowsVacation(record.clock) || s?.playerId !== playerId || s.occupant !== 'player')
        return null;
      return {
        entry: { seat, kind: 'vacation', by: 'seat', action: { type: 'vacation', until: until.toISOString() } },
        outcome: { clocks: (at) => [{ seat, ...freeze(s, until, at) }] },
      };
    });
  }

  /** Starts the seat's frozen clock again: its player is back (`seat`), or its vacation ran out (`clock`). */
  async function resumeIn(gameId: string, seat: number, by: 'seat' | 'clock') {
    await endings.record(gameId, ({ record }) => {
      const s = record.seats[seat];
      if (record.status !== 'active' || !s?.frozenUntil) return null;
      return {
        entry: { seat, kind: 'resume', by, action: { type: 'resume' } },
        outcome: { clocks: (at) => [{ seat, ...resume(s, at) }] },
      };
    });
  }

  /** Applies `change` to each of the player's running games; one game failing does not stop the others. */
  async function eachGame(playerId: string, change: (gameId: string, seat: number) => Promise<void>) {
    for (const { gameId, seat } of await store.seatsOf(playerId)) {
      try {
        await change(gameId, seat);
      } catch (e) {
        if (e instanceof Problem && e.status === 409) continue;
        log.error({ err: e, game: gameId, seat }, 'changing a clock for a vacation failed');
      }
    }
  }

  return {
    /** Another seated player gives a due seat more time: an event in the log. Answers with the giver's view. */
    async give(id: string, token: string | undefined, body: { seconds: number; seat?: number }) {
      const giver = (await access.seatOf((await live.load(id)).record, token, true)) as number;
      const after = await endings.record(id, ({ record, table }) => {
        mustBeRunning(record);
        if (!record.clock) throw new Problem(422, 'no-clock', 'this game has no clock: there is no time to give');
        const others = record.seats.filter((s) => s.due && s.seat !== giver);
        const target = body.seat ?? (others.length === 1 ? others[0].seat : undefined);
        if (target === giver) throw new Problem(422, 'own-clock', 'time is given to another seat, not to your own');
        const s = target === undefined ? undefined : record.seats[target];
        if (!s?.due || !s.dueSince) {
          throw new Problem(
            422,
            'not-due',
            target === undefined
              ? `name the seat: ${others.length === 0 ? 'no other seat is due' : 'several seats are due'}`
              : `seat ${target} is not due: time is given to a seat whose clock runs`,
          );
        }
        const since = s.dueSince;
        const given = table.some(
          (e) => e.kind === 'gift' && e.seat === giver && e.action.seat === target && e.createdAt >= since,
        );
        if (given) throw new Problem(409, 'already-given', `you have given seat ${target} time this turn already`);
        return {
          entry: { seat: giver, kind: 'gift', by: 'seat', action: { type: 'gift', seat: s.seat, seconds: body.seconds } },
          outcome: { clocks: () => [{ seat: s.seat, ...give(s, body.seconds) }] },
        };
      });
      return answer(after, giver);
    },

    /** The player's vacation now, and the days left this year. */
    async status(playerId: string) {
      const at = now();
      const current = await store.current(playerId, at);
      return {
        until: current ? current.endsAt.toISOString() : null,
        daysLeft: await daysLeft(playerId, at),
        daysPerYear: vacationDaysPerYear,
      };
    },

    /** Starts a vacation now: the player's clocks freeze in every running game that allows it. */
    async startVacation(playerId: string, days: number) {
      const at = now();
      if (await store.current(playerId, at)) {
        throw new Problem(409, 'on-vacation', 'you are on vacation already: end it (DELETE /players/me/vacation) first');
      }
      const left = await daysLeft(playerId, at);
      if (days > left) {
        throw new Problem(422, 'no-vacation-left', `you have ${left} vacation days left this year, not ${days}`);
      }
      const until = new Date(at.getTime() + days * DAY_MS);
      await store.start({ id: randomUUID(), playerId, startsAt: at, endsAt: until, endedAt: null, days });
      await eachGame(playerId, (gameId, seat) => freezeIn(gameId, seat, playerId, until));
      return this.status(playerId);
    },

    /** Ends the vacation now, charging the whole days it used: the player's frozen clocks run again. */
    async endVacation(playerId: string) {
      const at = now();
      const current = await store.current(playerId, at);
      if (!current) throw new Problem(409, 'not-on-vacation', 'you are not on vacation');
      const used = Math.max(1, Math.ceil((at.getTime() - current.startsAt.getTime()) / DAY_MS));
      await store.end(current.id, at, Math.min(used, current.days));
      await eachGame(playerId, (gameId, seat) => resumeIn(gameId, seat, 'seat'));
      return this.status(playerId);
    },

    /** The sweeper's part: clocks whose vacation has ended run again; seats due long enough are reminded. */
    async sweep(at: Date) {
      for (const { gameId, seat } of await store.thawed(at, SWEEP_LIMIT)) {
        await resumeIn(gameId, seat, 'clock').catch((e) => log.error({ err: e, game: gameId, seat }, 'resuming a clock failed'));
      }
      for (const due of await store.toRemind(at, SWEEP_LIMIT)) {
        try {
          const { record } = await live.load(due.gameId);
          const s = record.seats[due.seat];
          if (!due.remindAt || !s?.due || s.remindAt?.getTime() !== due.remindAt.getTime()) continue;
          const notes = reminder(record, due.seat);
          const remindAt = due.remindAt;
          if (await store.remind({ ...due, remindAt }, notifications.statements(notes, at))) await notifications.announce(notes);
        } catch (e) {
          log.error({ err: e, game: due.gameId, seat: due.seat }, 'reminding a seat failed');
        }
      }
    },
  };
}

export type Correspondence = ReturnType<typeof correspondence>;
