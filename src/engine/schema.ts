/** Games write their option and action schemas with TypeBox, through the engine (games import only cards and engine). */
import Type from 'typebox';

export type { Static, TSchema } from 'typebox';
export { Type };

/** A card code in a schema: `TD`, `JK`. */
export const CardCode = Type.String({
  pattern: '^(?:[A2-9TJQK][SHDC]|JK)$',
  description: 'card code: rank + suit, e.g. TD; JK a joker',
});
