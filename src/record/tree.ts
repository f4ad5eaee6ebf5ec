import {
  append,
  canonical,
  deckHashOf,
  EMPTY,
  type EventLeaf,
  type Genesis,
  type Hash,
  leafHashOf,
  rootOf,
  saltOf,
  verifyCheckpoint,
} from '../log';
import type { GameRecordDocument } from './record';

/** What a check found: lines that held, and lines that did not. */
export interface Findings {
  checked: string[];
  problems: string[];
}

const headOf = (leaves: readonly Hash[]) => Buffer.from(rootOf(leaves.reduce((edge, leaf) => append(edge, leaf).edge, EMPTY)));

/** The genesis must say what the record says: the leaf binds those fields. */
function genesisProblems(r: GameRecordDocument): string[] {
  const g = r.genesis as Genesis;
  const expected: Genesis = {
    id: r.id,
    kind: r.kind,
    engineVersion: r.engineVersion,
    options: r.options,
    clock: r.clock,
    seatCount: r.seats.length,
    seedHash: r.seedHash,
    dealtBy: r.dealtBy,
    createdAt: r.createdAt,
    ...(r.deck ? { deckHash: deckHashOf(r.seed, r.deck) } : {}),
    ...(r.tournament ? { tournament: r.tournament } : {}),
  };
  const fields = new Set([...Object.keys(expected), ...Object.keys(g)]);
  return [...fields]
    .filter(
      (f) =>
        canonical((g as unknown as Record<string, unknown>)[f] ?? null) !==
        canonical((expected as unknown as Record<string, unknown>)[f] ?? null),
    )
    .map(
      (f) =>
        `the genesis says ${f} ${JSON.stringify((g as unknown as Record<string, unknown>)[f])}, the record ${JSON.stringify((expected as unknown as Record<string, unknown>)[f])}`,
    );
}

/** Events missing from 1..n, and events standing where another should: named by seq. */
function orderProblems(events: readonly { seq: number }[]): string[] {
  const problems: string[] = [];
  const seqs = events.map((e) => e.seq);
  const present = new Set(seqs);
  const last = Math.max(events.length, ...seqs);
  for (let seq = 1; seq <= last; seq++) {
    if (!present.has(seq)) problems.push(`event ${seq} is missing: it was removed from the log`);
  }
  // Against the same events in order: only those out of place are named (a removal moves none).
  const sorted = [...seqs].sort((a, b) => a - b);
  for (const [i, seq] of seqs.entries()) {
    if (i > 0 && sorted[i] === sorted[i - 1] && seq === sorted[i]) problems.push(`event ${seq} is listed twice`);
    else if (seq !== sorted[i]) problems.push(`event ${seq} stands where event ${sorted[i]} should: events were reordered`);
  }
  return problems;
}

/**
 * Recomputes the game's Merkle tree from the record and checks it against the signed checkpoint:
 * the genesis against the record's fields, each salt against the seed, each event against the leaf
 * hash the server stored for its seq (which names an event changed, removed or moved), the tree's
 * head against the checkpoint's root, and the checkpoint's signature under `key` (the key the
 * caller trusts) or, without one, the record's own `logKey`.
 */
export function checkTree(r: GameRecordDocument, options: { key?: string; seedHolds: boolean }): Findings {
  const checked: string[] = [];
  const problems: string[] = [];
  const n = r.events.length;

  const genesis = genesisProblems(r);
  problems.push(...genesis);

  const order = orderProblems(r.events);
  problems.push(...order);

  if (options.seedHolds) {
    const salts = new Map(
      Array.from({ length: Math.max(n, ...r.events.map((e) => e.seq)) + 1 }, (_, seq) => [saltOf(r.seed, seq), seq]),
    );
    const wrong = r.events.filter((e) => e.salt !== saltOf(r.seed, e.seq));
    for (const e of wrong) {
      const owner = salts.get(e.salt);
      problems.push(
        owner !== undefined
          ? `event ${e.seq} carries the salt of event ${owner}: events were renumbered, moved or removed`
          : `event ${e.seq}: its salt is not HMAC-SHA256 of event:${e.seq} keyed by the seed`,
      );
    }
    if (wrong.length === 0) checked.push(`every event’s salt derives from the seed`);
  } else {
    problems.push('the salts cannot be checked: the seed is not the one published');
  }

  // Each leaf as the record has it, and as the server stored it when it was appended.
  const leaves = [leafHashOf(r.genesis as Genesis), ...r.events.map((e) => leafHashOf(e as EventLeaf))];
  const stored = r.leafHashes.map((h) => Buffer.from(h, 'base64'));
  if (!stored[0]?.equals(leaves[0]) && genesis.length === 0) problems.push('the genesis is not the leaf the server logged first');
  for (const [i, e] of r.events.entries()) {
    const logged = stored[e.seq];
    if (logged && !logged.equals(leaves[i + 1])) {
      problems.push(`event ${e.seq} is not the event the server logged at seq ${e.seq}: it was changed`);
    }
  }
  if (stored.length !== n + 1 && order.length === 0) {
    problems.push(`the server logged ${stored.length - 1} events; the record lists ${n}`);
  }

  const { checkpoint } = r;
  const root = Buffer.from(checkpoint.root, 'base64');
  if (checkpoint.size !== n + 1)
    problems.push(`the checkpoint is of ${checkpoint.size} leaves; the record has ${n + 1} (the genesis and ${n} events)`);
  if (!headOf(stored).equals(root)) problems.push('the leaf hashes do not make the signed root: they were altered');
  if (headOf(leaves).equals(root)) checked.push(`the tree of the genesis and ${n} events has the signed root ${checkpoint.root}`);
  else problems.push('the tree of the genesis and the events as listed does not have the signed root');

  const key = options.key ?? r.logKey;
  if (options.key && options.key !== r.logKey) problems.push(`the record names the key ${r.logKey}, not the one given (--key)`);
  if (!verifyCheckpoint(key, r.id, checkpoint)) {
    problems.push(`the checkpoint is not signed by ${options.key ? 'the key given (--key)' : 'the record’s own logKey'}`);
  } else if (options.key) {
    checked.push(`the checkpoint is signed by the key given (--key ${options.key.slice(0, 12)}…)`);
  } else {
    checked.push(
      `the checkpoint is signed by the record’s own logKey ${r.logKey.slice(0, 12)}…: that shows the record is whole, not who signed it; pass --key with GET /log/key’s publicKey to trust the server’s key only`,
    );
  }
  return { checked, problems };
}
