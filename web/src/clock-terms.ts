import type * as Gen from '../../clients/typescript/src/types.gen';

type Clock = NonNullable<Gen.Clock>;

/** A clock in words: "1 day a move", or "a bank of 3 days, +1 day a move, at most 5 days". */
export function clockTerms(clock: Clock): string {
  if ('bank' in clock) {
    const { initial, increment, max } = clock.bank;
    return `a bank of ${clockWords(initial)}, +${clockWords(increment)} a move, at most ${clockWords(max)}`;
  }
  return `${clockWords(clock.perMove)} a move`;
}

/** 90 s as "1 min 30 s", 86,400 s as "1 day". */
export function clockWords(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds % size === 0) return `${seconds / size} ${name}${seconds / size === 1 ? '' : 's'}`;
  }
  return `${seconds} seconds`;
}
