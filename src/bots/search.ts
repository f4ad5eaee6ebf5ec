import type { Action, AnyGame, Status } from '../engine';
import type { BotInput } from './input';
import type { Knowledge } from './knowledge/knowledge';
import type { BotRng } from './rng';

/**
 * Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse 2012, single observer with
 * partially observable moves; OpenSpiel's is_mcts.h): the search knows nothing of any game. Each
 * iteration samples a full state from what the seat knows (the game's `sample`), walks down one tree
 * shared by every sample, grows it by one node, plays the rest out with the family's quick policy to a
 * horizon (the deal's end, or the game's), and backs the value up. Nodes are what the searching seat
 * has observed: its own moves as it made them, the others' moves as it sees them (`moveView`), so a
 * card laid face down or drawn from the stock does not tell it what it was. At a node another seat
 * chooses by its own values among the moves it has in that sample (UCB with availability counts).
 * The budget is counted in iterations, and in moves simulated (so that a decision at the start of a
 * long deal costs no more than a few at its end), never in time: the same input and seed give the
 * same choice.
 */
export interface SearchSpec {
  iterations: number;
  /** Moves simulated at most, in the tree and the rollouts together: the search stops after the iteration that passes it. */
  moves: number;
  /** UCB's exploration constant (values are in [0, 1]). */
  exploration: number;
  /** Moves a rollout plays at most before it is valued as it stands. */
  rolloutCap: number;
  /** Levels of the tree below the root (1: flat Monte Carlo over the root's actions). */
  depth: number;
}

export const DEFAULT_SEARCH: SearchSpec = { iterations: 250, moves: 6_000, exploration: 0.7, rolloutCap: 200, depth: 64 };

/** Iterations valued before the scale of a score swing is known: their values are kept and backed up once it is. */
const PROBES = 16;

interface Edge {
  action: Action;
  visits: number;
  /** The sum of the values of the seat that chooses here. */
  value: number;
  /** Iterations in which this action was available (it depends on the sample at the others' nodes). */
  avail: number;
}

interface Node {
  edges: Map<string, Edge>;
  /** The nodes below, by what the searching seat observed of the move. */
  children: Map<string, Node>;
}

const newNode = (): Node => ({ edges: new Map(), children: new Map() });

/** What the search needs of a game beyond its contract, worked out once per decision. */
export interface Setting {
  game: AnyGame;
  knowledge: Knowledge;
  seat: number;
  /** The sides, as lists of seats (partnerships win together). */
  sides: number[][];
}

/** The sides of the game this view is of: as its view names them, else as the game says, else every seat alone. */
export function sidesOf(game: AnyGame, input: BotInput): number[][] {
  const named = (input.view.state as { sides?: unknown } | null)?.sides;
  if (Array.isArray(named) && named.every((s) => Array.isArray(s) && s.every(Number.isInteger))) return named as number[][];
  const seats = input.view.scores.length;
  return game.sides?.(seats, {}) ?? Array.from({ length: seats }, (_, s) => [s]);
}

/** Each seat's margin: its side's score (and what it holds that the score does not show yet) less the other sides' mean. */
export function margins(setting: Setting, state: unknown, status: Status, withMaterial: boolean): number[] {
  const { game, knowledge, sides } = setting;
  const sign = game.lowScoreWins ? -1 : 1;
  const seats = status.scores.length;
  const own = Array.from(
    { length: seats },
    (_, s) => sign * status.scores[s] + (withMaterial ? (knowledge.material?.(state, s) ?? 0) : 0),
  );
  const sideValue = sides.map((side) => side.reduce((sum, s) => sum + own[s], 0) / side.length);
  const sideOf = new Map(sides.flatMap((side, i) => side.map((s) => [s, i] as const)));
  return own.map((_, s) => {
    const mine = sideOf.get(s) ?? 0;
    const others = sideValue.filter((_, i) => i !== mine);
    return others.length ? sideValue[mine] - others.reduce((a, b) => a + b, 0) / others.length : sideValue[mine];
  });
}

/** Each seat's share of the result of a finished game: 1 for a win, split among the sides that share it. */
function outcome(setting: Setting, status: Status): number[] {
  const winners = status.result?.winners ?? [];
  const winningSides = setting.sides.filter((side) => side.some((s) => winners.includes(s)));
  return status.scores.map((_, s) => (winners.includes(s) && winningSides.length ? 1 / winningSides.length : 0));
}

/** A group of actions differing only in numbers (an amount to bet) is searched on this many values at most... */
const SPREAD = 8;
/** ...when it has more than this many. */
const MANY = 20;

/**
 * The actions worth searching among: all of them, except that where many differ only in a number
 * (bet 1 to 50 chips on a tableau) a few spread values stand for the rest, the least and the most
 * among them, so that a budget of a few hundred iterations still tries each one several times.
 */
export function candidates<A extends Action>(legal: readonly A[]): A[] {
  if (legal.length <= MANY) return [...legal];
  // The amount: the number field with the most values among the actions of a type.
  const values = new Map<string, Set<unknown>>();
  for (const action of legal) {
    for (const [field, v] of Object.entries(action)) {
      if (typeof v !== 'number') continue;
      const key = `${action.type}.${field}`;
      values.set(key, (values.get(key) ?? new Set()).add(v));
    }
  }
  const amountOf = new Map<string, string>();
  for (const [key, seen] of values) {
    const [type, field] = key.split('.');
    const best = amountOf.get(type);
    if (seen.size > MANY && (!best || seen.size > (values.get(`${type}.${best}`)?.size ?? 0))) amountOf.set(type, field);
  }
  if (amountOf.size === 0) return [...legal];
  const groups = new Map<string, A[]>();
  for (const action of legal) {
    const field = amountOf.get(action.type);
    let key = '';
    for (const k in action)
      if (k !== field) key += `${k}=${typeof action[k] === 'object' ? JSON.stringify(action[k]) : action[k]};`;
    const group = groups.get(key);
    if (group) group.push(action);
    else groups.set(key, [action]);
  }
  return [...groups.values()].flatMap((group) => {
    const field = amountOf.get(group[0].type);
    if (!field || group.length <= SPREAD) return group;
    const sorted = [...group].sort((x, y) => (x[field] as number) - (y[field] as number));
    return Array.from({ length: SPREAD }, (_, k) => sorted[Math.round((k * (sorted.length - 1)) / (SPREAD - 1))]);
  });
}

/** The seat that moves next: when several are due (a simultaneous choice), the others before the searching seat, which must not see them. */
function mover(toAct: readonly number[], seat: number): number {
  return toAct.find((s) => s !== seat) ?? toAct[0];
}

/** True where a rollout stops: the game is over, or (horizon `deal`) the scores have moved. */
function reached(setting: Setting, status: Status, rootScores: readonly number[]): boolean {
  if (status.finished) return true;
  return setting.knowledge.horizon === 'deal' && status.scores.some((v, i) => v !== rootScores[i]);
}

/** A move by the family's quick policy, else at random. */
export function quickMove(setting: Setting, state: unknown, seat: number, legal: readonly Action[], rng: BotRng): Action {
  return setting.knowledge.policy?.(state, seat, legal, rng) ?? rng.pick(legal);
}

/** Plays on from `state` by the quick policy until the horizon or the cap: the state reached, its status, and the moves played. */
export function rollout(setting: Setting, state: unknown, rootScores: readonly number[], cap: number, rng: BotRng) {
  const { game } = setting;
  let s = state;
  let status = game.status(s);
  let moves = 0;
  for (; moves < cap && !reached(setting, status, rootScores); moves++) {
    const seat = status.toAct[0];
    s = game.apply(s, seat, quickMove(setting, s, seat, game.legalActions(s, seat), rng));
    status = game.status(s);
  }
  return { state: s, status, moves };
}

/**
 * Chooses one of `input.legalActions` by IS-MCTS. The final choice is the most visited root action
 * (ties: the better valued, then the first listed).
 */
export function search(setting: Setting, input: BotInput, rng: BotRng, spec: SearchSpec): Action {
  const { game, seat } = setting;
  const sample = game.sample;
  if (!sample) throw new Error(`${game.kind} offers no sample(): the search needs one`);
  const legalKeys = new Map(input.legalActions.map((a) => [JSON.stringify(a), a]));
  const rootScores = input.view.scores;
  const root = newNode();
  let scale = 0;
  const probes: { path: { edge: Edge; mover: number }[]; swing: number[]; share: number[] | null }[] = [];

  const value = (swing: number[], share: number[] | null) =>
    swing.map((d, s) => {
      const deal = 0.5 + 0.5 * Math.tanh(d / scale);
      return share ? 0.7 * share[s] + 0.3 * deal : deal;
    });
  const backUp = (path: { edge: Edge; mover: number }[], values: number[]) => {
    for (const { edge, mover: m } of path) {
      edge.visits++;
      edge.value += values[m];
    }
  };

  let simulated = 0;
  for (let i = 0; i < spec.iterations && simulated < spec.moves; i++) {
    let s = sample(input.view.state, seat, rng.state(), input.seen);
    const start = margins(setting, s, game.status(s), true);
    // Seats choosing at the same time as the searching seat choose first, unseen by it.
    for (let st = game.status(s); st.toAct.length > 1 && st.toAct.includes(seat); st = game.status(s)) {
      const other = mover(st.toAct, seat);
      s = game.apply(s, other, quickMove(setting, s, other, game.legalActions(s, other), rng));
    }
    let node = root;
    const path: { edge: Edge; mover: number }[] = [];
    for (let depth = 0; depth < spec.depth; depth++) {
      const status = game.status(s);
      if (reached(setting, status, rootScores)) break;
      const m = mover(status.toAct, seat);
      const legal = candidates(game.legalActions(s, m) as Action[]);
      const edges: Edge[] = [];
      for (const a of legal) {
        const key = JSON.stringify(a);
        let edge = node.edges.get(key);
        if (!edge) {
          edge = { action: a, visits: 0, value: 0, avail: 0 };
          node.edges.set(key, edge);
        }
        edge.avail++;
        edges.push(edge);
      }
      // Each action is tried once before UCB chooses among them (values in [0, 1], visits counted where available).
      const fresh = edges.filter((e) => e.visits === 0);
      let best: Edge | undefined;
      let bestScore = Number.NEGATIVE_INFINITY;
      if (fresh.length === 0) {
        for (const e of edges) {
          const ucb = e.value / e.visits + spec.exploration * Math.sqrt(Math.log(e.avail) / e.visits);
          if (ucb > bestScore) {
            bestScore = ucb;
            best = e;
          }
        }
      }
      const edge = best ?? rng.pick(fresh);
      const after = game.apply(s, m, edge.action);
      simulated++;
      path.push({ edge, mover: m });
      const seen = game.moveView ? JSON.stringify(game.moveView({ before: s, after, seat: m, action: edge.action }, seat)) : '';
      const obs = m === seat ? `${JSON.stringify(edge.action)}${seen}` : seen || JSON.stringify(edge.action);
      s = after;
      let child = node.children.get(obs);
      if (!child) {
        child = newNode();
        node.children.set(obs, child);
        node = child;
        break;
      }
      node = child;
      if (fresh.length > 0) break;
    }
    const end = rollout(setting, s, rootScores, setting.knowledge.rolloutCap ?? spec.rolloutCap, rng);
    simulated += end.moves;
    const finalMargins = margins(setting, end.state, end.status, !end.status.finished);
    const swing = finalMargins.map((v, k) => v - start[k]);
    const share = end.status.finished ? outcome(setting, end.status) : null;
    if (i < PROBES && i < spec.iterations - 1 && simulated < spec.moves) {
      probes.push({ path, swing, share });
      continue;
    }
    if (scale === 0) {
      // The scale of a swing: the probes' mean, so that a typical swing is worth about tanh(1).
      const all = [...probes.flatMap((p) => p.swing), ...swing].map(Math.abs);
      scale = all.reduce((a, b) => a + b, 0) / all.length || 1;
      for (const p of probes) backUp(p.path, value(p.swing, p.share));
    }
    backUp(path, value(swing, share));
  }

  let choice: Edge | undefined;
  for (const [key, edge] of root.edges) {
    if (!legalKeys.has(key)) continue;
    if (!choice || edge.visits > choice.visits || (edge.visits === choice.visits && edge.value > choice.value)) choice = edge;
  }
  return choice ? (legalKeys.get(JSON.stringify(choice.action)) as Action) : input.legalActions[0];
}
