/**
 * A display name as it is kept: NFC-normalized (one way to write "é"), without the spaces around it.
 * The request schema (NAME_PATTERN) has already refused every invisible character and required a
 * letter or a digit, so what is left is never empty.
 */
export const displayName = (name: string): string => name.normalize('NFC').trim();

/** The same, for a name that may be absent. */
export const displayNameOrNull = (name: string | undefined | null): string | null =>
  name === undefined || name === null ? null : displayName(name);
