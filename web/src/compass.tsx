import type { ComponentChildren } from 'preact';
import { cardFace, suitName } from './cards';
import { type Plays, trickOf } from './layout';
import { CardFace } from './view';

/**
 * A four-seat partnership table (Kaiser): the viewer at the bottom, the opponents left and right, the
 * partner at the top; each card of the trick in front of its player; tricks and points per side.
 * Every field it reads is in the seat's view already: nothing here is hidden from anyone at the table.
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

/** Each seat's call of this deal, in words, and the contract by its declarer: "Bid 7, contract, trumps ♥". */
export function bidsBySeat(state: State | null): Map<number, string> {
  const said = new Map<number, string>();
  const calls = Array.isArray(state?.calls) ? (state.calls as Call[]) : [];
  for (const c of calls) said.set(c.seat, c.bid ? `Bid ${bidText(c.bid)}` : 'Passed');
  const contract = state?.contract as (Bid & { seat: number }) | null | undefined;
  if (contract && typeof contract.seat === 'number') {
    const trump =
      typeof state?.trump === 'string' ? `, trumps ${suitName(state.trump)} ${cardFace(`A${state.trump}`).symbol}` : '';
    said.set(contract.seat, `Contract ${bidText(contract)}${trump}`);
  }
  return said;
}

/** The trick to show: the one being played, or the last one taken while the next has no card yet. */
function shownTrick(state: State): { plays: Plays; winner?: number } {
  const now = trickOf(state.trick) ?? [];
  const last = state.lastTrick as { winner?: unknown } | null;
  if (now.length === 0 && last && typeof last.winner === 'number') return { plays: trickOf(last) ?? [], winner: last.winner };
  return { plays: now };
}

/** Tricks and points taken this deal, and the match, by side: the viewer's side first ("Us"). */
function SideTally({ state, me, seatName }: { state: State; me: number | null; seatName(seat: number): string }) {
  const sides = sidesOf(state);
  const mine = sides.findIndex((s) => me !== null && s.includes(me));
  const order = mine === 1 ? [1, 0] : [0, 1];
  const line = (key: string) =>
    Array.isArray(state[key]) && (state[key] as unknown[]).length === 2 ? (state[key] as number[]) : null;
  const rows = [
    ['Tricks', line('tricks')],
    ['Points', line('trickValues')],
    ['Match', line('scores')],
  ].filter((r): r is [string, number[]] => r[1] !== null);
  // Short heads, so that the tally fits a corner of a phone's felt; who is in each side is said to screen readers and on hover.
  const names = (side: number) => sides[side].map((s) => (s === me ? 'you' : seatName(s))).join(' & ');
  const head = (side: number) => (mine < 0 ? `Side ${side + 1}` : side === mine ? 'Us' : 'Them');
  return (
    <table class="side-tally">
      <caption class="sr">Tricks and points by side</caption>
      <thead>
        <tr>
          <td />
          {order.map((side) => (
            <th key={side} scope="col" title={names(side)}>
              {head(side)}
              <span class="sr"> ({names(side)})</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, values]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {order.map((side) => (
              <td key={side}>{values[side]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The felt of a four-seat table: the seats around it, the trick in the middle, the tally in a corner. */
export function CompassTable({
  compass,
  state,
  me,
  seatName,
  panel,
}: {
  compass: Compass;
  state: State;
  me: number | null;
  seatName(seat: number): string;
  /** A seat's panel, as the page draws it. */
  panel(seat: number): ComponentChildren;
}) {
  const trick = shownTrick(state);
  const sides = ['top', 'left', 'right', ...(me === null ? ['bottom'] : [])] as Direction[];
  return (
    <div class="compass">
      {sides.map((d) => (
        <div key={d} class={`compass-${d}`}>
          {panel(compass[d])}
        </div>
      ))}
      <figure class="compass-trick">
        <figcaption>{trick.winner === undefined ? 'The trick' : `${seatName(trick.winner)} took the last trick`}</figcaption>
        <ol class="compass-cards">
          {trick.plays.map((p) => {
            const d = directionOf(p.seat, compass, me);
            return (
              <li key={`${p.seat}-${p.card}`} class={`at-${d} arrive from-${d}`}>
                <CardFace code={p.card} />
                <small>{p.seat === me ? 'you' : seatName(p.seat)}</small>
              </li>
            );
          })}
        </ol>
      </figure>
      <div class="compass-tally">
        <SideTally state={state} me={me} seatName={seatName} />
      </div>
    </div>
  );
}
