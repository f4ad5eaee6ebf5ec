import { createHash } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';
import { Compile } from 'typebox/compile';
import {
  type Action,
  type AnyGame,
  canonicalAction,
  decide,
  IllegalMove,
  type Result,
  resolveOptions,
  SetupError,
} from '../engine';
import { finishedWith, leaving, playingSides } from '../engine/outcome';
import { ENGINE_VERSION, games } from '../games';
import { GameRecordDocument, RECORD_FORMAT } from './record';
import { checkTree } from './tree';

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
 * the hash published at creation, that the log's Merkle tree rebuilt from the record has the signed
 * root (under `key`, the server's public key as the caller got it, or else the record's own), that
 * every move was legal where it stands (a clock's move being the seat's default action), and that
 * replaying the log ends as the record says. A broken chain is named by its event.
 */
export function verifyRecord(doc: unknown, options: { key?: string } = {}): Verdict {
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

  const tree = checkTree(r, { key: options.key, seedHolds: hash === r.seedHash });
  checked.push(...tree.checked);
  problems.push(...tree.problems);
  if (r.events.some((e, i) => e.seq !== i + 1)) {
    problems.push('the log is not replayed: its events are not 1, 2, 3... in order');
    return verdict();
  }

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
  const resigned: number[] = [];
  /** How the log itself ended the game: a resignation leaving one side, a forfeit, an abort. */
  let ended: { status: string; result: Result | null; seq: number } | null = null;
  const table = () => ({ game, seats, options: r.options, scores: game.status(state).scores, resigned });
  for (const [i, e] of r.events.entries()) {
    const where = `event ${e.seq}`;
    if (i > 0 && e.at < r.events[i - 1].at) problems.push(`${where}: appended before the event it follows`);
    if (e.seat < 0 || e.seat >= seats) {
      problems.push(`${where}: there is no seat ${e.seat}`);
      return verdict();
    }
    if (ended) {
      problems.push(`${where}: follows the end of the game at event ${ended.seq}`);
      return verdict();
    }
    // What the clocks did (a vacation's freeze and resume, time given) plays nothing.
    if (e.kind === 'vacation' || e.kind === 'resume' || e.kind === 'gift') continue;
    if (e.kind === 'resign') {
      const result = leaving(table(), e.seat, 'resigned');
      resigned.push(e.seat);
      if (playingSides(table()).length <= 1) ended = { status: 'finished', result, seq: e.seq };
      continue;
    }
    if (e.kind === 'forfeit') {
      ended = { status: 'finished', result: leaving(table(), e.seat, 'ran out of time'), seq: e.seq };
      continue;
    }
    if (e.kind === 'abort') {
      ended = { status: 'aborted', result: null, seq: e.seq };
      continue;
    }
    // A clock's move, and the service's for a resigned seat, is the seat's default action.
    if ((e.by === 'clock' && r.clock?.onTimeout === 'auto') || e.by === 'service') {
      const expected = canonicalAction(game, game.defaultAction(state, e.seat));
      if (stringify(expected) !== stringify(e.action)) {
        problems.push(
          `${where}: the ${e.by} played ${JSON.stringify(e.action)} for seat ${e.seat}, not its default action ${JSON.stringify(expected)}`,
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
  const expected =
    ended ?? (status.finished ? { status: 'finished', result: finishedWith(table(), status.result) ?? null } : null);
  if (!expected) {
    problems.push(`the record says ${r.status}, but the game is not over after its last event`);
  } else if (expected.status !== r.status) {
    problems.push(`replaying the log ends the game ${expected.status}, not ${r.status}`);
  } else if (stringify(expected.result) !== stringify(r.result)) {
    problems.push(`replaying the log gives the result ${JSON.stringify(expected.result)}, not ${JSON.stringify(r.result)}`);
  } else {
    checked.push(`the game ends as recorded: ${r.result?.summary ?? r.status}`);
  }
  return verdict();
}
