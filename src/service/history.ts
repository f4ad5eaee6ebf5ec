import type { LoggedEvent } from '../bots';
import type { AnyGame } from '../engine';
import { type GameRecordDocument, RECORD_FORMAT } from '../record/record';
import type { EventRecord, GameRecord, GameStore } from '../store/games';
import type { Access } from './access';
import type { Live, LiveGames } from './live';
import { eventLeaf, type GameLog, genesisOf } from './log';
import { Problem } from './problem';
import { resultOf } from './projections';
import type { TournamentPrivacy } from './tournament-privacy';

const ended = (r: GameRecord) => r.status === 'finished' || r.status === 'aborted';

/** An event as a reader of the log is given it: the action as that reader may know it. */
const logged = (e: EventRecord, action: unknown) => ({
  seq: e.seq,
  seat: e.seat,
  kind: e.kind,
  by: e.by,
  at: e.createdAt.toISOString(),
  action,
});

/**
 * The record of an ended game, from the game as rebuilt (its tree's head signed), its whole log, the
 * leaf hashes as stored and the public key of the signing key: what `GET /games/{id}/record` answers,
 * and what the operator's command line exports (src/admin/).
 */
export function recordDocument(
  current: Live,
  events: readonly EventRecord[],
  leafHashes: string[],
  logKey: string,
): GameRecordDocument {
  const { record, game, engine } = current;
  return {
    format: RECORD_FORMAT,
    id: record.id,
    kind: record.kind,
    title: game.title,
    engineVersion: record.engineVersion,
    options: record.options,
    clock: record.clock,
    seats: record.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      occupant: s.occupant,
      ...(s.playerId && s.occupant === 'player' ? { player: s.playerId } : {}),
      ...(s.bot ? { bot: s.bot } : {}),
    })),
    seed: record.seed,
    seedHash: record.seedHash,
    dealtBy: record.origin,
    ...(record.deck ? { deck: record.deck } : {}),
    ...(record.tournament ? { tournament: record.tournament } : {}),
    status: record.status,
    scores: engine?.scores ?? [],
    result: resultOf(current) ?? null,
    createdAt: record.createdAt.toISOString(),
    // Each event exactly as its leaf holds it.
    events: events.map((e) => eventLeaf(record.seed, e)),
    genesis: genesisOf(record),
    leafHashes,
    checkpoint: current.log.checkpoint,
    logKey,
  };
}

/** The log and replays: redacted per seat during play, whole afterwards. */
export function history(deps: { live: LiveGames; store: GameStore; log: GameLog; access: Access; privacy: TournamentPrivacy }) {
  const { live, store, log, access, privacy } = deps;

  /**
   * What `viewer` may know of each event during play: the reading kept with it when it was appended,
   * or, for events logged before readings were kept, one worked out by replaying up to them.
   */
  async function readings(record: GameRecord, game: AnyGame, events: EventRecord[], viewer: number | null) {
    const audience = viewer ?? record.seatCount;
    if (!game.moveView || events.every((e) => e.kind !== 'move' || e.views)) {
      return events.map((e) => (e.views ? e.views[audience] : e.action));
    }
    const first = events[0].seq;
    let state = (await live.at(record, game, first - 1)).state;
    return events.map((e) => {
      if (e.kind !== 'move') return e.action;
      const after = game.apply(state, e.seat, e.action);
      const shown = e.views
        ? e.views[audience]
        : game.moveView?.({ before: state, after, seat: e.seat, action: e.action }, viewer);
      state = after;
      return shown;
    });
  }

  /**
   * The last events of each game bots play here, kept as they were read: a bot decides on every one
   * of its turns from the last SEEN_WINDOW events, and reading them all again for each decision cost
   * the event loop more than the decision's other work. Only the events since the last read are read.
   */
  const windows = new Map<string, { upTo: number; events: EventRecord[] }>();
  const WINDOWS = 1000;

  async function lastEvents(record: GameRecord, limit: number): Promise<EventRecord[]> {
    const kept = windows.get(record.id);
    const from =
      kept && kept.upTo <= record.version && record.version - kept.upTo < limit ? kept.upTo : Math.max(0, record.version - limit);
    const read = from < record.version ? await store.events(record.id, from, record.version, limit) : [];
    const events = [...(kept && from === kept.upTo ? kept.events : []), ...read].slice(-limit);
    windows.delete(record.id);
    windows.set(record.id, { upTo: record.version, events });
    if (windows.size > WINDOWS) windows.delete(windows.keys().next().value as string);
    return events;
  }

  return {
    /**
     * What `seat` read of the last `limit` events of the game, as GET /events answered it during play:
     * a bot's memory (its input's window of the log).
     */
    async recent(current: Live, seat: number, limit: number): Promise<LoggedEvent[]> {
      const { record, game } = current;
      const events = await lastEvents(record, limit);
      if (events.length === 0) return [];
      const shown = await readings(record, game, events, seat);
      return events.map((e, i) => logged(e, shown[i]));
    },

    async events(id: string, token: string | undefined, after = 0, limit = 100) {
      const current = await live.load(id);
      const { record, game } = current;
      const seat = await access.seatOf(record, token, false);
      await privacy.mustBeSeated(record, seat);
      // A tournament game's whole log waits for its round to end, not only for the game.
      const open = ended(record) && !(await privacy.roundOpen(record));
      const events = after < record.version ? await store.events(id, after, record.version, limit) : [];
      const shown = open ? events.map((e) => e.action) : await readings(record, game, events, seat);
      const last = events.at(-1)?.seq ?? after;
      return {
        version: record.version,
        status: record.status,
        events: events.map((e, i) => logged(e, shown[i])),
        next: last < record.version ? last : null,
        ...(open ? { seed: record.seed } : {}),
      };
    },

    /** The whole game as one document, for keeping and for checking offline (`npm run verify`). */
    async record(id: string): Promise<GameRecordDocument> {
      const current = await live.load(id);
      if (!ended(current.record)) {
        throw new Problem(409, 'game-not-finished', 'a record is for a finished game: the seed stays secret until the end');
      }
      await privacy.mustBeRevealed(current.record);
      const events = await store.events(id, 0, current.record.version);
      return recordDocument(current, events, log.leaves(current.record, events), log.publicKey);
    },

    async replayAt(id: string, at: number | undefined) {
      const { record, game } = await live.load(id);
      if (!ended(record)) {
        throw new Problem(
          409,
          'game-not-finished',
          'a replay is for auditing a finished game; during play each seat reads its own view',
        );
      }
      await privacy.mustBeRevealed(record);
      const n = at ?? record.version;
      if (n < 0 || n > record.version) throw new Problem(422, 'out-of-range', `at must be between 0 and ${record.version}`);
      const then = await live.at(record, game, n);
      const [move] = n > 0 ? await store.events(id, n - 1, n) : [];
      const status = game.status(then.state);
      return {
        id,
        kind: record.kind,
        at: n,
        version: record.version,
        move: move ? { seq: move.seq, seat: move.seat, kind: move.kind, by: move.by, action: move.action } : null,
        toAct: status.toAct,
        scores: status.scores,
        finished: status.finished,
        state: then.state,
        // What each seat could see at that moment, and a spectator: the audit shows the table as they saw it.
        views: record.seats.map((s) => game.view(then.state, s.seat)),
        spectator: game.view(then.state, null),
      };
    },
  };
}

export type History = ReturnType<typeof history>;
