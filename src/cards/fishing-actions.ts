import { type TSchema, Type } from '../engine/schema';
import { Closed } from './fishing-schema';

/** Schema pieces the fishing games' actions and logs share: a word from a list, and a move named by its `type`. */

/** One of the words listed (TypeBox types a union by the tuple of its members, so the list is typed as one member). */
export const Literals = <T extends string>(words: readonly T[], description: string) => {
  const members = words.map((w) => Type.Literal(w));
  return Type.Union(members, { description }) as Type.TUnion<[Type.TLiteral<T>]>;
};

/** The schema of a move: `{ type, ...fields }` and nothing else, `type` naming it and `description` saying what it does. */
export const Move = <T extends string, P extends Record<string, TSchema> = Record<never, never>>(
  type: T,
  description: string,
  fields: P = {} as P,
) => Closed({ type: Type.Literal(type), ...fields }, description);
