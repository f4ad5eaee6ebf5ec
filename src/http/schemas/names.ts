import Type from 'typebox';

/**
 * Display names are for reading: no control characters, nothing that turns the direction of the text
 * after it (bidirectional marks, embeddings, overrides and isolates: U+061C, U+200E-200F,
 * U+202A-202E, U+2066-2069) and no line or paragraph separator, so that a name never rearranges the
 * rest of a lobby line.
 */
export const NAME_PATTERN = '^[^\\p{Cc}\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]+$';

/** What a refusal by NAME_PATTERN says, in place of the pattern itself. */
export const NAME_RULE =
  'may not hold control characters, line separators, or characters that change the direction of the text after them (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069)';

export const DisplayName = (description: string) =>
  Type.String({ minLength: 1, maxLength: 60, pattern: NAME_PATTERN, description: `${description}; it ${NAME_RULE}` });
