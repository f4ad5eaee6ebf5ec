/** Poke as this service plays it, for the catalog, and how its deals leave the deck. */

export const rules = [
  'Two seats, a 52-card deck. Seat 0 deals first; the deal alternates (the non-dealer deals the next hand). Five cards each; the rest is the stock.',
  'The draw. The non-dealer decides first: stand pat, or discard one to three cards face down and draw as many from the stock. Its first draw doubles it, a second draw (one to three cards again) redoubles it; then it must stand.',
  'The dealer then draws the same way, up to three times: its first draw is free, the second doubles it, the third redoubles it. The number of cards drawn is public; the discards stay face down (and secret) for good.',
  'Doubling counts against the doubled seat: each trick its opponent wins is worth 2 points when it is doubled, 4 when redoubled, otherwise 1.',
  'The play. Five tricks; suits do not matter and need not be followed; aces are high. The non-dealer leads first, then the winner of each lead.',
  'A lead is one card, or two to four cards of one rank (a pair, or three or four of a kind; a pair may be taken from three or four of a kind): it stands for that many tricks. The answer is as many cards of any kind: a single card beats a lower single card; a set is beaten only by a set of as many cards of a higher rank. Equal ranks, and any other answer, go to the leader. No one is ever obliged to beat a lead.',
  'Scoring. Tricks score below the line (1, 2 or 4 each, as above). The better poker hand as held after the draw scores honours above the line: royal flush 1000, straight flush 750, four of a kind 600, full house 500, flush 400, straight 300, three of a kind 200, two pair 100, one pair 50 (aces high, A-2-3-4-5 the lowest straight). Equal hands score nothing, nor does a better hand without a pair or better.',
  'Taking all five tricks scores a 250 slam above the line.',
  'Game: after a deal, a seat with 20 or more below the line (option target, default 20) and more than the other wins the game, 100 above the line; both at 20 or more and equal: play on. Below-the-line scores then start again from 0.',
  'Rubber: the first seat to win two games ends the match, with its game bonus plus 500 above the line if the other seat won a game, 750 if not.',
  'The winner of the match is the higher total above the line (below-the-line points do not count; equal totals are a shared win). Scores are the totals above the line.',
  "When a seat's time runs out, it stands pat in the draw, leads its lowest card (aces high), or answers with its lowest cards.",
  "The view shows your own hand, the plays of the current deal (tricks stay face up), tricks won, each seat's draws and doubling, the scoresheet, and the previous deal with both hands as held after the draw (they are shown for honours).",
].join('\n');

export const dealing =
  "Every deal uses the whole 52-card deck. From the top, one card at a time, the non-dealer first, alternating, until each seat holds five (seat 0 deals first, so in the first deal cards 1, 3, 5, 7, 9 go to seat 1 and cards 2, 4, 6, 8, 10 to seat 0). The rest is the stock; every draw takes replacements from its top, the non-dealer's draws before the dealer's.";
