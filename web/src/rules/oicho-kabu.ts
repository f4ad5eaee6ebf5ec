import type { PeopleRules } from './types';

export const oichoKabu: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to seven players, forty cards: ace to 10 in four suits. Each player starts with 100 chips (or what the table was set up with). An ace counts 1; a hand is worth the last digit of its sum, from 0 to 9, and 9 is best.',
        'Each round everyone draws a card from a fresh deck: the lowest deals and is the bank (ties draw again). The others play in the order of the cards they drew, lowest first.',
        'After a new shuffle each player but the dealer gets a private card not used in play, and four cards go face up: the first cards of tableaus 1 to 4.',
      ],
    },
    {
      title: 'Betting',
      paragraphs: [
        'Betting goes once around in the order of play. On your turn you stake chips on any tableaus, up to 50 at a time (bet again to stake more), then say you are done; you may bet nothing. All the bets of a round together may not pass 50 chips (or the limit the table was set up with), nor what the dealer can cover. If nobody bets, the round ends.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The dealer takes a first card, unseen even by the dealer, from the top, the bottom or fourth from the top. Each tableau then gets a second card face down, seen only by those who bet on it.',
        'Third cards: the first bettor on each tableau decides for everyone on it. At 3 or less a third card is compulsory, at 7 or more it is refused, at 4 to 6 you choose. It comes face up.',
        'The dealer takes a second card and looks at both. A 4 then an ace (shippin) or a 9 then an ace (kuppin) wins every bet at once. Otherwise the dealer’s third card follows the players’ rule (or is the dealer’s free choice, if the table was set up so).',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Tableau by tableau: three cards of the same number (arashi) win triple, the bet back plus twice the bet. Otherwise a higher total than the dealer’s wins even money and a lower one loses the bet. A tie goes to the dealer (or the bet is returned, if the table was set up so).',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends after six rounds (or the number the table was set up with), or after a round that leaves a player without chips. Most chips wins; equal most share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: one tableau',
    steps: [
      'Tableau 1 shows the 10 of clubs. You bet 10 chips on it. Its second card, which you see, is the 2 of hearts: 12, worth 2.',
      'At 3 or less the third card is compulsory: the 7 of spades. 19, worth 9.',
      'The dealer’s two cards are the 3 of diamonds and the 3 of clubs: 6. Between 4 and 6 the dealer chooses, and draws the ace of hearts: 7.',
      'Your 9 beats the dealer’s 7: you win even money, your 10 chips back and 10 more.',
    ],
  },
};
