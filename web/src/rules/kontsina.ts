import type { PeopleRules } from './types';

export const kontsina: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to four players, each for themselves, with one 52-card deck. The dealer gives four cards to each player and lays four face up on the table; the rest is the stock. The deal passes to the left.',
        'When every hand is empty, four more cards each are dealt from the stock; the table gets none.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left starts; play passes to the left. On your turn you play one card from your hand: either lay it on the table, which you may always do, even when it could capture, or make one capture with it: either one table card of the same rank (only one, even if there are several), or one set of two or more number cards that add up to the card played. An ace counts 1, 2 to 10 their pips. Face cards have no value: a face card takes only a face card of its rank, and face cards are never part of a sum.',
        'Captured cards and the card played go face down to your pile; nobody may look through the piles during the deal.',
        'When the hands and the stock are empty, the last player to capture takes the cards left on the table.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Each deal scores 2 points for the most cards, 1 for the most clubs, 1 for the 2 of clubs and 1 for the 10 of diamonds. A tie for the most cards or the most clubs scores nobody.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends after a deal in which a player has reached 21 (or the score the table was set up with) and one player has the highest score alone: that player wins. A tie for the highest score plays another deal.',
      ],
    },
  ],
  example: {
    title: 'An example: one turn',
    steps: [
      'The table shows the 2 of clubs, 5 of hearts, 3 of spades, 4 of diamonds and queen of diamonds. You hold the 7 of clubs and the queen of spades.',
      'With the 7 of clubs, 2 + 5 makes 7 and so does 3 + 4, but one capture takes one set. You take the 2 of clubs and the 5 of hearts.',
      'Your pile now holds the 2 of clubs (1 point at the end of the deal) and two clubs towards the most clubs.',
      'Next turn your queen of spades can take the queen of diamonds, and nothing else: a face card never takes part in a sum.',
    ],
  },
};
