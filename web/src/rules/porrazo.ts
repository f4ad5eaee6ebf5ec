import type { PeopleRules } from './types';

export const porrazo: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to five players, each for themselves (or four in partnerships across the table, if the table was set up so), one 52-card deck, aces low. A hand is several deals of three cards each: 8 deals with two players, 5 with three, 4 with four, 3 with five. The deal passes to the left after each hand.',
        'Each hand has one tendido: four cards face up to the table as two pairs. After each deal the dealer lays it now or waits; after the last deal it comes anyway. It scores its best arrangement: an ace first, a 2 second, a 3 third or a 4 fourth scores its pips, and a pair, three or four of a kind on the table holding a tendido card scores like a declaration. With three or five players, the three odd cards left go face up after the last deal, scoring nothing.',
      ],
    },
    {
      title: 'Declaring',
      paragraphs: [
        'After each deal everyone answers at once: declare a pair (ronda) or three of a kind (rondine) you hold, or pass. After the deal the best declaration scores: ronda king 4, queen 3, jack 2, 10 to ace 1; rondine king 12, queen 9, jack 6, 10 to ace 3.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left starts each deal; turns go to the left. A card matching a table card must take it, with the unbroken run of table cards going up from it (10, jack, queen, king, ace, 2 is one run). Otherwise it stays on the table.',
        'An ace to 4 laid so that the table then holds as many cards as its pips (an ace on an empty table, say) scores its pips, even when it could have captured. A capture that empties the table (a limpia) scores the ronda value of the last card taken.',
        'Porrazo: taking the card the previous player just laid with a card of the same rank scores a ronda of that rank. Playing the third of that rank next steals it back and scores a rondine; the fourth wins the game outright.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'The dealer’s last card of the hand is played for them and sweeps the table, scoring neither in place nor as a limpia. Then the side with the most captured cards scores the difference to the next best side.',
      ],
    },
    {
      title: 'The end',
      paragraphs: ['The first to reach 61 (or the score the table was set up with) wins at once, even mid-hand.'],
    },
  ],
  example: {
    title: 'An example: a porrazo',
    steps: [
      'The table shows the 5 of clubs and the 6 of hearts. The player on your right lays the 9 of spades, capturing nothing.',
      'You play the 9 of hearts: it takes the 9 of spades, a porrazo, a ronda of 9s worth 1 point if it stands.',
      'The player on your left holds the 9 of clubs and plays it: a counter-porrazo. Your porrazo does not score; they take both 9s and score a rondine of 9s, 3 points.',
      'Had you played the 5 of hearts instead, it would have taken the 5 of clubs and the 6 of hearts, the run going up from the 5 and stopping where no 7 lies; the 9 of spades would have stayed.',
    ],
  },
};
