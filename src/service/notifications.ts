import type { GameRecord } from '../store/games';
import { type NewNotification, type NotificationRecord, notificationStatements, type PlayerStore } from '../store/players';
import type { Statement } from '../store/sql';
import { LAPSED } from './invitations';
import type { Live } from './live';
import { type Change, clockUpdates, type Moves } from './moves';
import { type Notifier, playerChannel } from './notifier';
import { resultOf } from './projections';

/**
 * What a player is told, as the player stream and the webhooks send it. Only what the player's seat
 * may know: which game and seat, the game's version and whose turn, the seat's deadline, and the
 * result once the game is over. Never a card.
 */
export interface NotificationJson {
  seq: number;
  type: NewNotification['type'];
  at: string;
  game: string;
  kind: string;
  seat: number;
  status: GameRecord['status'];
  version: number;
  toAct: number[];
  deadline: string | null;
  /** turn-reminder: the game's id again, as the reminder's shape names it. */
  gameId?: string;
  invitedBy?: string | null;
  /** `invitation-lapsed`: the player whose invitation lapsed. */
  invited?: string;
  result?: { winners: number[]; summary: string };
  scores?: number[];
}

export const toJson = (n: NotificationRecord): NotificationJson =>
  // A tournament's notifications name the tournament; tournament.round's payload names its game itself.
  (n.type.startsWith('tournament.')
    ? { seq: n.seq, type: n.type, at: n.createdAt.toISOString(), ...n.payload }
    : { seq: n.seq, type: n.type, at: n.createdAt.toISOString(), game: n.gameId, ...n.payload }) as NotificationJson;

const ended = (status: GameRecord['status']) => status === 'finished' || status === 'aborted';

/** The seats held by players (not guests, invitees or bots): only they are told anything. */
export const playerSeats = (record: GameRecord) => record.seats.filter((s) => s.occupant === 'player' && s.playerId !== null);

/** A seat's standing in a game, as every notification carries it. */
export function standing(record: GameRecord, seat: number) {
  const deadline = record.seats[seat]?.deadline ?? null;
  return {
    kind: record.kind,
    seat,
    status: record.status,
    version: record.version,
    toAct: record.status === 'active' ? record.toAct : [],
    deadline: record.status === 'active' && deadline ? deadline.toISOString() : null,
  };
}

/** `turn` for each player seat whose clock (re)starts now: the seats the append marks due afresh. */
export function turns(record: GameRecord, due: readonly number[]): NewNotification[] {
  return playerSeats(record)
    .filter((s) => due.includes(s.seat) && !s.resigned)
    .map((s) => ({ playerId: s.playerId as string, type: 'turn', gameId: record.id, payload: standing(record, s.seat) }));
}

/** `started` for every player seat of a game that has just begun, then `turn` for those due. */
export function starts(record: GameRecord): NewNotification[] {
  const started: NewNotification[] = playerSeats(record).map((s) => ({
    playerId: s.playerId as string,
    type: 'started',
    gameId: record.id,
    payload: standing(record, s.seat),
  }));
  return [...started, ...turns(record, record.toAct)];
}

/** `invited` for each player invited to a seat. */
export function invitations(record: GameRecord): NewNotification[] {
  return record.seats
    .filter((s) => s.occupant === 'invited' && s.playerId !== null)
    .map((s) => ({
      playerId: s.playerId as string,
      type: 'invited',
      gameId: record.id,
      payload: { ...standing(record, s.seat), invitedBy: record.createdBy },
    }));
}

/** What one appended event tells the players: whose turn it now is, and that the game is over. */
export function changeNotes({ before, after, event }: Change): NewNotification[] {
  const { record } = after;
  const mover = event.kind === 'move' ? event.seat : null;
  // The same rule the append used to restart clocks: a seat newly due, or the mover due again.
  const due = clockUpdates(before.record, record.toAct, mover, event.createdAt)
    .filter((u) => u.due)
    .map((u) => u.seat);
  const notes = turns(record, due);
  if (ended(record.status) && !ended(before.record.status)) {
    const result = resultOf(after);
    // A table cancelled because an invitation lapsed: its inviter is told which one, in place of `finished`.
    const lapsed = event.kind === 'abort' && (event.action as { reason?: string }).reason === LAPSED;
    const invited = lapsed ? before.record.seats[event.seat]?.playerId : null;
    for (const s of playerSeats(record)) {
      const playerId = s.playerId as string;
      const payload = { ...standing(record, s.seat), ...(result ? { result } : {}), scores: finalScores(after) };
      notes.push(
        invited && playerId === record.createdBy
          ? { playerId, type: 'invitation-lapsed', gameId: record.id, payload: { ...payload, invited } }
          : { playerId, type: 'finished', gameId: record.id, payload },
      );
    }
  }
  return notes;
}

const playersOf = (notes: readonly NewNotification[]) => new Set(notes.map((n) => n.playerId));

const finalScores = (live: Live) => live.engine?.scores ?? Array(live.record.seatCount).fill(0);

/**
 * The players' notification log: rows written in the transaction of the change that causes them
 * (a move through `moves.contribute`, a join or a start through the lobby's own batches), then a
 * word on each player's channel once committed, so streams and webhooks on every server read on.
 */
export function notifications(deps: { players: PlayerStore; notifier: Notifier; moves: Moves }) {
  const { players, notifier, moves } = deps;
  const told = new WeakMap<Change, NewNotification[]>();
  const announced: (() => void)[] = [];

  /** Tells each player's channel, after commit, that it has something new to read. */
  async function announce(notes: readonly NewNotification[]) {
    if (notes.length === 0) return;
    for (const player of playersOf(notes)) {
      await notifier.publish(playerChannel(player), 'new').catch(() => {});
    }
    for (const l of announced) l();
  }

  moves.contribute((change) => {
    const notes = changeNotes(change);
    if (notes.length === 0) return [];
    told.set(change, notes);
    return notificationStatements(notes, change.event.createdAt);
  });
  moves.onAppended((change) => {
    const notes = told.get(change);
    if (notes) void announce(notes);
  });

  return {
    /** The statements that write these notifications, for the caller's transaction. */
    statements: (notes: readonly NewNotification[], at: Date): Statement[] => notificationStatements(notes, at),
    announce,
    /** A player's notifications after `after`, oldest first. */
    async after(playerId: string, after: number, limit = 100): Promise<NotificationJson[]> {
      return (await players.notifications(playerId, after, limit)).map(toJson);
    },
    /** Called after this server wrote notifications (the webhook worker delivers them without waiting for its next round). */
    onAnnounced(listener: () => void) {
      announced.push(listener);
    },
    /** The seq of the player's newest notification. */
    newest: (playerId: string) => players.notified(playerId),
  };
}

export type Notifications = ReturnType<typeof notifications>;
