/** Games write their option and action schemas with TypeBox, through the engine (games import only cards and engine). */
import Type from 'typebox';

export type { Static, TSchema } from 'typebox';
export { Type };

/** A card code in a schema: `TD`, `JK`. */
export const CardCode = Type.String({
  minLength: 2,
  maxLength: 2,
  pattern: '^(?:[A2-9TJQK][SHDC]|JK)$',
  description: 'card code: rank + suit, e.g. TD; JK a joker',
});

/**
 * Marks an array whose order means nothing (a set of cards to discard, a capture set): an action
 * naming it is the same action whatever the order (RULINGS.md, "All games"). The engine keeps such
 * arrays in the canonical order; `x-set` also tells clients reading the schema.
 */
export const SET = 'x-set';

/** A set of cards, in any order: kept in the canonical card order (`compareCards`). */
export const CardSet = (options: { minItems?: number; maxItems?: number; description?: string } = {}) =>
  Type.Array(CardCode, { ...options, [SET]: true });

/** A set of anything else (groups of cards, seats): kept sorted by the items' canonical JSON. */
export const SetOf = <T extends import('typebox').TSchema>(
  items: T,
  options: { minItems?: number; maxItems?: number; description?: string } = {},
) => Type.Array(items, { ...options, [SET]: true });
