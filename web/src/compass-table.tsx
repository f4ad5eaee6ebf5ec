import type { ComponentChildren } from 'preact';
import { type Compass, type Direction, directionOf, sidesOf } from './compass';
import { type Plays, trickOf } from './layout';
import { CardFace } from './view';

/**
 * The felt of a four-seat partnership table: each card of the trick in front of its player, tricks
 * and points per side. Every field it reads is in the seat's view already: nothing here is hidden
 * from anyone at the table.
 */

type State = Record<string, unknown>;

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
