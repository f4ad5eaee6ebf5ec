import Type from 'typebox';

/**
 * Display names are for reading: at least one letter or digit, and nothing invisible. No control
 * or format character (which covers every bidirectional mark, embedding, override and isolate, the
 * zero-width characters, soft hyphen, invisible operators and tag characters), no
 * Default_Ignorable_Code_Point (Hangul fillers, variation selectors...), no surrogate or private-use
 * character, no line or paragraph separator, and no braille blank; so "A\u200Bnn" never passes for
 * "Ann" and a name never rearranges the rest of a lobby line. Emoji keep what draws them: a zero-width
 * joiner between two pictographs (a family) and the emoji presentation selector after one. The service
 * stores a name NFC-normalized and trimmed (src/service/names.ts).
 */
export const NAME_PATTERN =
  '^(?=.*[\\p{L}\\p{N}])(?:[^\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\u2800]' +
  '|(?<=\\p{Extended_Pictographic}\\uFE0F?)\\u200D(?=\\p{Extended_Pictographic})|(?<=\\p{Extended_Pictographic})\\uFE0F)+$';

/**
 * Names are checked by the format `display-name` (NAME_PATTERN with Unicode property escapes, which a
 * JSON Schema `pattern` read without the `u` flag, as OpenAPI tooling reads it, would misread).
 */
export const NAME_FORMAT = 'display-name';
export const displayNameFormat = new RegExp(NAME_PATTERN, 'u');

/** What a refusal by NAME_FORMAT says, in place of the pattern itself. */
export const NAME_RULE =
  'must hold a letter or a digit, and may not hold control characters, line separators, characters that change the direction of the text after them, or invisible ones (zero-width, format and other default-ignorable characters, blank braille)';

export const DisplayName = (description: string) =>
  Type.String({ minLength: 1, maxLength: 60, format: NAME_FORMAT, description: `${description}; it ${NAME_RULE}` });
