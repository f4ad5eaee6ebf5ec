import { botIdentity, type Finish, type RatedSeat, type Skill, shownRating } from '../ratings';
import type { EventRecord, GameRecord } from '../store/games';
import type { Live } from './live';

/** A rating as the API shows it: the shown integer with openskill's mu and sigma. */
export const ratingValue = (s: Skill) => ({ rating: shownRating(s), mu: s.mu, sigma: s.sigma });

/** Who holds each seat, as a rated identity (a player, or one per bot name); null if any seat has none. */
export function ratedSeats(record: Pick<GameRecord, 'seats'>): RatedSeat[] | null {
  const seats = record.seats.map((s) =>
    s.occupant === 'player' && s.playerId
      ? { seat: s.seat, id: s.playerId }
      : s.occupant === 'bot' && s.bot
        ? { seat: s.seat, id: botIdentity(s.bot) }
        : null,
  );
  return seats.every((s) => s !== null) ? (seats as RatedSeat[]) : null;
}

/**
 * How a finished game stands for its ratings, from the game as replayed: its result, its final
 * scores, the seats that resigned and the seat whose clock forfeited it (from its table events).
 * The service and `ratings verify` both read a game through this.
 */
export function finishOf(
  live: Pick<Live, 'record' | 'game' | 'engine'>,
  tableEvents: readonly Pick<EventRecord, 'kind' | 'seat'>[],
): Finish {
  const { record, game, engine } = live;
  const resigned = record.seats.filter((s) => s.resigned).map((s) => s.seat);
  const forfeited = tableEvents.filter((e) => e.kind === 'forfeit').map((e) => e.seat);
  return {
    game,
    seats: record.seatCount,
    options: record.options,
    scores: engine?.scores ?? Array(record.seatCount).fill(0),
    winners: (record.result ?? engine?.result)?.winners ?? [],
    left: [...resigned, ...forfeited],
  };
}
