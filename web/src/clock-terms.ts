import type * as Gen from '../../clients/typescript/src/types.gen';
import { clockWords } from './pages/table';

type Clock = NonNullable<Gen.Clock>;

/** A clock in words: "1 day a move", or "a bank of 3 days, +1 day a move, at most 5 days". */
export function clockTerms(clock: Clock): string {
  if ('bank' in clock) {
    const { initial, increment, max } = clock.bank;
    return `a bank of ${clockWords(initial)}, +${clockWords(increment)} a move, at most ${clockWords(max)}`;
  }
  return `${clockWords(clock.perMove)} a move`;
}
