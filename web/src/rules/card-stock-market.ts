import type { PeopleRules } from './types';

export const cardStockMarket: PeopleRules = {
  sections: [
    {
      title: 'The deal',
      paragraphs: [
        'Two to six players, two 52-card decks shuffled together; the two jokers wait aside. Everyone starts with $200, the bank with $1,240. All money and certificates are public.',
        'The dealer is also the banker. Cards are turned from the top until a number card (ace counts 1) of each suit has shown: the first of each suit starts that suit’s market pile, and its pips are the share price. The others are shuffled back; then everyone gets eight cards.',
      ],
    },
    {
      title: 'Playing',
      paragraphs: [
        'The player on the banker’s left starts; turns go to the left. On your turn you either trade and play to the market, in either order, up to two plays of each, or discard up to four cards. You may stop at any time. Then you draw back up to eight.',
        'Buy: lay a card from your hand face up as a certificate; its pips are its shares (ace 1, face card 5), paid at the suit’s price. You need the cash, a price above $0, and twelve shares of a suit at most. Sell: hand a certificate back to the bank for its shares times the price.',
        'Market: play a card onto its suit’s pile. A number card sets the price to its pips, within the suit’s limits (unless the table was set up with others): clubs up 2 or down 2, diamonds up 3 or down 2, hearts up 4 or down 4, spades up 5 or down 3. A jack, queen or king played up sets the price to $11, $12 or $13, only where that raises it; played down, it makes the price $0: the company is bankrupt and every certificate of that suit is lost. Any number card may follow a face card, whatever the change.',
      ],
    },
    {
      title: 'Scoring',
      paragraphs: [
        'When the bank cannot pay a seller, every player pays $100 into it; a player short of cash pays all and owes the rest, repaid first from later income. The score shown is cash less debt; the page also shows each player’s stock at current prices.',
        'When the draw pile runs out, the discards, the market piles but their top cards, and the jokers make a new one.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'A player who draws a joker shows it, and the game ends: starting with that player and going around, each sells all their stock at the current prices. Cash less debt decides; the most money wins, equal most share the win.',
      ],
    },
  ],
  example: {
    title: 'An example: one turn',
    steps: [
      'Hearts stand at $4. You buy with the 7 of hearts: 7 shares at $4 cost $28, and your cash goes from $200 to $172.',
      'In your market phase you play the 8 of hearts on the hearts pile. Hearts may rise by 4, and $4 to $8 is exactly that, so the price is now $8.',
      'You stop there and draw back up to eight cards. Your 7 shares are now worth 7 × $8 = $56.',
      'Next turn you sell them for $56, unless someone has played a hearts face card down meanwhile: then they are lost.',
    ],
  },
};
