import type { Action, LoggedEvent } from './api';
import { cardName, isCard, listed } from './cards';
import { clockWords } from './clock-terms';
import { actionLabel } from './labels';

/**
 * The log's events in words (BGA's notification handlers): what each seat did, as this seat may know
 * it, and the notices meant for this seat alone: what its peek showed, what the clock played for it.
 */

/**
 * A face-down card this seat has just looked at (a peek, a spy), from its own reading of the log: a
 * game's drawing turns it face up where it lies, for this seat alone, until the next move.
 */
export interface Glimpse {
  /** The move's type and place, as it names them (a spy names the other seat's place). */
  type: string;
  position: number;
  card: string;
}

export interface Said {
  seq: number;
  /** "Bo: play 7 of hearts", "You: draw from the stock". */
  text: string;
  /** Something for this seat alone, worth a notice of its own. */
  notice?: string;
  /** The move was this seat's own, played by the person at this page (no pacing needed). */
  own: boolean;
  /** The face-down card the move showed this seat, where it lies. */
  glimpse?: Glimpse;
  /** The seat that moved: a card it played comes in from its side of the felt. */
  seat: number;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What a move showed the seat that made it, from the fields its reading of the log adds. */
function shown(action: Action): string | null {
  const cards = (v: unknown) => (isCard(v) ? cardName(v) : Array.isArray(v) && v.every(isCard) ? listed(v.map(cardName)) : null);
  if (action.saw !== undefined) return `you saw the ${cards(action.saw)}`;
  if (action.drew !== undefined) return `you drew ${cards(action.drew)}`;
  return null;
}

/** What the clocks did, in words: time given, a vacation's freeze and its end; null for anything else. */
function clockEvent(
  e: Pick<LoggedEvent, 'seat' | 'kind' | 'by' | 'action'>,
  who: string,
  seatName: (seat: number) => string,
  mySeat: number | null,
): Pick<Said, 'text' | 'notice'> | null {
  const action = e.action as Action;
  if (e.kind === 'gift') {
    const to = action.seat === mySeat ? 'you' : seatName(action.seat as number);
    const text = `${who} gave ${to} ${clockWords(action.seconds as number)} more.`;
    return { text, notice: action.seat === mySeat ? text : undefined };
  }
  if (e.kind === 'vacation') {
    const until = new Date(action.until as string).toLocaleString();
    return { text: `${who} ${e.seat === mySeat ? 'are' : 'is'} on vacation until ${until}: the clock is stopped.` };
  }
  if (e.kind === 'resume')
    return { text: `${who} ${e.seat === mySeat ? 'are' : 'is'} back from vacation: the clock runs again.` };
  return null;
}

export function narrate(
  e: Pick<LoggedEvent, 'seq' | 'seat' | 'kind' | 'by' | 'action'>,
  kind: string,
  seatName: (seat: number) => string,
  mySeat: number | null,
): Said {
  const mine = e.seat === mySeat;
  const who = mine ? 'You' : seatName(e.seat);
  const action = e.action as Action;
  const base = { seq: e.seq, seat: e.seat, own: mine && e.by === 'seat' };
  if (e.kind === 'resign') return { ...base, text: `${who} resigned.`, notice: mine ? undefined : `${who} resigned.` };
  if (e.kind === 'forfeit') {
    const text = `${who} ran out of time and ${mine ? 'lose' : 'loses'} the game.`;
    return { ...base, text, notice: text };
  }
  if (e.kind === 'abort') {
    const text = action.reason === 'abandoned' ? 'Nobody played for too long: the game was aborted.' : `${who} aborted the game.`;
    return { ...base, text, notice: text };
  }
  const clock = clockEvent(e, who, seatName, mySeat);
  if (clock) return { ...base, ...clock };
  // Labels speak to the seat that acts ("your bottom left card"): another seat's move is told from here.
  const said = lowerFirst(actionLabel(action, kind));
  const label = mine
    ? said
    : said.replace(/\b(your|the opponent’s) /g, (_, whose) =>
        whose === 'your' ? 'their ' : mySeat === null ? 'the other’s ' : 'your ',
      );
  const saw = mine ? shown(action) : null;
  const glimpse =
    mine && isCard(action.saw) && typeof action.position === 'number'
      ? { type: action.type, position: action.position, card: action.saw }
      : undefined;
  const told = { ...base, ...(glimpse ? { glimpse } : {}) };
  const text = `${who}: ${label}${saw ? `: ${saw}` : ''}${e.by === 'clock' ? ' (the clock played it)' : ''}.`;
  if (mine && e.by === 'clock') return { ...told, text, notice: `Time ran out: the clock played for you: ${label}.` };
  if (mine && e.by === 'service') return { ...told, text, notice: `The table played for you: ${label}.` };
  if (saw) return { ...told, text, notice: `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${saw}.` };
  return { ...told, text };
}
