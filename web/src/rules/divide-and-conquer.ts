import type { PeopleRules } from './types';

export const divideAndConquer: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players. The standard game uses ten cards of one suit: 2 to 10 and a queen, which counts 12. The long game, if the table was set up with it, uses fourteen: 2 to 10 in black, and the 2, 4, 5, 6 and 8 in red, a red card counting 10 plus its pips (the red 6 is 16).',
        'The cards are shuffled and dealt one at a time until each of you holds half of them: five each, seven in the long game.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'Every match, both of you lay one card face down at the same time; neither sees the other’s choice until both have chosen. Then both are turned up.',
        'The higher card wins, except that the lower card wins when it divides the higher one evenly, or when it is exactly one below it. So a 3 beats a 9, a 6 beats a 7, and a 4 beats the queen (12).',
        'After five matches (seven in the long game) your hands as dealt are swapped: you now hold the cards your opponent held, and the same number of matches is played again.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: ['Each match won is one point. The score shown is the number of matches each of you has won so far.'],
    },
    {
      title: 'The end',
      paragraphs: [
        'When both halves are played, the player with more matches won wins. An even split is a tie, shared by both.',
        'If your time runs out, your lowest card is laid for you.',
      ],
    },
  ],
  example: {
    title: 'An example: three matches',
    steps: [
      'You lay the 9, your opponent the 3. Three divides nine evenly, so the lower card wins: a point to your opponent.',
      'You lay the 7, your opponent the 6. The 6 is exactly one below: it wins again.',
      'You lay the queen (12), your opponent the 5. Five does not divide twelve and is not 11, so the higher card wins: your point.',
      'After the fifth match you pick up the hand your opponent was dealt, and they pick up yours, for five more matches.',
    ],
  },
};
