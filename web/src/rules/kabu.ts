import type { PeopleRules } from './types';

export const kabu: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to six players, forty cards: ace to 10 in four suits. Each player starts with the same pile of chips: ten plus fifteen per player (40 for two players, 55 for three), unless the table was set up with another number.',
        'Each deal the whole deck is shuffled and every player gets two cards face down. The deal passes to the left after every deal.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'An ace counts 1 and every other card its pips; a hand is worth the last digit of its sum, from 0 to 9, and 9 is best. A 7 and an 8 make 15: worth 5.',
        'Drawing goes around the table from the dealer’s left, the dealer last. On your turn you either draw the top card of the stock, face down, or stand. Standing is final for that deal, and once you have drawn twice (four cards) you are done. The rounds go on, skipping players who are done, until everyone is done.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Then all hands are shown, and every player pays every player with a higher total the difference: a 7 against a 4 pays three chips. Equal totals pay nothing.',
        'The page shows you your own cards only; the others are shown as counts until the hands are turned up, and the last deal’s hands and payments stay on view.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'If a player owes more than the chips they held before that settlement, they pay nothing; every other payment of that deal is made (they still collect from lower totals), and the game ends there.',
        'Then the most chips wins; equal most chips share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: one deal among three',
    steps: [
      'You hold the 6 of clubs and the 8 of hearts: 14, worth 4. You draw the 3 of spades: 17, worth 7, and you stand.',
      'The player on your left holds the 9 of diamonds and the 10 of clubs: 19, worth 9, and stands at once.',
      'The player on your right draws twice and ends with the 5 of hearts, ace of spades, 2 of clubs and 4 of diamonds: 12, worth 2.',
      'Settlement: you pay the player on your left 9 − 7 = 2 chips and collect 7 − 2 = 5 from the player on your right, who also pays 9 − 2 = 7 to the player on your left. You end the deal 3 chips up.',
    ],
  },
};
