import type { PeopleRules } from './types';

export const cactus: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two players, one 52-card deck, one deal is the game. Each of you gets four cards face down in a square, two over two. Nobody looks at them. The rest is the stock; the discard pile starts empty.',
        'Cards count: king 0, ace 1, 2 to 10 their pips, jack and queen 10. The aim is the lowest total.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player who did not deal starts; then you take turns. Draw the top card of the stock (only you see it) or, from the second turn on, take the top discard (both see it). Then either swap it for one of your cards, blind, the old card going face up on the discards, or discard a card drawn from the stock.',
        'Discarding a card drawn from the stock may use its power: an 8, 7 or 6 lets you peek at one of your cards; a jack, 10 or 9 at one of your opponent’s; a queen exchanges one of your cards with one of theirs, unseen. A card taken from the discards must be swapped in, unless it is a power card your opponent put there from their square: you may discard it again at once and use its power.',
        'Matching: whenever a discard lies on top, either of you, in turn or not, may match it with one of your own cards. Same rank: your card goes on the discards and its place stays empty. Wrong: it is shown, goes back, and you take two penalty cards face down.',
        'When the stock runs out, the discards but the top one are shuffled into a new stock (unless the table was set up with a limit: then an empty stock ends the game). If the table was set up with the memory aid, the page shows you the face-down cards you have seen.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: ['At the end every card is turned up and counted. The lower total wins; equal totals tie.'],
    },
    {
      title: 'The end',
      paragraphs: [
        'On your turn you may call “Cactus!” with the move that ends it. Your opponent then has exactly one more turn, and the game ends. Your cards are not protected: that last turn may still peek at or exchange them, and both of you may still match.',
      ],
    },
  ],
  example: {
    title: 'An example: two turns',
    steps: [
      'Earlier peeks told you that your top left card is the 10 of clubs and your top right card the 9 of spades. You draw the 8 of clubs and discard it to peek at your bottom left card: the king of spades, worth 0. You keep it.',
      'Your opponent draws the 5 of hearts and swaps it for their top right card, the 10 of diamonds, which goes on the discards.',
      'Before drawing, you match your top left card against the 10 of diamonds on top. Same rank: your 10 of clubs goes onto the discards, its place stays empty, and your total drops by 10.',
      'You then draw the ace of hearts, swap it for your top right card (the 9 of spades goes on the discards) and call “Cactus!”. Your opponent has one last turn.',
    ],
  },
};
