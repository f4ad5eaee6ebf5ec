import type { PeopleRules } from './types';

export const kaiser: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Four players, partners sitting across. The 32 cards: ace, king, queen, jack, 10, 9, 8 and 7 of each suit, with the 5 of hearts in place of the 7 of hearts and the 3 of spades in place of the 7 of spades. Aces are high; the 5 of hearts and 3 of spades rank lowest in their suits.',
        'The dealer gives eight cards to each player; the deal passes to the left after each hand. Before the first bid, a player holding no ace, no face card and neither the 5 of hearts nor the 3 of spades may throw the hand in; the same dealer deals again.',
      ],
    },
    {
      title: 'Bidding',
      paragraphs: [
        'One round of bids from the dealer’s left, the dealer last. Each player passes or bids 6 to 12 points, with trumps or at no trump: 6, 6 no trump, 7, 7 no trump and so on up to 12 no trump. A bid must beat the highest so far, but the dealer may take the contract by equalling it. If the first three pass, the dealer must bid at least 6.',
        'The highest bidder names trumps (none at no trump); that side are the declarers, the other side defends.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the dealer’s left leads first (or the highest bidder, if the table was set up so). Follow suit if you can; otherwise play any card. The highest trump wins, or else the highest card of the suit led; the winner leads next.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'Each trick is worth one point; the trick holding the 5 of hearts is worth 5 more and the trick holding the 3 of spades 3 less: ten points in all.',
        'Declarers who make their bid add the value of their tricks; if they fail, they lose it (or the bid, if the table was set up so), and tricks worth less than nothing cost them that much. At no trump the declarers’ gain or loss is doubled.',
        'Defenders at 45 or less before the hand add the value of their tricks; above 45, only a negative value counts.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The match ends after a hand in which a side has 52 or more (or the score the table was set up with, and then the defenders’ limit is that score less 7). The higher score wins; equal scores play on. There is no losing score unless the table was set up with one.',
      ],
    },
  ],
  example: {
    title: 'An example: one hand',
    steps: [
      'The player on your right deals, so you bid first. You bid 7; the player on your left passes, your partner passes, and the dealer takes the contract by saying 7 too. The dealer names spades as trumps.',
      'First trick: you lead the king of hearts, the player on your left plays the 8 of hearts, your partner the ace of hearts, and the dealer, with no hearts, trumps with the 9 of spades. The dealer’s side wins it: one point.',
      'At the end of the hand the dealer’s side has six tricks, one of them holding the 3 of spades: 6 − 3 = 3 points. Your side has two tricks, one holding the 5 of hearts: 2 + 5 = 7 points.',
      'The declarers bid 7 and made 3, so they lose 3. Your side, at 45 or less, adds 7.',
    ],
  },
};
