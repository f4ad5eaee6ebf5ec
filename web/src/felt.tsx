import type { ComponentChildren } from 'preact';
import type { JsonSchema } from './api';
import { cardFace, cardName, FACE_DOWN, isCard, suitName } from './cards';
import type { Direction } from './compass';
import { capitalize, humanize, spoken } from './labels';
import { CardFace } from './view';

/**
 * The table's shared pieces (BGA's Stock and Zone, a counter, a seat panel): a card that can be
 * touched, a row of cards, a face-down pile with its count, a trick laid by seat, and a seat's panel.
 * Every family's layout is made of these.
 */

/**
 * A card a player can touch. Its name starts with what it shows ("Q♦, queen of diamonds"), so that a
 * person who says what they see reaches it by voice.
 */
export function CardButton({
  code,
  pressed,
  disabled,
  hint,
  onClick,
}: {
  code: string;
  pressed?: boolean;
  disabled?: boolean;
  hint?: string;
  onClick(): void;
}) {
  const face = cardFace(code);
  return (
    <button
      type="button"
      class={`card card-button ${face.red ? 'red' : 'black'}`}
      aria-pressed={pressed}
      disabled={disabled}
      title={hint}
      onClick={onClick}
    >
      {face.rank}
      {face.symbol}
      <span class="sr">, {cardName(code)}</span>
    </button>
  );
}

export interface Touch {
  /** Whether this card may be clicked now. */
  can(code: string): boolean;
  /** Whether this card, at this place, is chosen. */
  chosen(place: string): boolean;
  click(place: string, code: string): void;
  busy: boolean;
}

/** A row of cards; with `touch`, the cards a move may use are buttons. `place` names the row, for choices. */
export function Cards({
  cards,
  label,
  place,
  touch,
}: {
  cards: readonly (string | null)[];
  label?: string;
  place?: string;
  touch?: Touch;
}) {
  if (cards.length === 0) return <span class="none">no cards</span>;
  return (
    <ul class="cards" aria-label={label}>
      {cards.map((c, i) => {
        const at = `${place}:${i}`;
        return (
          // A layout keeps its gaps and two decks repeat codes: a card's place is its identity.
          <li key={i}>
            {c === null ? (
              <span class="card gap" role="img" aria-label="empty place" />
            ) : touch && place && isCard(c) && (touch.can(c) || touch.chosen(at)) ? (
              <CardButton code={c} pressed={touch.chosen(at)} disabled={touch.busy} onClick={() => touch.click(at, c)} />
            ) : (
              <CardFace code={c} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A face-down pile and how many cards it holds: the stock, a deck. */
export function Pile({ count, label }: { count: number; label: string }) {
  return (
    <figure class="pile">
      <span class={count > 0 ? 'card back' : 'card gap'} role="img" aria-label={`${label}: ${count} cards`} />
      <figcaption>
        {label} <strong>{count}</strong>
      </figcaption>
    </figure>
  );
}

/** A trick: each card where its seat played it, the leader first. */
export function Trick({
  plays,
  label,
  seatName,
  from,
  winner,
}: {
  plays: { seat: number; card: string }[];
  label: string;
  seatName(seat: number): string;
  /** The side of the felt each seat plays from: its card comes in from there. */
  from(seat: number): Direction;
  /** The seat that took it, once it is complete. */
  winner?: number;
}) {
  return (
    <figure class="trick">
      <figcaption>
        {label}
        {winner !== undefined && `: ${seatName(winner)} took it`}
      </figcaption>
      {plays.length === 0 ? (
        <p class="none">no card yet</p>
      ) : (
        <ol class="trick-cards">
          {plays.map((p) => (
            <li key={`${p.seat}-${p.card}`} class={`arrive from-${from(p.seat)}`}>
              <CardFace code={p.card} />
              <small>{seatName(p.seat)}</small>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}

/** Words for the fields views keep by seat: "cards in hand" reads better than "hand counts". */
const SEAT_STAT: Record<string, string> = {
  handCounts: 'cards in hand',
  handSizes: 'cards in hand',
  capturedCounts: 'won cards',
  captured: 'captured',
  won: 'won cards',
  stockValue: 'shares worth $',
  money: 'net $',
  cash: 'cash $',
};

export const statName = (key: string) => SEAT_STAT[key] ?? humanize(key);

/** One seat's entry of a by-seat field, said briefly. */
export function SeatStat({ name, value, schema }: { name: string; value: unknown; schema?: JsonSchema }) {
  if (value === null || value === undefined || value === false) return null;
  const label = statName(name);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => v === null || v === FACE_DOWN || isCard(v))) {
    if (value.length > 12) {
      return (
        <div class="stat" title={schema?.description}>
          {label}: {value.length}
        </div>
      );
    }
    return (
      <div class="stat" title={schema?.description}>
        {label}: <Cards cards={value as string[]} label={label} />
      </div>
    );
  }
  if (Array.isArray(value) && value.length === 0) return null;
  // Shares by suit ({ S: 0, H: 6, ... }): the suits held, by their symbols.
  if (value && typeof value === 'object' && Object.keys(value).every((k) => /^[SHDC]$/.test(k))) {
    const held = Object.entries(value as Record<string, number>).filter(([, n]) => n);
    return (
      <div class="stat" title={schema?.description}>
        {label}: <strong>{held.length ? held.map(([suit, n]) => `${cardFace(`A${suit}`).symbol}${n}`).join(' ') : 'none'}</strong>
      </div>
    );
  }
  return (
    <div class="stat" title={schema?.description}>
      {label}:{' '}
      <strong>{typeof value === 'object' || isCard(value) ? spoken(value) : value === true ? 'yes' : String(value)}</strong>
    </div>
  );
}

/** A seat at the table: its name, whether it is to play, its clock and score, and what the view says of it. */
export function SeatPanel({
  name,
  you,
  toPlay,
  clock,
  score,
  tags,
  children,
}: {
  name: string;
  you: boolean;
  toPlay: boolean;
  clock: string | null;
  score: number | null;
  tags: string[];
  children?: ComponentChildren;
}) {
  return (
    <section class={`seat${toPlay ? ' to-act' : ''}${you ? ' you' : ''}`} aria-label={you ? `${name} (you)` : name}>
      <header>
        <span class="who">
          {name}
          {you ? ' (you)' : ''}
        </span>
        {tags.map((t) => (
          <span key={t} class="tag">
            {t}
          </span>
        ))}
        {toPlay && <span class="tag turn-tag">to play</span>}
      </header>
      <div class="seat-line">
        {score !== null && (
          <span>
            score <strong>{score}</strong>
          </span>
        )}
        {clock && <span class="clock">{clock}</span>}
        {children}
      </div>
    </section>
  );
}

/** A short line for a value at the table: "Trump: hearts", "Phase: bidding". */
export function Fact({ name, value, description }: { name: string; value: unknown; description?: string }) {
  // A suit by its letter ("H") is said as people say it: "hearts ♥".
  const said =
    typeof value === 'string' && /^[SHDC]$/.test(value)
      ? `${suitName(value)} ${cardFace(`A${value}`).symbol}`
      : typeof value === 'string' && !isCard(value)
        ? value
        : spoken(value);
  return (
    <span class="fact" title={description}>
      {capitalize(humanize(name))}: <strong>{said}</strong>
    </span>
  );
}

const SEAT_FIELDS = new Set(['seat', 'leader', 'winner', 'by', 'from', 'to', 'decider', 'dealer']);
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What just happened, on one line: "Random bot · card J♠ · took 5♣ 10♣", the seats by name, cards as
 * cards, yes/no fields only when yes. A list tells its last few entries.
 */
export function Told({
  value,
  seatName,
  seats,
  name,
}: {
  value: unknown;
  seatName(seat: number): string;
  seats: number;
  /** The field's name: a number under a seat's name ("lastCapturer") is that seat. */
  name?: string;
}) {
  if (typeof value === 'number' && name && /seat|capturer|winner|leader|dealer|decider/i.test(name) && value < seats) {
    return <strong>{seatName(value)}</strong>;
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) {
    return (
      <ol class="told-list">
        {value.slice(-3).map((v, i) => (
          <li key={i}>
            <Told value={v} seatName={seatName} seats={seats} />
          </li>
        ))}
      </ol>
    );
  }
  if (!isPlainObject(value)) return <span>{spoken(value)}</span>;
  const parts = Object.entries(value).flatMap(([k, v]) => {
    if (v === null || v === undefined || v === false) return [];
    if (SEAT_FIELDS.has(k) && typeof v === 'number' && v < seats) {
      return [<strong key={k}>{k === 'seat' ? seatName(v) : `${humanize(k)} ${seatName(v)}`}</strong>];
    }
    if (isCard(v) || v === FACE_DOWN) {
      return [
        <span key={k}>
          {humanize(k)} <CardFace code={v} />
        </span>,
      ];
    }
    if (Array.isArray(v) && v.length > 0 && v.every((c) => isCard(c) || c === FACE_DOWN)) {
      return [
        <span key={k}>
          {humanize(k)} <Cards cards={v as string[]} label={humanize(k)} />
        </span>,
      ];
    }
    if (v === true) return [<span key={k}>{humanize(k)}</span>];
    if (Array.isArray(v) && v.length === 0) return [<span key={k}>{humanize(k)}: none</span>];
    return [<span key={k}>{`${humanize(k)} ${spoken(v)}`}</span>];
  });
  return <span class="told">{parts}</span>;
}

/** Past this many cards, a pile shows its top card and a count. */
const STACKED = 3;

/**
 * One pile of several laid side by side (a tableau, a stock of the market): its cards, then its
 * numbers, by-seat lists by name (zeros left out), seats by name, and any controls that act on it.
 */
export function PileBox({
  title,
  pile,
  seatName,
  seats,
  children,
}: {
  title: string;
  pile: Record<string, unknown>;
  seatName(seat: number): string;
  seats: number;
  children?: ComponentChildren;
}) {
  const parts = Object.entries(pile).flatMap(([k, v]) => {
    if (v === null || v === undefined || k === 'name' || k === 'suit') return [];
    if (Array.isArray(v) && v.every((c) => c === null || c === FACE_DOWN || isCard(c))) {
      // A long pile stacks: its top card (the last laid) and how many lie under it, never every card fanned out.
      if (v.length > STACKED) {
        return [
          <span key={k} class="stacked">
            <Cards cards={[v[v.length - 1] as string]} label={`${title}: ${humanize(k)}, top card`} />
            <small>{v.length} cards</small>
          </span>,
        ];
      }
      return [<Cards key={k} cards={v as string[]} label={`${title}: ${humanize(k)}`} />];
    }
    if (Array.isArray(v) && v.length === seats && v.every((x) => typeof x === 'number')) {
      const some = (v as number[]).flatMap((n, s) => (n ? [`${seatName(s)} ${n}`] : []));
      return [<span key={k}>{`${humanize(k)}: ${some.length ? some.join(', ') : 'none'}`}</span>];
    }
    if (SEAT_FIELDS.has(k) && typeof v === 'number' && v < seats)
      return [<span key={k}>{`${humanize(k)}: ${seatName(v)}`}</span>];
    return [<span key={k}>{`${humanize(k)} ${spoken(v)}`}</span>];
  });
  return (
    <div class="pile-box">
      <strong>{title}</strong>
      {parts}
      {children}
    </div>
  );
}
