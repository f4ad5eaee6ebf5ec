import type { SummarySeat } from './api';

/** A seat's name at the table: its player's, its bot's, or what waits there; "(seat N)" where two would read alike. */
export function seatNamer(seats: SummarySeat[]): (seat: number) => string {
  const plain = (s: SummarySeat | undefined, i: number) =>
    s?.name ??
    (s?.bot ? `${s.bot} bot` : s?.occupant === 'open' ? 'open seat' : s?.occupant === 'invited' ? 'invited player' : `seat ${i}`);
  const names = seats.map((s, i) => plain(s, i));
  return (seat) => {
    const name = names[seat] ?? plain(undefined, seat);
    return names.filter((n) => n === name).length > 1 ? `${name} (seat ${seat})` : name;
  };
}

/** Whether a player may take a seat: an open one, or one kept for that player. */
export const canTake = (seat: SummarySeat, player: string) =>
  seat.occupant === 'open' || (seat.occupant === 'invited' && seat.invited === player);

/** "1:05", "2 h 10 min", "3 days": how long until a deadline, or "time is up". */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.round((Date.parse(deadline) - now) / 1000);
  if (seconds <= 0) return 'time is up';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
  if (seconds < 2 * 86400) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min left`;
  return `${Math.floor(seconds / 86400)} days left`;
}
