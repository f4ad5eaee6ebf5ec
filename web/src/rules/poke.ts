import type { PeopleRules } from './types';

export const poke: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, a 52-card deck. The dealer gives five cards each; the rest is the stock. The deal alternates between you.',
        'The draw: the player who did not deal decides first: stand pat, or discard one to three cards face down and draw as many. That first draw doubles them; a second draw (one to three again) redoubles them; then they must stand. The dealer then draws the same way up to three times: the first draw is free, the second doubles, the third redoubles. How many cards were drawn is public; the discards stay secret.',
        'Doubling counts against the doubled player: each trick their opponent wins is worth 2 points if they are doubled, 4 if redoubled, otherwise 1.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'Five tricks. Suits do not matter and need not be followed; aces are high. The non-dealer leads first, then the winner of each lead.',
        'A lead is one card, or two to four cards of one rank, and stands for that many tricks. The answer is as many cards of any kind: a single card beats a lower single card; a pair, three or four of a kind is beaten only by as many cards of a higher rank. Equal ranks, and any other answer, go to the leader. Nobody has to beat a lead.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Tricks score below the line. The better poker hand, as held after the draw, scores honours above the line: royal flush 1000, straight flush 750, four of a kind 600, full house 500, flush 400, straight 300, three of a kind 200, two pair 100, one pair 50. Equal hands score nothing, nor does a better hand without a pair. Taking all five tricks is a slam: 250 above the line.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'After a deal, a player with 20 or more below the line (or the number the table was set up with) and more than the other wins a game: 100 above the line, and both start again from 0 below. The first to win two games ends the match, with 500 more if the other won a game, 750 if not.',
        'The higher total above the line wins the match; equal totals share it.',
      ],
    },
  ],
  example: {
    title: 'An example: one lead',
    steps: [
      'You did not deal. You hold a pair of 9s and three odd cards; you discard the three and draw three, which doubles you. The dealer stands pat.',
      'You lead the 9 of clubs and 9 of hearts: a pair, standing for two tricks.',
      'The dealer answers with the jack of spades and jack of diamonds, a higher pair: both tricks go to the dealer, and because you are doubled each is worth 2, so 4 below the line.',
      'Had the dealer answered with a jack and a 3, not a pair, the two tricks would have been yours.',
    ],
  },
};
