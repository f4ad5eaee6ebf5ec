import type { PeopleRules } from './types';

export const diloti: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, or four in two partnerships (partners sit across and share their won cards and score), with one 52-card deck. The dealer gives six cards to each player and turns four face up on the table; if three or more of one rank show, they go back and four more are turned. The deal passes to the left.',
        'An ace counts 1 and 2 to 10 their pips. Face cards have no value: they are never part of a sum or a declaration.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left starts; play passes to the left. You play one card, in one of three ways, and capturing is never compulsory:',
        'Lay: the card goes face up on the table.',
        'Capture: a number card takes, in one play, any separate groups each worth its value: a table card of its rank, loose number cards adding up to it, or a whole declaration of that value. A face card takes every table card of its rank.',
        'Declare: the card played joins loose cards to make a value (your 6 with a 2 on the table declares 8), or raises an opponent’s declaration (never above 10), or, for its own value, stands with another set of that value. You must keep another card of that value in hand to capture it later. More sets of the same value may join, making a group declaration. A declaration is only ever captured whole.',
        'While you hold a declaration you may not lay a card, raise or declare again until it is captured or an opponent raises it, and your last card of its value may only capture it. You may still turn it into a group of the same value.',
        'A capture that leaves the table empty is a xeri, except on the first play of a deal. When all hands are empty, six more cards each are dealt. At the end, the last player to capture takes what is left (not a xeri).',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Each deal, per side: 10 for each xeri; 4 for the most cards (26 each scores nobody); 2 for the 10 of diamonds; 1 for each ace; 1 for the 2 of clubs.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends after a deal in which a side reaches 61 (or the score the table was set up with). The higher score wins; equal scores share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: a declaration captured',
    steps: [
      'The table shows the 3 of clubs, 5 of hearts, king of spades and 2 of diamonds. You hold the 6 of spades and the 8 of diamonds.',
      'You play the 6 of spades onto the 2 of diamonds and declare 8, keeping the 8 of diamonds to capture it.',
      'Your opponent lays the 4 of clubs on the table (it could not raise your 8: 12 is above 10). Your declaration stands.',
      'You play the 8 of diamonds and take your declaration (6 + 2) and, as a second group, the 3 of clubs with the 5 of hearts (3 + 5 = 8). The king of spades and the 4 of clubs stay: no xeri.',
    ],
  },
};
