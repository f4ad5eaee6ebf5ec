import type { JsonSchema } from './api';
import { FACE_DOWN, isCard } from './cards';

/**
 * Where each field of a view goes at the table, read from the view itself and its schema (so a new
 * game gets a usable table): the seat's own hand at the bottom, what is kept by seat in each seat's
 * panel, cards and piles in the centre, the last deal's score lines beside it, plain facts on a line.
 */

export type Family = 'trick' | 'fishing' | 'banking' | 'board';

/** The families of the games this build knows; any other kind is laid out as a board, from its schema. */
export const FAMILY: Record<string, Family> = {
  kaiser: 'trick',
  'canadian-salad': 'trick',
  poke: 'trick',
  scopa: 'fishing',
  escoba: 'fishing',
  xeri: 'fishing',
  diloti: 'fishing',
  kontsina: 'fishing',
  'chinese-ten': 'fishing',
  totit: 'fishing',
  'stealing-bundles': 'fishing',
  paks: 'fishing',
  porrazo: 'fishing',
  kabu: 'banking',
  'oicho-kabu': 'banking',
  cactus: 'board',
  'card-stock-market': 'board',
  'divide-and-conquer': 'board',
};

export const familyOf = (kind: string): Family => FAMILY[kind] ?? 'board';

const isCardLike = (v: unknown) => v === null || v === FACE_DOWN || isCard(v);
export const isCardRow = (v: unknown): v is (string | null)[] =>
  Array.isArray(v) && v.some((c) => c !== null) && v.every(isCardLike);

/** Cards as seats played them; a card may be face down. */
export type Plays = { seat: number; card: string }[];
const isPlays = (v: unknown): v is Plays =>
  Array.isArray(v) &&
  v.every(
    (p) =>
      p && typeof p === 'object' && typeof (p as { seat?: unknown }).seat === 'number' && isCard((p as { card?: unknown }).card),
  );

/** A trick as views keep it: `{ plays: [{ seat, card }...] }`. */
export const trickOf = (v: unknown): Plays | null =>
  v && typeof v === 'object' && !Array.isArray(v) && isPlays((v as { plays?: unknown }).plays)
    ? (v as { plays: Plays }).plays
    : null;

/** Piles laid side by side, each with its cards and a few numbers: a market's stocks, Oicho-Kabu's tableaus. */
export const isPiles = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every(
    (p) =>
      p && typeof p === 'object' && !Array.isArray(p) && Object.values(p).some((x) => Array.isArray(x) && x.every(isCardLike)),
  );

/** Counts of face-down cards that make a pile in the centre. */
const PILE = /^(stock|stockCount|stockSize|deckCount|drawPileCount|unusedCount)$/;

/** Fields a person at the table does not need said (they are shown elsewhere, or are the game's bookkeeping). */
const QUIET = new Set([
  'seat',
  'seats',
  'toAct',
  'options',
  'sides',
  'sideOf',
  'finished',
  'winner',
  'firstTurn',
  'memoryAid',
  'turn',
  'dealer',
  'banker',
  'phase',
  'top',
  'order',
]);

/** The last deal, hand or round as the game scored it, and other histories: shown as score lines. */
const RESULT = /^(lastDeal|lastHand|lastRound|scoresheet|deals|history|handsPlayed|games|matches|end|ending|totals|scored)$/;

export interface Placed {
  /** The seat's own hand: its field, or null when it is the seat's entry of `hands`. */
  hand: { key: string | null; cards: string[] } | null;
  /** Fields kept by seat: shown in each seat's panel. */
  bySeat: string[];
  /** Tricks: the one being played, the last one. */
  tricks: { key: string; plays: Plays }[];
  /** Rows of cards in the centre (the table, the board, the discards). */
  rows: { key: string; cards: (string | null)[] }[];
  piles: { key: string; piles: Record<string, unknown>[] }[];
  counts: { key: string; count: number }[];
  /** Plain facts: trump, contract, the deal's number. */
  facts: { key: string; value: unknown }[];
  /** Score lines and histories. */
  results: string[];
  /** The last play, as the game tells it. */
  last: string[];
  /** Anything else that shows cards: a card held, a turn's drawn card. */
  others: string[];
}

/** Whether a value shows a card anywhere. */
const showsCard = (v: unknown): boolean =>
  isCard(v) || (Array.isArray(v) ? v.some(showsCard) : v !== null && typeof v === 'object' && Object.values(v).some(showsCard));

/** A small object of plain values (a contract: seat, points, no trump): one fact. */
const isSmall = (v: unknown) =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length <= 4 &&
  Object.values(v).every((x) => x === null || typeof x !== 'object');

/** Whether a value says anything: not null, not an empty list, not an object of nothing. */
const says = (v: unknown): boolean =>
  v !== null &&
  v !== undefined &&
  (!Array.isArray(v) || v.length > 0) &&
  (typeof v !== 'object' || Array.isArray(v) || Object.values(v).some(says));

const bySeatSchema = (s: JsonSchema | undefined) => /\bby seat\b/i.test(s?.description ?? '');

/** A list whose schema says it holds cards (an empty table is still a table). */
const holdsCards = (s: JsonSchema | undefined) => {
  const items = s?.items && !Array.isArray(s.items) ? s.items : undefined;
  return (items?.anyOf ?? (items ? [items] : [])).some((i) => /\[A2-9TJQK\]/.test(i.pattern ?? ''));
};

export function place(
  state: Record<string, unknown>,
  schema: JsonSchema | undefined,
  seat: number | null,
  seats: number,
): Placed {
  const placed: Placed = {
    hand: null,
    bySeat: [],
    tricks: [],
    rows: [],
    piles: [],
    counts: [],
    facts: [],
    results: [],
    last: [],
    others: [],
  };
  for (const key of ['hand', 'myHand']) {
    const v = state[key];
    if (Array.isArray(v) && v.every(isCard)) placed.hand = { key, cards: v };
  }
  if (!placed.hand && seat !== null && Array.isArray(state.hands) && isCardRow(state.hands[seat])) {
    placed.hand = { key: null, cards: state.hands[seat] as string[] };
  }
  for (const [key, v] of Object.entries(state)) {
    const field = schema?.properties?.[key];
    if (v === null || v === undefined || key === placed.hand?.key || QUIET.has(key)) continue;
    // A trick; cards played by seat; or passes of a draw, the last of them.
    const plays =
      trickOf(v) ??
      (isPlays(v) && v.length > 0 ? v : Array.isArray(v) && v.length > 0 && v.every(isPlays) ? (v.at(-1) as Plays) : null);
    if (plays) placed.tricks.push({ key, plays });
    // A stock shown at the end (Cactus) stays a stock: a count, not a fan of every card left (an empty one too).
    else if (key === 'stock' && Array.isArray(v) && (v.length === 0 || isCardRow(v)))
      placed.counts.push({ key, count: v.length });
    else if (isCardRow(v) && v.length === seats && /\beach seat\b/i.test(field?.description ?? '')) {
      // One card per seat, laid where each seat sits (Divide and Conquer's cards laid face down).
      placed.tricks.push({ key, plays: v.flatMap((card, s) => (card === null ? [] : [{ seat: s, card }])) });
    } else if (Array.isArray(v) && v.length === seats && (bySeatSchema(field) || key === 'hands')) {
      // The scores are every seat panel's own line already.
      if (key !== 'scores') placed.bySeat.push(key);
    } else if (RESULT.test(key)) {
      if (says(v)) placed.results.push(key);
    } else if (/^(last|previous|recent)/.test(key)) {
      if (typeof v !== 'boolean' && says(v)) placed.last.push(key);
    } else if (isCardRow(v) || (Array.isArray(v) && v.length === 0 && holdsCards(field))) placed.rows.push({ key, cards: v });
    else if (
      Array.isArray(v) &&
      v.length > 0 &&
      v.every((d) => d && typeof d === 'object' && isCard((d as { card?: unknown }).card))
    ) {
      placed.rows.push({ key, cards: v.map((d) => (d as { card: string }).card) });
    } else if (isPiles(v)) placed.piles.push({ key, piles: v });
    else if (typeof v === 'number' && PILE.test(key)) placed.counts.push({ key, count: v });
    else if ((typeof v === 'string' || typeof v === 'number') && !/count|size/i.test(key)) placed.facts.push({ key, value: v });
    else if (typeof v === 'object' && showsCard(v)) placed.others.push(key);
    else if (isSmall(v)) placed.facts.push({ key, value: v });
  }
  return placed;
}
