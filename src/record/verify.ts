import { createHash } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';
import { Compile } from 'typebox/compile';
import { type Action, type AnyGame, decide, IllegalMove, resolveOptions, SetupError } from '../engine';
import { ENGINE_VERSION, games } from '../games';
import { GameRecordDocument, RECORD_FORMAT } from './record';

export interface Verdict {
  ok: boolean;
  /** What was checked and held, one line each. */
  checked: string[];
  /** What does not match, one line each: empty when the record holds. */
  problems: string[];
}

const shape = Compile(GameRecordDocument);

/**
 * Checks a game record offline, with the engine alone: its shape, that the revealed seed hashes to
 * the hash published at creation, that every move was legal where it stands (a clock's move being the
 * seat's default action), and that replaying the log ends as the record says.
 */
export function verifyRecord(doc: unknown): Verdict {
  const checked: string[] = [];
  const problems: string[] = [];
  const verdict = () => ({ ok: problems.length === 0, checked, problems });

  if (!shape.Check(doc)) {
    const [first] = shape.Errors(doc);
    problems.push(`not a ${RECORD_FORMAT} document: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
    return verdict();
  }
  const r = doc as GameRecordDocument;
  const game = games.get(r.kind) as AnyGame | undefined;
  if (!game) {
    problems.push(`kind "${r.kind}" is not a game this verifier knows`);
    return verdict();
  }
  if (r.engineVersion !== ENGINE_VERSION) {
    problems.push(`recorded by engine version ${r.engineVersion}; this verifier runs version ${ENGINE_VERSION}`);
    return verdict();
  }

  const hash = createHash('sha256').update(r.seed).digest('hex');
  if (hash === r.seedHash) checked.push(`the seed hashes to the published seedHash ${r.seedHash.slice(0, 16)}…`);
  else problems.push(`the seed hashes to ${hash}, not to the published seedHash ${r.seedHash}`);

  const seats = r.seats.length;
  let state: unknown;
  try {
    const options = resolveOptions(game, r.options, seats);
    if (stringify(options) !== stringify(r.options))
      problems.push('the options are not as the game resolves them (a default was changed or removed)');
    state = game.setup({ seats, options, seed: r.seed, deck: r.dealtBy === 'client-deck' ? r.deck : undefined });
  } catch (e) {
    problems.push(`the game cannot be set up as recorded: ${e instanceof SetupError ? e.reason : (e as Error).message}`);
    return verdict();
  }

  let moves = 0;
  let aborted = false;
  for (const [i, e] of r.events.entries()) {
    const where = `event ${e.seq}`;
    if (e.seq !== i + 1) {
      problems.push(`${where}: out of order (expected seq ${i + 1})`);
      return verdict();
    }
    if (i > 0 && e.at < r.events[i - 1].at) problems.push(`${where}: appended before the event it follows`);
    if (e.seat < 0 || e.seat >= seats) {
      problems.push(`${where}: there is no seat ${e.seat}`);
      return verdict();
    }
    if (aborted) {
      problems.push(`${where}: follows the abort`);
      return verdict();
    }
    if (e.kind !== 'move') {
      if (e.kind === 'abort') aborted = true;
      continue;
    }
    if (e.by === 'clock' && r.clock?.onTimeout === 'auto') {
      const expected = game.defaultAction?.(state, e.seat);
      if (stringify(expected) !== stringify(e.action)) {
        problems.push(
          `${where}: the clock played ${JSON.stringify(e.action)} for seat ${e.seat}, not its default action ${JSON.stringify(expected)}`,
        );
      }
    }
    try {
      const decided = decide(game, state, e.seat, e.action as Action);
      if (stringify(decided.action) !== stringify(e.action)) problems.push(`${where}: the action is not in its canonical form`);
      state = decided.state;
      moves++;
    } catch (err) {
      problems.push(
        `${where}: seat ${e.seat} could not play ${JSON.stringify(e.action)}: ${err instanceof IllegalMove ? err.reason : (err as Error).message}`,
      );
      return verdict();
    }
  }
  checked.push(`all ${moves} moves were legal where they stand`);

  const status = game.status(state);
  if (stringify(status.scores) !== stringify(r.scores)) {
    problems.push(`replaying the log gives scores ${JSON.stringify(status.scores)}, not ${JSON.stringify(r.scores)}`);
  }
  const tableEnded = r.events.some((e) => e.kind === 'forfeit' || e.kind === 'abort');
  if (r.status === 'aborted') {
    if (!aborted) problems.push('the record says aborted, but no abort is in the log');
  } else if (!tableEnded) {
    if (!status.finished) problems.push(`the record says ${r.status}, but the game is not over after its last event`);
    else if (stringify(status.result) !== stringify(r.result) && !r.events.some((e) => e.kind === 'resign')) {
      problems.push(`replaying the log gives the result ${JSON.stringify(status.result)}, not ${JSON.stringify(r.result)}`);
    } else checked.push(`the game ends as recorded: ${r.result?.summary}`);
  }
  return verdict();
}
