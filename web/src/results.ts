import { listed } from './cards';

/**
 * "seat 0 wins 11 to 6" as people say it: "Ann wins 11 to 6"; "seats 0 and 2 win" as "Ann and Cy win";
 * "Seat 0 resigned" at the start of a sentence as "Ann resigned".
 */
export function withNames(summary: string, seatName: (seat: number) => string): string {
  return summary.replace(/\bseats? (\d+(?:(?:, | and )\d+)*)/gi, (_, seats: string) =>
    listed(seats.split(/, | and /).map((n) => seatName(Number(n)))),
  );
}

/** "You won", "You lost", "A tie", or for a spectator who won: the headline of a game's end. */
export function headline(
  result: { winners: number[]; summary: string } | undefined,
  mySeat: number | null,
  seatName: (seat: number) => string,
): string {
  if (!result) return 'The game was aborted: nobody won';
  const tie = /\b(tie|share)\b/i.test(result.summary);
  if (mySeat === null) return tie ? 'A tie' : `${listed(result.winners.map(seatName))} won`;
  if (!result.winners.includes(mySeat)) return 'You lost';
  return tie ? 'A tie' : 'You won';
}
