import Value from 'typebox/value';
import { type AnyGame, SetupError } from './game';

/** The creator's options with every default filled in; SetupError with the first problem otherwise. */
export function resolveOptions(game: AnyGame, given: unknown, seats: number): Record<string, unknown> {
  const options = Value.Default(game.optionsSchema, Value.Clone(given ?? {}));
  if (!Value.Check(game.optionsSchema, options)) {
    const [first] = Value.Errors(game.optionsSchema, options);
    const where = first?.instancePath ? `options${first.instancePath.replaceAll('/', '.')}` : 'options';
    throw new SetupError(`${where}: ${first?.message ?? 'invalid'}`);
  }
  if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max) {
    throw new SetupError(`${game.title} is played by ${game.seats.min} to ${game.seats.max} seats, not ${seats}`);
  }
  const refusal = game.checkSetup?.(seats, options);
  if (refusal) throw new SetupError(refusal);
  return options as Record<string, unknown>;
}

/** The options with their defaults, as the catalog shows them. */
export function defaultOptions(game: AnyGame): Record<string, unknown> {
  return Value.Default(game.optionsSchema, {}) as Record<string, unknown>;
}

/** The seat counts a game is played by with these options: its range, less any its setup refuses (Paks by five). */
export function seatCounts(game: AnyGame, options: Record<string, unknown>): number[] {
  return Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i).filter(
    (n) => !game.checkSetup?.(n, options),
  );
}
