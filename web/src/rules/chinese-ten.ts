import type { PeopleRules } from './types';

export const chineseTen: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to four players, one 52-card deck, one deal is the game. Each player gets 12 cards with two players, 8 with three, 6 with four. Four cards go face up to the table and the other 24 are the stock.',
        'If the four table cards are four 5s, four 10s or four of one face card, the dealer takes them before anyone plays. If three of them are 5s, 10s or one face card, the fourth card of that rank, played or turned, takes all three at once.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left starts; turns go to the left. On your turn you play a card from your hand. A card from ace (1) to 9 takes one table card that makes ten with it: ace and 9, 2 and 8, 3 and 7, 4 and 6, 5 and 5. A 10, jack, queen or king takes one table card of its own rank only.',
        'Capturing is compulsory: a card that can capture must, and when it could take several cards you choose one. A card that cannot capture stays on the table.',
        'Then you turn the top card of the stock, and it captures the same way for you; if it could take several cards you choose which.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Only some captured cards score: red aces 20; red kings, queens, jacks, 10s and 9s 10 each; other red cards their pips; the ace of spades 30 with three or four players; the ace of clubs 40 with four players; every other black card nothing.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends when the last hand card has been played and the last stock card turned. Cards left on the table score for nobody. The highest score wins; equal highest scores share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: one turn',
    steps: [
      'The table shows the 3 of hearts, 7 of spades, queen of diamonds and 9 of clubs. You hold the 7 of diamonds.',
      'You play it: 7 and 3 make ten, so it must take the 3 of hearts. Both cards are red: 7 + 3 = 10 points in your pile.',
      'You turn the queen of hearts from the stock. It takes the queen of diamonds: 10 + 10 = 20 more points.',
      'Had you turned the king of clubs, nothing would match it, and it would stay on the table.',
    ],
  },
};
