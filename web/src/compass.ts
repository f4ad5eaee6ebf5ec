import { cardFace, suitName } from './cards';

/**
 * Where seats sit round the felt: a four-seat partnership table (Kaiser) as a compass, the viewer at
 * the bottom, the opponents left and right, the partner at the top; and each seat's call, in words.
 */

export type Direction = 'bottom' | 'left' | 'top' | 'right';

/** The seat at each side of the felt, play going round clockwise: the next seat after the viewer's is on the left. */
export interface Compass {
  bottom: number;
  left: number;
  top: number;
  right: number;
}

type State = Record<string, unknown>;

/** The sides as views list them: seats by side, or `{ seats }` by side. */
export const sidesOf = (state: State | null): number[][] =>
  Array.isArray(state?.sides)
    ? (state.sides as unknown[]).map((x) => (Array.isArray(x) ? x : (((x as { seats?: unknown })?.seats as number[]) ?? [])))
    : [];

/** The compass of a four-seat game played in two sides of partners sitting opposite; null for any other table. */
export function compassOf(state: State | null, seats: number, me: number | null): Compass | null {
  const sides = sidesOf(state);
  const bottom = me ?? 0;
  const at = (n: number) => (bottom + n) % 4;
  const opposite = sides.length === 2 && sides.every((s) => s.length === 2 && (s[0] + 2) % 4 === s[1]);
  return seats === 4 && opposite ? { bottom, left: at(1), top: at(2), right: at(3) } : null;
}

/** Where a seat sits: by the compass; without one, the viewer below and the others across the top. */
export function directionOf(seat: number, compass: Compass | null, me: number | null): Direction {
  if (compass) return (Object.keys(compass) as Direction[]).find((d) => compass[d] === seat) ?? 'top';
  return seat === me ? 'bottom' : 'top';
}

interface Bid {
  points: number;
  noTrump: boolean;
}
interface Call {
  seat: number;
  bid: Bid | null;
}
const bidText = (b: Bid) => `${b.points}${b.noTrump ? ' no trump' : ''}`;

/** Each seat's call of this deal, in words; the highest bid so far marked, then the contract by its declarer: "Contract 7, trumps hearts ♥". */
export function bidsBySeat(state: State | null): Map<number, string> {
  const said = new Map<number, string>();
  const calls = Array.isArray(state?.calls) ? (state.calls as Call[]) : [];
  for (const c of calls) said.set(c.seat, c.bid ? `Bid ${bidText(c.bid)}` : 'Passed');
  const contract = state?.contract as (Bid & { seat: number }) | null | undefined;
  if (contract && typeof contract.seat === 'number') {
    const trump =
      typeof state?.trump === 'string' ? `, trumps ${suitName(state.trump)} ${cardFace(`A${state.trump}`).symbol}` : '';
    said.set(contract.seat, `Contract ${bidText(contract)}${trump}`);
    return said;
  }
  const high = state?.highBid as Call | null | undefined;
  if (high?.bid) said.set(high.seat, `Bid ${bidText(high.bid)}, the highest`);
  return said;
}
