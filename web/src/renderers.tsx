import type { Action } from './api';
import { positionName } from './labels';
import type { Glimpse } from './narrate';
import { CardFace, type FieldRenderer, type PlaceTouch, type Seating } from './view';

/** Cactus's moves that name a place in the other seat's layout; the others name the mover's own. */
const THEIRS = new Set(['spy', 'exchange']);

/** The Cactus moves at one place: what the seat may do with its own card there, or with the opponent's. */
export const cactusMovesAt = (legal: readonly Action[], me: number | null, seat: number, place: number) =>
  legal.filter((a) => a.position === place && (seat === me) !== THEIRS.has(a.type));

function Slot({
  card,
  position,
  seat,
  seating,
  touch,
  peeked,
}: {
  card: string | null;
  position: number;
  seat: number;
  seating: Seating;
  touch?: PlaceTouch;
  /** The card this seat just looked at here: turned face up for it alone, a moment. */
  peeked?: string;
}) {
  const whose = seat === seating.me ? 'yours' : `${seating.seatName(seat)}’s`;
  const moves = touch?.movesAt(seat, position) ?? [];
  const face =
    card === null ? (
      <span class="card gap" role="img" aria-label="empty place" />
    ) : peeked ? (
      <span class="peeked">
        <CardFace code={peeked} />
      </span>
    ) : (
      <CardFace code={card} />
    );
  return (
    <>
      {moves.length > 0 && touch ? (
        // Named by what it shows, then whose it is: "bottom left card, yours".
        <button
          type="button"
          class="slot"
          aria-label={`${positionName(position)}, ${whose}`}
          disabled={touch.busy}
          onClick={() => touch.touch(moves)}
        >
          {face}
          <small>{positionName(position)}</small>
        </button>
      ) : (
        <>
          {face}
          <small>{positionName(position)}</small>
        </>
      )}
    </>
  );
}

/** Past this many, a seat's penalty cards fold under their count: a careless player's forty would fill a phone. */
const PENALTIES_SHOWN = 4;

/**
 * Cactus lays each seat's cards in a grid, 0 1 over 2 3, penalty cards in a row after: the moves name
 * those places, so a place the seat may act on is touched to act.
 */
function CactusLayouts({
  value,
  seating,
  touch,
  glimpse,
}: {
  value: unknown;
  seating: Seating;
  touch?: PlaceTouch;
  glimpse?: Glimpse;
}) {
  const layouts = value as (string | null)[][];
  // A peek looks at one's own card, a spy at the other seat's.
  const glimpsed =
    glimpse && typeof seating.me === 'number'
      ? { seat: THEIRS.has(glimpse.type) ? 1 - seating.me : seating.me, position: glimpse.position }
      : null;
  // The other seat's layout across the table, mine nearest me.
  const order = layouts.map((_, seat) => seat).sort((a, b) => Number(a === seating.me) - Number(b === seating.me));
  return (
    <div class="layouts">
      {order.map((seat) => {
        const places = layouts[seat].map((card, position) => (
          // A place keeps its number when its card is matched away: the position is the identity.
          <li key={positionName(position)} class={position > 3 ? 'penalty' : undefined}>
            <Slot
              card={card}
              position={position}
              seat={seat}
              seating={seating}
              touch={touch}
              peeked={glimpsed?.seat === seat && glimpsed.position === position ? glimpse?.card : undefined}
            />
          </li>
        ));
        const penalties = places.length - 4;
        const folded = penalties > PENALTIES_SHOWN;
        const touchable = layouts[seat].some((_, position) => position > 3 && (touch?.movesAt(seat, position).length ?? 0) > 0);
        return (
          <figure key={seating.seatName(seat)} class="layout">
            <figcaption>{seating.seatName(seat)}</figcaption>
            <ol class="layout-grid">{folded ? places.slice(0, 4) : places}</ol>
            {folded && (
              <details class="penalties">
                <summary>
                  {penalties} penalty cards{touchable ? ', some to touch' : ''}
                </summary>
                <ol class="penalty-row">{places.slice(4)}</ol>
              </details>
            )}
          </figure>
        );
      })}
    </div>
  );
}

/**
 * Where a game's own drawing reads better than the generic one: a renderer for one field of its view,
 * by kind and field name, and which moves its places take. The rest of the view stays generic.
 */
export const FIELD_RENDERERS: Record<string, Record<string, FieldRenderer>> = {
  cactus: { layouts: CactusLayouts },
};

/** The moves at a place of a game's own drawing, by kind. */
export const PLACE_MOVES: Record<string, typeof cactusMovesAt> = {
  cactus: cactusMovesAt,
};
