import { type CactusEnd, cactusEnding } from './cactus-end';
import { cardName, listed, suitName } from './cards';
import { Cards } from './felt';
import type { Seating } from './view';

/**
 * The end of a deal or round as players tell it (cardgames.io's score table at each deal's end):
 * a sentence, then a small table in the game's own terms, by seat or by side, with the running
 * totals. Games not listed keep the generic score lines.
 */

type State = Record<string, unknown>;

/** The table of one deal's end, with its caption: rows of lines, a column a seat or side. */
function ScoreTable({ caption, heads, rows }: { caption: string; heads: string[]; rows: (string | number)[][] }) {
  return (
    <table class="deal-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {heads.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([line, ...cells]) => (
          <tr key={String(line)}>
            <th scope="row">{line}</th>
            {cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

interface ScopaDeal {
  deal: number;
  cards: number[];
  diamonds: number[];
  settebello: number | null;
  primiera: (number | null)[];
  scopas: number[];
  awarded: { line: string; seat: number }[];
  scoresAfter: number[];
}

function scopaDeal(d: ScopaDeal, { seatName }: Seating) {
  const seats = d.cards.map((_, s) => s);
  const points = seats.map((s) => d.awarded.filter((p) => p.seat === s).length);
  const line = (name: string) => seats.map((s) => (d.awarded.some((p) => p.line === name && p.seat === s) ? ' ✓' : ''));
  const [cards, diamonds, primiera] = [line('cards'), line('diamonds'), line('primiera')];
  const rows: (string | number)[][] = [
    ['Cards', ...seats.map((s) => `${d.cards[s]}${cards[s]}`)],
    ['Diamonds', ...seats.map((s) => `${d.diamonds[s]}${diamonds[s]}`)],
    ['Settebello (7♦)', ...seats.map((s) => (d.settebello === s ? 'taken ✓' : ''))],
    // A pile lacking a suit has no primiera: a dash.
    ['Primiera', ...seats.map((s) => `${d.primiera[s] ?? '—'}${primiera[s]}`)],
    ['Scopas', ...seats.map((s) => d.scopas[s])],
    ['Points this deal', ...seats.map((s) => points[s])],
    ['Match total', ...seats.map((s) => d.scoresAfter[s])],
  ];
  const best = Math.max(...points);
  const leaders = seats.filter((s) => points[s] === best);
  const said =
    leaders.length === 1
      ? `Deal ${d.deal}: ${seatName(leaders[0])} scored ${best} point${best === 1 ? '' : 's'} of ${d.awarded.length}.`
      : `Deal ${d.deal}: the points were shared ${points.join(' to ')}.`;
  return { said, table: <ScoreTable caption={`Deal ${d.deal}`} heads={seats.map(seatName)} rows={rows} /> };
}

interface KaiserDeal {
  contract: { seat: number; points: number; noTrump: boolean };
  trump: string | null;
  tricks: number[];
  values: number[];
  made: boolean;
  changes: number[];
  scores: number[];
}

/** A side named by its players: "Ann and Cy". */
const sideName = (sides: number[][], side: number, seatName: (s: number) => string) => listed((sides[side] ?? []).map(seatName));

function kaiserDeal(d: KaiserDeal, state: State, { seatName }: Seating) {
  const sides = (state.sides as number[][]) ?? [
    [0, 2],
    [1, 3],
  ];
  const declarers = sides.findIndex((side) => side.includes(d.contract.seat));
  const bid = `${d.contract.points}${d.contract.noTrump ? ' no trump' : d.trump ? ` in ${suitName(d.trump)}` : ''}`;
  const said = `${seatName(d.contract.seat)} bid ${bid}: ${sideName(sides, declarers, seatName)} ${d.made ? 'made it' : 'fell short'} with ${d.values[declarers]} points.`;
  const rows: (string | number)[][] = [
    ['Tricks', ...d.tricks],
    ['Points in tricks', ...d.values],
    ['Added this deal', ...d.changes.map(signed)],
    ['Match total', ...d.scores],
  ];
  const heads = sides.map((_, i) => sideName(sides, i, seatName));
  return { said, table: <ScoreTable caption={`The last deal: bid ${bid}`} heads={heads} rows={rows} /> };
}

interface KabuRound {
  round: number;
  dealer: number;
  tableaus: { cards: string[]; total: number; arashi: boolean; bets: number[]; outcome: string }[];
  dealerCards: string[];
  dealerTotal: number | null;
  special: string | null;
  payouts: { seat: number; tableau: number; bet: number; net: number }[];
  chips: number[];
}

const OUTCOME: Record<string, string> = {
  dealer: 'the dealer won',
  push: 'tie: bets returned',
  win: 'beat the dealer: paid even',
  arashi: 'arashi (three alike): paid twice',
  none: 'no bets',
};

function kabuRound(r: KabuRound, { seatName }: Seating) {
  const dealer = seatName(r.dealer);
  const special = r.special ? ` (${r.special}: the dealer wins every bet)` : '';
  const said =
    r.dealerTotal === null
      ? `Round ${r.round}: nobody bet against ${dealer}.`
      : `Round ${r.round}: ${dealer} dealt and showed ${listed(r.dealerCards.map(cardName))}, ${r.dealerTotal}${special}.`;
  const seats = r.chips.map((_, s) => s);
  const net = seats.map((s) => r.payouts.filter((p) => p.seat === s).reduce((sum, p) => sum + p.net, 0));
  const dealerNet = -net.reduce((a, b) => a + b, 0);
  return {
    said,
    table: (
      <>
        <table class="deal-table">
          <caption>
            {r.dealerTotal === null
              ? `Round ${r.round}: the tableaus (nobody bet)`
              : `Round ${r.round}: the tableaus against the dealer’s ${r.dealerTotal}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Tableau</th>
              <th scope="col">Cards</th>
              <th scope="col">Total</th>
              <th scope="col">Bets</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {r.tableaus.map((t, i) => (
              <tr key={i}>
                <th scope="row">{i + 1}</th>
                <td>
                  <Cards cards={t.cards} label={`Tableau ${i + 1}`} />
                </td>
                <td>{t.total}</td>
                <td>{seats.flatMap((s) => (t.bets[s] ? [`${seatName(s)} ${t.bets[s]}`] : [])).join(', ') || '—'}</td>
                <td>{OUTCOME[t.outcome] ?? t.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ScoreTable
          caption="Chips"
          heads={seats.map(seatName)}
          rows={[
            ['Won or lost this round', ...seats.map((s) => signed(s === r.dealer ? dealerNet : net[s]))],
            ['Chips now', ...r.chips],
          ]}
        />
      </>
    ),
  };
}

/** Cactus's end: both layouts turned up, their totals, the lower winning. */
function cactusEnd(end: CactusEnd) {
  return { said: end.said, table: <ScoreTable caption="The layouts turned up" heads={end.heads} rows={end.rows} /> };
}

export interface DealEnd {
  said: string;
  table: preact.JSX.Element;
  /** The next deal has barely begun (or the game is over): the end is still news, told on the felt too. */
  fresh: boolean;
}

/** The last deal's end at this table, in words and a table; null for a game without one of its own, or before the first. */
export function dealEnd(kind: string, state: State, seating: Seating): DealEnd | null {
  if (kind === 'scopa' && Array.isArray(state.history) && state.history.length > 0)
    return { ...scopaDeal(state.history.at(-1) as ScopaDeal, seating), fresh: state.lastPlay === null || state.winner !== null };
  if (kind === 'kaiser' && state.lastDeal) {
    const fresh = state.phase === 'over' || (state.phase === 'bidding' && ((state.calls as unknown[]) ?? []).length < 4);
    return { ...kaiserDeal(state.lastDeal as KaiserDeal, state, seating), fresh };
  }
  const cactus = kind === 'cactus' ? cactusEnding(state, seating.seatName) : null;
  if (cactus) return { ...cactusEnd(cactus), fresh: true };
  if (kind === 'oicho-kabu' && state.lastRound)
    return { ...kabuRound(state.lastRound as KabuRound, seating), fresh: state.betTotal === 0 };
  return null;
}

/** The fields a deal's end table tells already: left out of the generic score lines. */
export const DEAL_END_FIELDS: Record<string, string[]> = {
  scopa: ['history'],
  kaiser: ['lastDeal'],
  'oicho-kabu': ['lastRound'],
  cactus: ['totals', 'end'],
};

/** Every deal of a Scopa match, for the game's end: the match's score table. */
export function matchTable(kind: string, state: State, { seatName }: Seating): preact.JSX.Element | null {
  if (kind !== 'scopa' || !Array.isArray(state.history) || state.history.length === 0) return null;
  const deals = state.history as ScopaDeal[];
  const seats = deals[0].scoresAfter.map((_, s) => s);
  return (
    <ScoreTable
      caption="The match, deal by deal"
      heads={seats.map(seatName)}
      rows={deals.map((d) => [
        `Deal ${d.deal}`,
        ...seats.map((s) => `${d.awarded.filter((p) => p.seat === s).length} → ${d.scoresAfter[s]}`),
      ])}
    />
  );
}
