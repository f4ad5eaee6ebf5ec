import type { PeopleRules } from './types';

export const escoba: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to four players with forty cards: ace to 7, jack (sota), queen (caballo) and king (rey) in each suit. An ace counts 1, 2 to 7 their pips, a jack 8, a queen 9, a king 10. Diamonds are the coins; the 7 of diamonds is the siete de velo. Four players play alone, or as two partnerships sitting across if the table was set up so.',
        'The dealer gives three cards to each player and lays four face up on the table. If those four add up to 15, the dealer takes them at once and scores an escoba; if they add up to 30, two escobas. The deal passes to the right.',
        'When every hand is empty, three more cards each come from the stock; the table gets no more.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s right starts and play goes to the right. On your turn you play one card: either it takes a set of table cards that makes exactly 15 with it (your choice when several sets do), or it is laid on the table. Capturing is never compulsory.',
        'Taking every card on the table is an escoba, one point, with any card of the deal, the last included. When the stock and hands are used up, the last player to capture takes what is left on the table (not an escoba).',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Each deal scores one point each for the most cards, the most diamonds, the siete de velo and la setenta, and one point per escoba. A tie for the most cards, most diamonds or the best setenta scores nobody.',
        'La setenta: only a pile holding all four suits can win it. Take its best card in each suit, ranked 7, 6, ace, 5, 4, 3, 2, then face cards, and compare the four best cards highest first, card by card, as poker hands are compared: the first difference decides.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'After a deal, when a side has 21 points or more (or the score the table was set up with), the highest score wins; if the highest score is shared, another deal is played.',
      ],
    },
  ],
  example: {
    title: 'An example: two escobas',
    steps: [
      'Two players. The table shows the 2 of clubs, 5 of hearts and 4 of spades. You hold the 4 of diamonds, 5 of diamonds and 7 of diamonds.',
      'Your 7 of diamonds makes 15 with no set of table cards (7 + 2 + 5 is only 14). Your 4 of diamonds does: 4 + 2 + 5 + 4 = 15. You play it and take all three table cards: an escoba, one point.',
      'Your opponent, with nothing to take, lays the king of clubs, worth 10.',
      'You play the 5 of diamonds: 5 + 10 = 15. The table is empty again: a second escoba. You still hold the siete de velo.',
    ],
  },
};
