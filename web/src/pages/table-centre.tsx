import type { Action, JsonSchema } from '../api';
import { type Direction, directionOf } from '../compass';
import { Cards, Fact, Pile, PileBox, Told, type Touch, Trick } from '../felt';
import { capitalize, humanize } from '../labels';
import type { Placed } from '../layout';
import type { Amount } from '../moves';
import type { Glimpse } from '../narrate';
import type { FieldRenderer, PlaceTouch, Seating } from '../view';
import { AmountControl } from './move-controls';

/** The field of an action that names one of a list of piles: `tableau` for `tableaus`. */
export const pileField = (key: string) => key.replace(/s$/, '');

/**
 * The middle of the felt: a game's own drawings, the tricks, the rows of cards a player may touch, the
 * piles with their bets, the counts of hidden piles, the last play and the plain facts.
 */
export function Centre({
  state,
  placed,
  from,
  me,
  schema,
  own,
  seating,
  placeTouch,
  glimpse,
  touch,
  amounts,
  kind,
  busy,
  play,
}: {
  state: Record<string, unknown>;
  placed: Placed;
  /** The side of the felt the move shown came from: a card it laid comes in from there. */
  from: Direction;
  me: number | null;
  schema: JsonSchema | undefined;
  /** The game's own drawings of some fields (Cactus's layouts). */
  own: Record<string, FieldRenderer>;
  seating: Seating;
  placeTouch: PlaceTouch | undefined;
  /** A card this seat just looked at, for the game's drawing to show face up. */
  glimpse?: Glimpse;
  /** How the cards of the rows are touched. */
  touch: Touch;
  /** Amounts to set (bets): each drawn on the pile it names. */
  amounts: Amount[];
  kind: string;
  busy: boolean;
  play(a: Action): void;
}) {
  const { seatName, seats } = seating;
  const described = (key: string) => schema?.properties?.[key]?.description;
  return (
    <div class={`centre from-${from}`}>
      {Object.entries(own).map(([k, Own]) => (
        <div class="centre-item" key={k}>
          <Own value={state[k]} seating={seating} touch={placeTouch} glimpse={glimpse} />
        </div>
      ))}
      {placed.tricks.map((t) => (
        <Trick
          key={t.key}
          plays={t.plays}
          seatName={seatName}
          from={(seat) => directionOf(seat, null, me)}
          winner={
            typeof (state[t.key] as { winner?: unknown })?.winner === 'number'
              ? (state[t.key] as { winner: number }).winner
              : undefined
          }
          label={t.key === 'trick' ? 'The trick' : capitalize(humanize(t.key))}
        />
      ))}
      {placed.rows.map((r) => (
        <figure class="centre-item" key={r.key}>
          <figcaption>{capitalize(humanize(r.key))}</figcaption>
          <Cards cards={r.cards} label={humanize(r.key)} place={r.key} touch={touch} />
        </figure>
      ))}
      {placed.piles.map((p) => (
        <fieldset class="piles" key={p.key}>
          <legend class="sr">{capitalize(humanize(p.key))}</legend>
          {p.piles.map((pile, i) => {
            const title = String(pile.name ?? pile.suit ?? `${capitalize(humanize(p.key)).replace(/s$/, '')} ${i + 1}`);
            return (
              <PileBox key={i} title={title} pile={pile} seatName={seatName} seats={seats}>
                {amounts
                  .filter((g) => g.base[pileField(p.key)] === i)
                  .map((g) => (
                    <AmountControl
                      key={JSON.stringify(g.base)}
                      group={g}
                      kind={kind}
                      busy={busy}
                      play={play}
                      state={state}
                      short
                    />
                  ))}
              </PileBox>
            );
          })}
        </fieldset>
      ))}
      {placed.counts.map((c) => (
        <Pile key={c.key} count={c.count} label={capitalize(humanize(c.key).replace(/ (count|size)$/, ''))} />
      ))}
      {[...placed.others, ...placed.last].map((k) => (
        <div class="centre-item last" key={k}>
          <span class="caption">{capitalize(humanize(k))}</span>{' '}
          <Told value={state[k]} seatName={seatName} seats={seats} name={k} />
        </div>
      ))}
      {placed.facts.length > 0 && (
        <p class="facts">
          {placed.facts.map((f) =>
            typeof f.value === 'object' ? (
              <span class="fact" key={f.key}>
                {capitalize(humanize(f.key))}: <Told value={f.value} seatName={seatName} seats={seats} />
              </span>
            ) : typeof f.value === 'number' && f.value < seats && /^(the |a )?seat\b/i.test(described(f.key) ?? '') ? (
              // A seat by its number ("the seat that may use the top discard's power") is said by name.
              <Fact key={f.key} name={f.key} value={seatName(f.value)} />
            ) : (
              <Fact key={f.key} name={f.key} value={f.value} description={described(f.key)} />
            ),
          )}
        </p>
      )}
    </div>
  );
}
