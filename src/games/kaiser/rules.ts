/** Kaiser as this service plays it, for the catalog: what the players read. */
export const rules = [
  'Four seats in two partnerships: seats 0 and 2 against seats 1 and 3. The 32 cards are A K Q J 10 9 8 7 of each suit, with the 5♥ in place of the 7♥ and the 3♠ in place of the 7♠; aces high, the 5♥ and 3♠ lowest of their suits.',
  'Seat 0 deals first; the deal passes to the left. Eight cards each.',
  'Misdeal: before the first call, a seat whose hand has no ace, no face card, neither 5♥ nor 3♠ may throw it in; the same dealer deals again from a new shuffle.',
  'Bidding: one round, from the dealer’s left, the dealer last. Each seat passes or bids 6 to 12, with trumps or at no trump; 6, 6 no, 7, 7 no ... 12 no in rising order. A bid must beat the high bid; the dealer may also take the contract by equalling it exactly (or bid higher). If the first three pass, the dealer must bid at least 6.',
  'The highest bidder names the trump suit (nothing to name at no trump); that side are the declarers, the other the defenders.',
  'Play: the seat on the dealer’s left leads (option openingLead, default "dealer-left"; "bidder": the highest bidder leads); follow suit if able, otherwise play any card. The highest trump, or the highest card of the suit led, wins; the winner leads next.',
  'A side’s tricks are worth one point each, plus 5 for the trick holding the 5♥, minus 3 for the trick holding the 3♠ (ten in all).',
  'Declarers reaching their bid add the value of their tricks; otherwise they lose the value of their tricks (option failedContract, default "tricks"; "bid": they lose the bid). A failed contract never gains: where the declarers’ tricks are worth less than nothing (the 3♠ among one or two tricks: -2 or -1), they lose that value rather than gain it (-2 costs them 2). At no trump what the declarers add or lose is doubled; the defenders’ value is never doubled.',
  'Defenders at 45 or less before the deal add the value of their tricks (a negative value lowers them); above 45 only a negative value counts. With another target the limit is the target less 7.',
  'The match ends after a deal at which a side has 52 or more (option target, default 52); the higher score wins, and equal scores play on. There is no losing score: a side far below zero plays on. Option loseAt (default null, off) adds the house rule that a side at that score or below after a deal (-52, say) ends the match.',
  'When a seat’s time runs out it passes (the dealer, made to bid, bids 6), names the suit it holds most of as trumps, and plays its lowest legal card.',
].join('\n');

export const dealing =
  'Seat 0 deals first, then the deal passes to the left (a misdeal keeps the same dealer). The whole deck is dealt one card at a time from the top, first to the seat on the dealer’s left, going round: the top card goes to dealer+1, the next to dealer+2, dealer+3, the dealer, and so on until each seat holds eight. First deal: cards 1, 5, 9 ... to seat 1, cards 4, 8 ... to seat 0.';
