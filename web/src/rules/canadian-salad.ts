import type { PeopleRules } from './types';

export const canadianSalad: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Three to six players, each for themselves. A 52-card deck, less a few low cards so that the hands come out even: the 2 of clubs with three players; the 2 of clubs and 2 of diamonds with five; the 2 and 3 of clubs and of diamonds with six. The whole deck is dealt: 17, 13, 10 or 8 cards each.',
        'There are six deals; the deal passes to the left.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left leads to the first trick, any card. Follow suit if you can; otherwise play any card. There are no trumps: the highest card of the suit led wins, aces high. The winner takes the trick and leads the next.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Points are bad, and each deal counts something different:',
        'Deal 1: 10 for each trick you take. Deal 2: 10 for each heart. Deal 3: 25 for each queen. Deal 4: 100 for taking the king of spades. Deal 5: 100 for taking the last trick. Deal 6, the salad: all five at once.',
        'Each deal is scored after its last trick.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'After the sixth deal the lowest total wins; equal lowest totals share the win.',
        'If your time runs out, your lowest card that may be played is played for you.',
      ],
    },
  ],
  example: {
    title: 'An example: one trick of the salad',
    steps: [
      'Four players, deal 6. You lead the 9 of hearts.',
      'The player on your left plays the queen of hearts; your opposite, out of hearts, throws the king of spades; the player on your right plays the 3 of hearts.',
      'The queen of hearts is the highest heart: the player on your left takes the trick.',
      'It costs them 10 for the trick, 30 for three hearts, 25 for the queen and 100 for the king of spades: 165 points, and 100 more if it was the last trick.',
    ],
  },
};
