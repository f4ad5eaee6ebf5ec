import type { PeopleRules } from './types';

export const stealingBundles: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, one 52-card deck, one deal is the game. Each of you gets four cards and four cards go face up to the board; the rest is the stock.',
        'When both hands are empty, four more cards each are dealt from the stock; the board gets none.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player who did not deal starts; then you take turns, each playing one card from your hand.',
        'A card captures when the board holds cards of its rank, or when the top card of your opponent’s bundle is of its rank. One play takes every board card of that rank and, if its top card matches, your opponent’s whole bundle. Everything taken goes onto your own face-up bundle, the card you played on top. You never capture your own bundle.',
        'If you can capture, you must play a card that captures (which one is your choice). If no card in your hand captures, you lay one card of your choice face up on the board: this is trailing. If the table was set up so, you may trail even when you could capture.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: ['The score shown is the number of cards in each bundle. Cards left on the board at the end belong to nobody.'],
    },
    {
      title: 'The end',
      paragraphs: [
        'When the stock and both hands are empty the game is over: the player with more cards in their bundle wins; equal bundles share the win.',
        'If your time runs out, your lowest card that captures is played for you, or your lowest card is trailed.',
      ],
    },
  ],
  example: {
    title: 'An example: a stolen bundle',
    steps: [
      'Your opponent’s bundle holds 9 cards with the 8 of clubs on top. The board shows the 8 of hearts, 3 of spades and king of diamonds. You hold the 8 of spades and the 4 of hearts.',
      'You must capture, and only the 8 can. It takes the 8 of hearts from the board and your opponent’s whole bundle of 9: with your own card that is 11 cards onto your bundle, the 8 of spades on top.',
      'Now your opponent holds the 8 of diamonds: it would take your whole bundle back the same way.',
    ],
  },
};
