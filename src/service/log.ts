import {
  append,
  type Checkpoint,
  type CheckpointSigner,
  consistencySpans,
  deckHashOf,
  type Edge,
  EMPTY,
  type EventLeaf,
  edgeIds,
  type Genesis,
  type Hash,
  inclusionSpans,
  leafHashOf,
  type Node,
  type NodeId,
  newSigningKey,
  nodeKey,
  nodesFor,
  proofFrom,
  rootOf,
  type Span,
  saltOf,
} from '../log';
import type { EventRecord, GameRecord, GameStore } from '../store/games';
import { type LogStore, packNodes } from '../store/log';
import type { Statement } from '../store/sql';
import { kept, keptAlready } from './kept';
import type { LiveGames } from './live';
import { Problem } from './problem';

/**
 * Each game's log as a Merkle tree (DESIGN "Tamper-evident history"): its leaves, kept by their
 * perfect subtrees in the store as events are appended, and its head signed once per version.
 */

/** A game's tree at one version: its right edge, and its signed head. */
export interface LogState {
  readonly edge: Edge;
  /**
   * Signed when first read, then kept. Nothing reads it before the append that made this tree has
   * committed (contributors write rows; views and answers are built after), so no size is ever
   * signed whose event is not in the log.
   */
  readonly checkpoint: Checkpoint;
}

/** Leaf 0: what the game is, fixed at creation. */
export function genesisOf(record: GameRecord): Genesis {
  return {
    id: record.id,
    kind: record.kind,
    engineVersion: record.engineVersion,
    options: record.options,
    clock: record.clock,
    seatCount: record.seatCount,
    seedHash: record.seedHash,
    dealtBy: record.origin,
    createdAt: record.createdAt.toISOString(),
    ...(record.deck ? { deckHash: deckHashOf(record.seed, record.deck) } : {}),
    ...(record.tournament ? { tournament: record.tournament } : {}),
  };
}

/** Leaf `seq`: the event as the record lists it, with its salt. */
export const eventLeaf = (seed: string, e: EventRecord): EventLeaf => ({
  seq: e.seq,
  seat: e.seat,
  kind: e.kind,
  by: e.by,
  action: e.action,
  at: e.createdAt.toISOString(),
  salt: saltOf(seed, e.seq),
});

/** The signing key's file in the data directory, when LOG_SIGNING_KEY is not set. */
export const LOG_KEY_FILE = 'log-signing-key';

/**
 * LOG_SIGNING_KEY when set; otherwise an Ed25519 key created on first start and kept in the data
 * directory beside the JWT secret (`log-signing-key`, PEM). Servers sharing a database share it.
 */
export function loadLogKey(explicit: string | undefined, dataDir: string): string {
  return explicit || kept(dataDir, LOG_KEY_FILE, newSigningKey);
}

/**
 * The key `loadLogKey` would give, without ever making one (the operator's command line signs with
 * the server's key, or not at all): undefined when neither LOG_SIGNING_KEY nor the kept file is there.
 */
export function existingLogKey(explicit: string | undefined, dataDir: string): string | undefined {
  return explicit || keptAlready(dataDir, LOG_KEY_FILE);
}

/** Every node of the game's tree, worked out from its log: what a backfill writes. */
export function treeNodes(record: GameRecord, events: readonly EventRecord[]): Node[] {
  let edge = EMPTY;
  const nodes: Node[] = [];
  for (const leaf of [genesisOf(record), ...events.map((e) => eventLeaf(record.seed, e))]) {
    const grown = append(edge, leafHashOf(leaf));
    edge = grown.edge;
    nodes.push(...grown.completed);
  }
  return nodes;
}

/** A tree at one version, its head signed with `signer` when first read. */
export function logState(signer: CheckpointSigner, gameId: string, edge: Edge): LogState {
  let signed: Checkpoint | undefined;
  return {
    edge,
    get checkpoint() {
      signed ??= signer.sign(gameId, edge.size, rootOf(edge));
      return signed;
    },
  };
}

const base64 = (h: Hash) => Buffer.from(h).toString('base64');

export function gameLog(deps: { store: LogStore; games: GameStore; signer: CheckpointSigner }) {
  const { store, games, signer } = deps;

  const state = (gameId: string, edge: Edge) => logState(signer, gameId, edge);

  /** Builds and keeps the tree of a game logged before trees were kept (once: later reads find it). */
  async function backfill(record: GameRecord): Promise<void> {
    await store.backfill(record.id, treeNodes(record, await games.events(record.id, 0, record.version)));
  }

  /**
   * These nodes of the game's tree: those above the leaves and the genesis as stored, in one query, and an
   * event's own leaf hash worked out from its row (a proof or an edge names a few leaves at most, each
   * one row by primary key).
   */
  async function nodesOf(record: GameRecord, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
    const leaves = ids.filter((id) => id.level === 0 && id.index > 0);
    const [found, events] = await Promise.all([
      store.nodes(record.id, ids),
      Promise.all(leaves.map((id) => games.events(record.id, id.index - 1, id.index))),
    ]);
    for (const e of events.flat())
      found.set(nodeKey({ level: 0, index: e.seq }), Buffer.from(leafHashOf(eventLeaf(record.seed, e))));
    return found;
  }

  /** The right edge of the game's tree of `size` leaves, read from the store: O(log n) nodes. */
  async function edgeOf(record: GameRecord, size: number): Promise<Edge> {
    const ids = edgeIds(size);
    let found = await nodesOf(record, ids);
    if (!ids.every((id) => found.has(nodeKey(id)))) {
      await backfill(record);
      found = await nodesOf(record, ids);
    }
    return {
      size,
      hashes: ids.map((id) => {
        const hash = found.get(nodeKey(id));
        if (!hash) throw new Error(`game ${record.id}: its tree has no node ${nodeKey(id)}`);
        return hash;
      }),
    };
  }

  /** The hashes of a proof's spans: O(log n) nodes. */
  async function proof(record: GameRecord, spans: Span[]): Promise<string[]> {
    const nodes = await nodesOf(record, nodesFor(spans));
    return proofFrom(spans, nodes).map(base64);
  }

  return {
    publicKey: signer.publicKey,

    /** The statement keeping the genesis leaf, in the game's creation. */
    created(record: GameRecord): Statement {
      return store.created(record.id, Buffer.from(leafHashOf(genesisOf(record))));
    },

    /**
     * The tree once `event` is appended, and the nodes its leaf completes, packed as the event's row
     * keeps them (written with the event, in the append's transaction).
     */
    grow(record: GameRecord, log: LogState, event: EventRecord): { log: LogState; nodes: Buffer } {
      const { edge, completed } = append(log.edge, leafHashOf(eventLeaf(record.seed, event)));
      return { log: state(record.id, edge), nodes: packNodes(completed) };
    },

    /** The tree after events another server appended (they follow `log`, in order): hashed here, nothing read. */
    extend(record: GameRecord, log: LogState, events: readonly EventRecord[]): LogState {
      let { edge } = log;
      for (const e of events) edge = append(edge, leafHashOf(eventLeaf(record.seed, e))).edge;
      return state(record.id, edge);
    },

    /** The tree at `size` leaves (default: the record's version + 1), as stored. */
    async at(record: GameRecord, size = record.version + 1): Promise<LogState> {
      return state(record.id, await edgeOf(record, size));
    },

    inclusion: (record: GameRecord, index: number, size: number) => proof(record, inclusionSpans(index, size)),
    consistency: (record: GameRecord, first: number, second: number) => proof(record, consistencySpans(first, second)),

    /** Every leaf hash of a game, from its genesis and its events (the whole log, in order), base64. */
    leaves(record: GameRecord, events: readonly EventRecord[]): string[] {
      return [genesisOf(record), ...events.map((e) => eventLeaf(record.seed, e))].map((leaf) => base64(leafHashOf(leaf)));
    },
  };
}

export type GameLog = ReturnType<typeof gameLog>;

/** Proofs for anyone, any time: they hold hashes only (the salts keep hidden actions from being guessed). */
export function logProofs(deps: { live: LiveGames; log: GameLog }) {
  const { live, log } = deps;

  /** A size the log has reached: at least 1 (the genesis), at most the current tree's. */
  function within(name: string, size: number, current: number) {
    if (size > current) {
      throw new Problem(
        422,
        'beyond-log',
        `${name} ${size} is beyond the log, which has ${current} leaves: take sizes from checkpoints`,
        { size: current },
      );
    }
  }

  return {
    publicKey: () => ({ algorithm: 'Ed25519' as const, publicKey: log.publicKey }),

    async inclusion(id: string, index: number, size: number) {
      const { record } = await live.load(id);
      const current = record.version + 1;
      within('size', size, current);
      if (index >= size)
        throw new Problem(422, 'index-beyond-size', `leaf ${index} is not in a tree of ${size} leaves (0 to ${size - 1})`);
      return { index, size, proof: await log.inclusion(record, index, size) };
    },

    async consistency(id: string, first: number, second: number) {
      const { record } = await live.load(id);
      const current = record.version + 1;
      within('second', second, current);
      if (first > second) throw new Problem(422, 'sizes-reversed', `first (${first}) must not be larger than second (${second})`);
      return { first, second, proof: await log.consistency(record, first, second) };
    },
  };
}

export type LogProofs = ReturnType<typeof logProofs>;
