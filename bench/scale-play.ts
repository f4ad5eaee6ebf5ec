// How the scale bench fills its database fast: each game played in process and written in one transaction.
import { type Action, decide } from '../src/engine';
import { ENGINE_VERSION } from '../src/games';
import type { services } from '../src/service';
import { SNAPSHOT_EVERY } from '../src/service/live';
import type { Append } from '../src/store/games';
import type { Statement } from '../src/store/sql';
import { loopChoice } from './loop';

type Service = ReturnType<typeof services>;

/**
 * Plays a game from where it stands until it ends or `moves` moves are made: each move the one its due
 * seat's view lists at place version × 7919 (as the move loop's clients choose), worked out by the
 * service's own append (engine, readings, tree, clocks, notifications), and the whole run written in
 * one transaction by the store's appendRun, as the appends would have written it move by move. The
 * `made`th move is posted with the Idempotency-Key `keyOf(made)`, if any.
 */
export async function playRun(
  service: Service,
  id: string,
  moves: number,
  keyOf: (made: number) => string | undefined = () => undefined,
): Promise<number> {
  let current = await service.live.load(id);
  const run: Append[] = [];
  const extra: Statement[] = [];
  const snapshots: { seq: number; state: unknown }[] = [];
  while (run.length < moves && current.record.status === 'active') {
    const { record, game, state } = current;
    const seat = record.toAct[0];
    const legal = game.legalActions(state, seat) as Action[];
    const decided = decide(game, state, seat, loopChoice(legal, record.version));
    const entry = { seat, kind: 'move' as const, by: 'seat' as const, action: decided.action, idempotencyKey: keyOf(run.length) };
    const next = { state: decided.state, engine: game.status(decided.state), table: current.table, moved: current.moved };
    const { write, contributed, change } = service.moves.prepare(current, entry, next, service.now());
    run.push(write);
    extra.push(...contributed);
    if (write.event.seq % SNAPSHOT_EVERY === 0) snapshots.push({ seq: write.event.seq, state: decided.state });
    current = change.after;
  }
  await service.store.appendRun(run, extra);
  // As append does: this process's cache holds the game as written (on SQLite it trusts its own writes).
  service.live.remember(current);
  for (const { seq, state } of snapshots) await service.store.saveSnapshot(id, ENGINE_VERSION, seq, state);
  return run.length;
}
