import type { JSX } from 'preact';
import type { Action, JsonSchema } from './api';
import { cardFace, cardName, FACE_DOWN, isCard } from './cards';
import { capitalize, humanize } from './labels';
import type { Glimpse } from './narrate';

/**
 * Draws any game's view from its view schema (GET /catalog/{kind} publishes it): cards as cards,
 * fields under their names with their descriptions, lists by seat under the seats' names. With no
 * schema (the full state of a replay) it draws the JSON as it comes, cards still as cards.
 */

/**
 * Places a game's own drawing lets a player touch (Cactus's positions): the moves at a seat's place,
 * and what a touch does with them. Absent where nothing may be touched (the audit, a spectator).
 */
export interface PlaceTouch {
  movesAt(seat: number, place: number): Action[];
  touch(moves: Action[]): void;
  busy: boolean;
}

/** A game's own drawing of one field of its view. */
export type FieldRenderer = (props: { value: unknown; seating: Seating; touch?: PlaceTouch; glimpse?: Glimpse }) => JSX.Element;

export interface Seating {
  /** "Ann", "random bot", "Seat 2". */
  seatName(seat: number): string;
  seats: number;
  /** The seat this page plays, if any: its own things are drawn nearest the player. */
  me?: number | null;
}

/** One card, face up or down, with its name for screen readers. */
export function CardFace({ code }: { code: string }) {
  if (code === FACE_DOWN) return <span class="card back" role="img" aria-label="a face-down card" title="face down" />;
  const face = cardFace(code);
  return (
    <span class={`card ${face.red ? 'red' : 'black'}`} role="img" aria-label={cardName(code)} title={cardName(code)}>
      <span aria-hidden="true">
        {face.rank}
        {face.symbol}
      </span>
    </span>
  );
}

export function CardRow({ cards, label }: { cards: (string | null)[]; label?: string }) {
  if (cards.length === 0) return <span class="none">no cards</span>;
  return (
    <ul class="cards" aria-label={label}>
      {cards.map((c, i) => (
        // A layout keeps its gaps and two decks repeat codes: a card's place is its identity.
        <li key={i}>{c === null ? <span class="card gap" role="img" aria-label="empty place" /> : <CardFace code={c} />}</li>
      ))}
    </ul>
  );
}

const isCardLike = (v: unknown) => v === null || v === FACE_DOWN || isCard(v);

/** The variant of a schema (a union's member) that describes this value. */
function variantFor(schema: JsonSchema | undefined, value: unknown): JsonSchema | undefined {
  if (!schema?.anyOf) return schema;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const fits = (s: JsonSchema) => {
    if (s.const !== undefined) return s.const === value;
    const t = s.type;
    if (kind === 'number') return t === 'integer' || t === 'number';
    return t === kind || (s.anyOf !== undefined && variantFor(s, value) !== undefined);
  };
  const found = schema.anyOf.find(fits);
  return found ? { ...variantFor(found, value), description: found.description ?? schema.description } : schema;
}

function itemSchema(schema: JsonSchema | undefined, index: number): JsonSchema | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.items)) return schema.items[index];
  return schema.prefixItems?.[index] ?? schema.items;
}

const SEAT_KEYS = new Set([
  'seat',
  'dealer',
  'turn',
  'winner',
  'leader',
  'banker',
  'nonDealer',
  'lastCapturer',
  'decider',
  'from',
  'to',
  'jokerDrawnBy',
]);

function namesASeat(key: string | undefined, schema: JsonSchema | undefined) {
  if (key !== undefined && SEAT_KEYS.has(key)) return true;
  return /^(the |a )?seat( (that|whose|to|of)\b|$)/i.test(schema?.description ?? '');
}

const isPlain = (v: unknown) => v === null || typeof v !== 'object';
const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isCompact = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length <= 4 && Object.values(v).every(isPlain);

/** A small object of plain values reads best on one line: "Ann 7♥", "points 12 · no trump yes". */
function Compact({ value, schema, seating }: { value: Record<string, unknown>; schema?: JsonSchema; seating: Seating }) {
  const parts = Object.entries(value).map(([key, v]) => {
    const field = variantFor(schema?.properties?.[key], v);
    if (typeof v === 'number' && namesASeat(key, field) && v < seating.seats) return <strong>{seating.seatName(v)}</strong>;
    if (isCard(v) || v === FACE_DOWN) return <CardFace code={v} />;
    return (
      <span title={field?.description}>
        {humanize(key)} <Value value={v} schema={field} seating={seating} name={key} />
      </span>
    );
  });
  return (
    <span class="compact">
      {parts.map((p, i) => (
        <span key={Object.keys(value)[i]}>{p}</span>
      ))}
    </span>
  );
}

const bySeat = (schema: JsonSchema | undefined) => /\bby seat\b/i.test(schema?.description ?? '');
const bySide = (schema: JsonSchema | undefined) => /\bby side\b/i.test(schema?.description ?? '');

interface ValueProps {
  value: unknown;
  schema?: JsonSchema;
  seating: Seating;
  name?: string;
}

/** One value of a view, drawn as its schema says. */
export function Value({ value, schema: given, seating, name }: ValueProps): JSX.Element {
  const schema = variantFor(given, value);
  if (value === null || value === undefined) return <span class="none">—</span>;
  if (isCard(value) || value === FACE_DOWN) return <CardFace code={value} />;
  if (typeof value === 'number' && Number.isInteger(value) && namesASeat(name, schema) && value < seating.seats) {
    return <span>{seating.seatName(value)}</span>;
  }
  if (typeof value === 'boolean') return <span>{value ? 'yes' : 'no'}</span>;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  if (Array.isArray(value)) return <ListValue value={value} schema={schema} seating={seating} name={name} />;
  if (isCompact(value)) {
    return <Compact value={value as Record<string, unknown>} schema={schema} seating={seating} />;
  }
  return <Fields value={value as Record<string, unknown>} schema={schema} seating={seating} />;
}

function ListValue({ value, schema, seating, name }: ValueProps & { value: unknown[] }) {
  const label = name ? humanize(name) : undefined;
  // A row of cards, where places may be empty (null); a row of nothing but nulls is no row of cards.
  if (value.some((v) => v !== null) && value.every(isCardLike))
    return <CardRow cards={value as (string | null)[]} label={label} />;
  if (value.length === 0) return <span class="none">none</span>;
  const who = bySeat(schema) ? seating.seatName : bySide(schema) ? (i: number) => `Side ${i + 1}` : null;
  if (who) {
    return (
      <ul class="by-seat">
        {value.map((v, i) => (
          <li key={i}>
            <span class="who">{who(i)}</span> <Value value={v} schema={itemSchema(schema, i)} seating={seating} />
          </li>
        ))}
      </ul>
    );
  }
  if (value.every(isPlain)) {
    const item = itemSchema(schema, 0);
    const seats = value.every((v) => typeof v === 'number' && v < seating.seats) && namesASeat(undefined, item);
    // A card among other values is said by name, as everywhere else: "4 of hearts", never "4H".
    const said = (v: unknown) => (v === null ? '—' : seats ? seating.seatName(v as number) : isCard(v) ? cardName(v) : String(v));
    return <span>{value.map(said).join(', ')}</span>;
  }
  const items = (
    <ol class={value.every(isCompact) ? 'entries inline' : value.every(isPlainObject) ? 'entries blocks' : 'entries'}>
      {value.map((v, i) => (
        <li key={i}>
          <Value value={v} schema={itemSchema(schema, i)} seating={seating} />
        </li>
      ))}
    </ol>
  );
  // Long histories fold away; the latest entries matter most at the table.
  return value.length > 8 ? (
    <details>
      <summary>
        {value.length} entries{label ? ` (${label})` : ''}
      </summary>
      {items}
    </details>
  ) : (
    items
  );
}

export function Fields({
  value,
  schema,
  seating,
  skip = [],
  renderers = {},
}: {
  value: Record<string, unknown>;
  schema?: JsonSchema;
  seating: Seating;
  skip?: string[];
  /** A game's own drawing of some of its fields (renderers.tsx). */
  renderers?: Record<string, FieldRenderer>;
}) {
  const entries = Object.entries(value).filter(([k]) => !skip.includes(k));
  return (
    <dl class="fields">
      {entries.map(([key, v]) => {
        const field = schema?.properties?.[key];
        const Own = renderers[key];
        return (
          <div class="field" key={key}>
            <dt title={field?.description}>{capitalize(humanize(key))}</dt>
            <dd>{Own ? <Own value={v} seating={seating} /> : <Value value={v} schema={field} seating={seating} name={key} />}</dd>
          </div>
        );
      })}
    </dl>
  );
}
