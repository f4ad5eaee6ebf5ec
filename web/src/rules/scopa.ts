import type { PeopleRules } from './types';

export const scopa: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, forty cards: ace to 7, jack (fante), queen (cavallo) and king (re) in each suit. For capturing, an ace counts 1, 2 to 7 their pips, a jack 8, a queen 9 and a king 10. Diamonds are the coins; the 7 of diamonds is the settebello.',
        'The dealer gives three cards to each player and lays four face up on the table. If three or four of those table cards are kings, the cards are thrown in and the same dealer deals again (unless the table was set up to play such a deal). The deal alternates between the two of you.',
        'When both hands are empty, three more cards each come from the stock; the table gets no more.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player who did not deal plays first, then you take turns, one card each.',
        'If a table card has the rank of the card you play, you must take exactly one such card (your choice when there are several): pairing comes before adding. Otherwise, if two or more table cards add up to its value, you must take one such set (your choice of set). A card that can capture nothing is laid face up on the table; you may lay such a card even when another card in your hand could capture.',
        'Taking every card on the table is a scopa, worth one point, except with the very last card of the deal. When the stock and hands are used up, the last player to capture takes what is left on the table (not a scopa).',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'After each deal, one point each, counted in this order: most cards; most diamonds; the settebello; the primiera; then one point for each scopa. A tie for most cards or most diamonds scores for nobody.',
        'Primiera: only a pile holding all four suits can win it. Take its best card in each suit, counting 7 as 21, 6 as 18, ace 16, 5 15, 4 14, 3 13, 2 12 and a face card 10, and add the four. The higher count scores; equal counts score for nobody.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The match ends the moment a player reaches 11 points (or the number the table was set up with) while the points are counted in that order; the lines not yet counted go unscored, and that player wins.',
      ],
    },
  ],
  example: {
    title: 'An example: five turns',
    steps: [
      'The table shows the 3 of clubs, 4 of hearts, 7 of spades and king of diamonds. You hold the 7 of diamonds, 2 of clubs and 3 of diamonds.',
      'You play the 7 of diamonds. The 3 and the 4 add up to 7, but a 7 lies on the table and pairing comes first, so you take the 7 of spades. The settebello is in your pile.',
      'Your opponent plays the king of clubs and must take the king of diamonds. The table: 3 of clubs, 4 of hearts.',
      'You play the 2 of clubs: no 2 on the table and nothing adds up to 2, so it stays there. The table: 3 of clubs, 4 of hearts, 2 of clubs.',
      'Your opponent plays the 6 of hearts: 4 + 2 = 6, so it must take the 4 of hearts and the 2 of clubs. Only the 3 of clubs is left.',
      'You play the 3 of diamonds and take the 3 of clubs. The table is empty: a scopa, one point for you at the end of the deal.',
    ],
  },
};
