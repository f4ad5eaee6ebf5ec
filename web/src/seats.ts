import type { SummarySeat } from './api';
import { capitalize } from './labels';

/** A seat's name at the table: its player's, its bot's, or what waits there; "(seat N)" where two would read alike. */
export function seatNamer(seats: SummarySeat[]): (seat: number) => string {
  const plain = (s: SummarySeat | undefined, i: number) => {
    // A seat kept for a player names whom it waits for: "Bo (invited)".
    if (s?.occupant === 'invited') return s.name ? `${s.name} (invited)` : 'invited player';
    return s?.name ?? (s?.bot ? `${s.bot} bot` : s?.occupant === 'open' ? 'open seat' : `seat ${i}`);
  };
  const names = seats.map((s, i) => plain(s, i));
  return (seat) => {
    const name = names[seat] ?? plain(undefined, seat);
    return names.filter((n) => n === name).length > 1 ? `${name} (seat ${seat})` : name;
  };
}

/** Whether a player may take a seat: an open one, or one kept for that player. */
export const canTake = (seat: SummarySeat, player: string) =>
  seat.occupant === 'open' || (seat.occupant === 'invited' && seat.invited === player);

/** How long ago a time was, roughly: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86400);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** "1:05", "2 h 10 min", "3 days": how long until a deadline, or "time is up". */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.round((Date.parse(deadline) - now) / 1000);
  if (seconds <= 0) return 'time is up';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
  if (seconds < 2 * 86400) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min left`;
  return `${Math.floor(seconds / 86400)} days left`;
}

const ORDINALS = ['', 'first', 'second', 'third'];

/**
 * Where a seat sits seen from mine, as the setup form names it: play passes to the left (seat + 1
 * is on my left), partners sit in alternate seats ("Your partner" opposite at four seats).
 */
export function seatPlace(seat: number, mine: number, count: number, partnered: boolean): string {
  const k = (seat - mine + count) % count;
  if (k === 0) return 'You';
  if (count === 2) return 'Your opponent';
  const side = k === count / 2 ? 'opposite' : k < count / 2 ? 'left' : 'right';
  const away = side === 'left' ? k : count - k;
  if (partnered) {
    if (k % 2 === 0) return side === 'opposite' ? 'Your partner' : `Your partner on the ${side}`;
    return `${side === 'opposite' ? 'Opposite' : side === 'left' ? 'Left' : 'Right'} opponent`;
  }
  if (side === 'opposite') return 'Player opposite you';
  return `${away > 1 ? `${capitalize(ORDINALS[away])} player` : 'Player'} on your ${side}`;
}

/** Whether a table plays in partnerships of alternate seats (what the catalog's options say, for the games that may). */
export function partnered(kind: string, count: number, options: Record<string, unknown>): boolean {
  if (count < 4 || count % 2 !== 0) return false;
  if (kind === 'kaiser' || kind === 'diloti' || kind === 'paks') return true;
  return (kind === 'escoba' && options.partnerships === true) || (kind === 'porrazo' && options.partners === true);
}
