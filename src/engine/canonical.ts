import stringify from 'fast-json-stable-stringify';
import { compareCards, isCard } from '../cards';
import type { Action, AnyGame } from './game';
import { SET } from './schema';

/** A JSON Schema node, as far as the canonical form needs to read it. */
interface Node {
  anyOf?: Node[];
  properties?: Record<string, Node>;
  items?: Node;
  const?: unknown;
  [SET]?: boolean;
}

function compareItems(a: unknown, b: unknown): number {
  if (isCard(a) && isCard(b)) return compareCards(a, b);
  const x = stringify(a);
  const y = stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether any array below this schema node is a set: games without sets skip the walk. */
function hasSet(node: Node | undefined): boolean {
  if (!node || typeof node !== 'object') return false;
  if (node[SET]) return true;
  return (
    (node.anyOf ?? []).some(hasSet) ||
    Object.values(node.properties ?? {}).some(hasSet) ||
    (node.items ? hasSet(node.items) : false)
  );
}

/** The union member an action belongs to: the one whose `type` constant names it, else the only one. */
function variantOf(node: Node, value: unknown): Node | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  return node.anyOf?.find((v) => v.properties?.type?.const === type) ?? (node.anyOf?.length === 1 ? node.anyOf[0] : undefined);
}

type Arrange = (items: unknown[]) => unknown[];

/** The value with `arrange` applied to every array the schema marks as a set, innermost first. */
function mapSets(node: Node | undefined, value: unknown, arrange: Arrange): unknown {
  if (!node || value === null || typeof value !== 'object') return value;
  if (node.anyOf) return mapSets(variantOf(node, value), value, arrange);
  if (Array.isArray(value)) {
    const items = node.items ? value.map((v) => mapSets(node.items, v, arrange)) : value;
    return node[SET] ? arrange(items) : items;
  }
  if (!node.properties) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, child] of Object.entries(node.properties)) if (key in out) out[key] = mapSets(child, out[key], arrange);
  return out;
}

const withSets = new WeakMap<object, boolean>();

/** Whether any of a game's actions names a set (a field its action schema marks with `x-set`). */
export function actionsHaveSets(game: AnyGame): boolean {
  let sets = withSets.get(game.actionSchema);
  if (sets === undefined) {
    sets = hasSet(game.actionSchema as Node);
    withSets.set(game.actionSchema, sets);
  }
  return sets;
}

/**
 * The canonical form of an action: every array its game's action schema marks as a set (`CardSet`,
 * `SetOf`) in canonical order, everything else as posted. Two postings of one set in different
 * orders are the same action; games list their legal actions in this form.
 */
export function canonicalAction<A extends Action>(game: AnyGame, action: A): A {
  return actionsHaveSets(game)
    ? (mapSets(game.actionSchema as Node, action, (items) => [...items].sort(compareItems)) as A)
    : action;
}

/** The action with every set rearranged by `arrange` (tests post sets in other orders with it). */
export function rearrangeSets<A extends Action>(game: AnyGame, action: A, arrange: Arrange): A {
  return mapSets(game.actionSchema as Node, action, arrange) as A;
}
