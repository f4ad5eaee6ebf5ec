import { positionName } from './labels';
import { CardFace, type FieldRenderer, type Seating } from './view';

/** Cactus lays each seat's cards in a grid, 0 1 over 2 3, penalty cards after: the moves name those places. */
function CactusLayouts({ value, seating }: { value: unknown; seating: Seating }) {
  const layouts = value as (string | null)[][];
  // The other seat's layout across the table, mine nearest me.
  const order = layouts.map((_, seat) => seat).sort((a, b) => Number(a === seating.me) - Number(b === seating.me));
  return (
    <div class="layouts">
      {order
        .map((seat) => [layouts[seat], seat] as const)
        .map(([slots, seat]) => (
          <figure key={seating.seatName(seat)} class="layout">
            <figcaption>{seating.seatName(seat)}</figcaption>
            <ol class="layout-grid">
              {slots.map((card, position) => (
                // A place keeps its number when its card is matched away: the position is the identity.
                <li key={positionName(position)} class={position > 3 ? 'penalty' : undefined}>
                  {card === null ? <span class="card gap" role="img" aria-label="empty place" /> : <CardFace code={card} />}
                  <small>{positionName(position)}</small>
                </li>
              ))}
            </ol>
          </figure>
        ))}
    </div>
  );
}

/**
 * Where a game's own drawing reads better than the generic one: a renderer for one field of its view,
 * by kind and field name. The rest of the view stays generic.
 */
export const FIELD_RENDERERS: Record<string, Record<string, FieldRenderer>> = {
  cactus: { layouts: CactusLayouts },
};
