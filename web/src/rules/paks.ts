import type { PeopleRules } from './types';

export const paks: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two or three players play alone; four play as two teams of partners sitting across, six as two teams of three sitting alternately. One 52-card deck for two players, two decks shuffled together for three or more.',
        'Each hand: five cards each, three face up to the board, the rest is the stock. The deal passes to the left; the player on the dealer’s left starts.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'Your turn begins with drawing the top card of the stock, done for you. A card of a suit missing from the board goes to the board and ends your turn. Otherwise it joins your hand. If the board holds all four suits, you must form a pak if you can; if you cannot, your hand is shown to all and your turn ends. Otherwise you may form one pak or pass.',
        'Forming a pak: take one board card with one or more hand cards of its suit worth more than it. An ace counts 20, king, queen, jack and 10 count 10, the others their pips. Two cards from 2 to 5 may be read together as a two-digit number, the higher digit first: 5 and 2 make 52, so 10, 5 and 2 make 62. The board card and its takers become your pak.',
        'After forming a pak you may steal other players’ paks, your partner’s too, with hand cards of the pak’s suit worth more than the pak, read the same way. A pak is worth the plain sum of its cards (ace, 5 and 2 is 27, not 72). No steal in the suit you just formed; one steal per suit per turn, taking one or several paks of that suit from one player against their total.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'The hand ends after the turn of the player who drew the last stock card. Cards left in hands do not count; partners pool their paks. In each suit, every side throws away as many paks as the side with the fewest paks of that suit holds, its lowest first.',
        'The cards of the paks kept score: ace 20, king to 8 ten each, 7 to 2 five each.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends after a hand in which a player or team has 500 or more (or the score the table was set up with) and the highest score alone; a tie at the top plays another hand.',
      ],
    },
  ],
  example: {
    title: 'An example: a pak and a steal',
    steps: [
      'The board shows the ace of spades, 9 of hearts and 4 of clubs. You hold the 5 of spades, 2 of spades, king of hearts and 10 of hearts.',
      'The ace is worth 20. Your 5 and 2 of spades read as 52: more than 20. You take the ace with them and form a pak of ace, 5 and 2 of spades.',
      'Your opponent holds a pak of the 8 and 6 of hearts, worth 14. Your king and 10 of hearts are worth 20: you steal it, and the four hearts become one new pak.',
      'If you keep both to the end, the spades pak scores 20 + 5 + 5 = 30 and the hearts pak 10 + 10 + 10 + 5 = 35 (king, 10 and 8 ten each, the 6 five).',
    ],
  },
};
