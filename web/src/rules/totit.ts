import type { PeopleRules } from './types';

export const totit: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to six players with a 60-card deck: two of each card from ace to 9 in spades, hearts and diamonds, and two each of the jack, queen and king of clubs.',
        'Each deal puts eighteen cards face up on the table and gives seven to each player (eleven with two players); the rest are set aside unseen. The deal passes to the left.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left starts; turns go to the left. On your turn you capture one table card with one card from your hand; both go to your pile. If you can capture you must (the choice of capture is yours); only when you cannot do you lay one card of your choice face up on the table. If the table was set up so, you may lay a card even when you could capture.',
        'On your first turn of a deal you may only take a card identical to yours, same rank and same suit. From your second turn on you may take any card of the same rank, whatever its suit; aces, jacks, queens and kings all count as one rank, so the ace of spades takes the king of clubs.',
        'Odd suit first: from your second turn on, while a card of that rank lies on the table once only, cards lying there as an identical pair cannot be taken; when only identical pairs of that rank remain, any of them can be.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'The deal ends when the hands are empty; cards left on the table are discarded. You score one point for each pair of identical cards in your pile, however they got there.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The match has as many deals as players, each dealing once (or more times, if the table was set up so). The highest total wins; equal highest totals share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: two turns',
    steps: [
      'On your first turn you hold the 5 of hearts. The table has the 5 of hearts and the 5 of spades. You may only take the identical card: you take the 5 of hearts, and your pile now holds a pair of 5 of hearts, one point.',
      'On your second turn you hold the queen of clubs. The table shows the ace of diamonds once and the king of clubs twice.',
      'Ace, jack, queen and king are one rank, and the ace lies there once while the two kings are an identical pair: odd suit first, your queen may take only the ace of diamonds.',
      'Once the ace is gone, either king of clubs could be taken; capturing one with a king of clubs from your hand would make a pair, one more point.',
    ],
  },
};
