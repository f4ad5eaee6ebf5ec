/** Paks as this service plays it, for the catalog: what the players read. */
export const rules = [
  'Two or three seats play alone; four seats play as two teams (0+2, 1+3), six as two teams (0+2+4, 1+3+5). Five seats cannot play.',
  'One 52-card deck for two seats, two decks shuffled together (104 cards) for three or more. Each hand: five cards each, three face up to the board, the rest is the stock.',
  "Seat 0 deals first (seat 1 plays first); the deal passes to the next seat each hand, and the seat to the dealer's left plays first.",
  'A turn begins by drawing the top card of the stock; the engine does it. A card of a suit missing from the board feeds the table (it goes to the board) and ends the turn.',
  'Otherwise the card joins the hand. When the board held every suit (a full table) the draw is secret and the seat must form a pak if it can; if it cannot, its hand is shown to all and its turn ends (both by themselves).',
  'Otherwise it may form one pak or pass.',
  'Forming a pak: capture one board card with one or more hand cards of its suit worth more than the board card. Single values: A 20, K Q J 10 10, others their pips; an ace on the board is worth 20, so it takes more than 20 (5-2, 52; or 6-5-2, 58).',
  'A capturing or stealing set is worth its best reading: any pairs of its cards ranked 2 to 5 (each card in one pair at most) may each be read as a two-digit number, the higher digit first (5-2 = 52, 4-3 = 43; equal pairs such as 3-3 = 33 only exist with two decks), and every other card counts its single value. So 10-5-2 is 10 + 52 = 62, 6-5-2 is 6 + 52 = 58, and 5-4-3-2 is 53 + 42 = 95. A card joining a set never lowers it.',
  'The captured card and its capturers form a pak in front of the seat; paks of one suit stay separate. A pak, once formed, is worth the sum of its cards’ single values (A-5-2 is 27, not 72).',
  "After forming a pak, the seat may steal other seats' paks (a partner's too): with hand cards of the pak's suit whose set is worth more (read as above) than the pak.",
  'No steal of the suit of the pak formed this turn; one steal per suit per turn, from one seat, taking one or several of its paks of that suit against their total value (10-5-2♠, 62, takes K-7♠ and 9-6♠ together, 32). The stolen paks and the stealing cards become one new pak.',
  'Making a capture or a steal takes steps: "capture" names the board card and the first hand card to take it with (or "steal" names a pak, then "steal" more of the same seat and suit), "play" adds hand cards to the set one at a time, and "done" makes the pak once the set wins. A step, once made, is not taken back.',
  'Only cards and paks that can still lead to a winning set are offered; when only one step is possible (one card that can still join, or "done") the engine makes it. The steps stay private until the pak is made.',
  'After forming, "end" ends the turn; the turn ends by itself when the hand is empty or no other seat holds a pak of a suit that may be stolen (whatever the hand holds, so nothing is given away).',
  'The hand ends after the turn of the seat that drew the last card of the stock. Cards left in hands do not score; teams pool their paks.',
  "In each suit, every side discards as many paks as the side with the fewest paks of that suit holds; the engine discards each side's lowest-scoring paks of that suit (the best choice).",
  'The cards of the paks kept score: ace 20, king to 8 ten each, 7 to 2 five each.',
  'The game ends after a hand in which a seat or team has the target (option target, default 500) or more and the highest score alone; a tie at the top plays another hand.',
  'When a seat’s time runs out it passes, or ends its turn, or makes the set it is making as soon as it wins; where it must form a pak it takes the lowest board card it can with its lowest cards.',
].join('\n');

export const dealing =
  "Each hand, from the top of the deck: five rounds of one card to each seat, starting with the seat to the dealer's left and going up in seat order; then three cards face up to the board; the rest is the stock, drawn from the top. Seat 0 deals the first hand, so deck[0] goes to seat 1 and, with n seats, deck[5n..5n+2] to the board and deck[5n+3] is seat 1's first draw.";
