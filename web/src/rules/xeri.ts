import type { PeopleRules } from './types';

export const xeri: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, one 52-card deck; the deal alternates between you. Each player gets six cards, then four cards are dealt face up to start the pile. If the top card of the pile is a jack, or the top two are of the same rank, those four go back into the stock and four new ones are dealt.',
        'When both hands are empty, six more cards each come from the stock.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player who did not deal starts; you take turns, each playing one card onto the pile. A card of the rank on top of the pile takes the whole pile (you cannot decline). A jack takes any pile, whatever is on top; a jack played on an empty pile just starts it. Any other card is simply added to the pile.',
        'Taking a pile of exactly one card with a card of its rank is a xeri. A jack makes a xeri only on a single jack; a jack taking one card of another rank is an ordinary capture. When the stock and hands are empty, the last player to capture takes what is left (never a xeri).',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Each hand scores 10 per xeri; 3 for more cards than your opponent (none when equal); 1 for each ace, king, queen, jack and 10; 1 more for the 10 of diamonds (2 in all); 1 for the 2 of clubs. Whoever has more points wins the hand; equal points, nobody does.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'After five hands (or the number the table was set up with), the player who won more hands wins the game; equal, the win is shared. The score shown is the number of hands each has won.',
      ],
    },
  ],
  example: {
    title: 'An example: three plays',
    steps: [
      'The pile shows the 6 of hearts on top. You hold the 6 of clubs, 9 of spades and jack of diamonds.',
      'You play the 6 of clubs: it matches the top card and takes the whole pile. The pile is empty.',
      'Your opponent plays the 9 of hearts on the empty pile. You play the 9 of spades and take it: a pile of exactly one card, taken by its rank, is a xeri, 10 points.',
      'Had you taken that single 9 with your jack, it would have been an ordinary capture, worth only the jack’s point.',
    ],
  },
};
