import { LIST_LIMIT } from './plays';

/** Diloti as this service plays it, for the catalog: the rules, and how the cards leave the top of the deck. */

export const rules = [
  'Two seats, or four in partnerships (seats 0+2 against 1+3, sharing one pile of won cards and one score), one 52-card deck.',
  'Seat 0 deals first; the deal passes to the left (the next seat). Six cards to each seat, four face up to the table (three',
  'or more of one rank among them: they are shuffled back into the stock and four more are turned up); the rest is the stock.',
  "The seat to the dealer's left plays first, then play passes to the left. Values: ace 1, two to ten their pips; face cards",
  'have no value and are never part of a sum or a declaration. A turn plays one card from the hand in one of three ways',
  '(capturing is never compulsory; a card that could capture may be laid):',
  '- Lay it face up on the table (`lay`).',
  '- Capture (`capture` the card, then `take` groups, then `done`): a number card captures, in one play, any set of disjoint',
  '  groups each worth its value: a single table card of its rank, loose number cards adding up to it, or a whole declaration',
  '  of that value (a declaration is taken only whole, never as part of a sum). A face card captures every table card of its',
  "  rank at once. The card and the groups go face down to the side's pile (only its size is shown).",
  '- Declare (`declare` the card and a value, then `add`, then `done`): the card played is always part of the declaration.',
  "  Its first set is the card with loose number cards making up the value, or the card raising an opponent's regular",
  "  declaration (the card goes onto it: never one's own or a partner's, never a group declaration, never above 10), or, when",
  "  the value is the card's own, the card alone. The seat must keep another card of the value in hand to capture it. More",
  '  sets of the value may join (`add`), making a group declaration: loose cards worth the value, or any regular declaration',
  "  of that value (its side's, a partner's or an opponent's: its holder is freed and the one grouping it holds the group).",
  '  A card alone is no declaration: it needs another set. A declaration is captured later only whole, by a card of its value.',
  'Steps: groups and sets are posted one at a time, each as its cards in any order, and the list offers every one that can',
  `be taken or added. When more than ${LIST_LIMIT} sets of loose cards could complete a group, they are offered one card at a time`,
  '(each card that can start one, in table order) until the group is worth the value, so the list stays short on a crowded',
  'table. A step with a single possible choice, where the play may not end yet, is made at once; a play ends by itself when',
  'nothing more can be taken or added; `done` ends it earlier (never in the middle of a group, nor before anything is taken).',
  'The holder of a declaration (who formed it, or last raised it or grouped it) may not lay a card, raise, or form another',
  'declaration until it is captured (by anyone) or raised by an opponent, and must keep a card of its value: its last such card',
  'may only be played to capture it (that declaration is then the first group it takes; others may follow). The one exception:',
  'the holder of a regular declaration may form a group declaration of the same value (the card with loose cards, the card',
  "alone, or raising an opponent's declaration to that value), which takes its own declaration in at once as one set. The",
  'holder of a group declaration may only capture. So a seat holds at most one declaration, and always a card that captures it.',
  'A capture that leaves the table empty (no loose card, no declaration) is a xeri, except on the very first play of a deal.',
  'When every hand is empty, six more cards each are dealt from the stock. When the stock and the hands are empty, the last',
  'seat to capture takes what is left on the table for its side (not a xeri; if nobody captured in the deal, it stays unscored).',
  'Each deal scores, per side: 10 per xeri, 4 for strictly the most cards (a 26-26 tie scores nobody), 2 for the 10 of diamonds,',
  '1 per ace, 1 for the 2 of clubs. After a deal in which a side has reached the target (option `target`, default 61) the game',
  'ends and the higher score wins; equal scores are a shared win.',
].join('\n');

export const dealing = [
  "Each deal: six cards one at a time to each seat, starting with the dealer's left and going up in seat order",
  '(seat 0 deals the first deal, so seat 1 gets the top card), then the next four cards face up to the table; the rest is the',
  'stock. If three or more of those four have the same rank, they go back into the stock, the stock is shuffled (seeded) and',
  'four more are turned up. When every hand is empty, six more cards each are dealt from the top of the stock the same way.',
].join(' ');
