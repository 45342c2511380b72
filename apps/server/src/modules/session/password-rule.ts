/**
 * The password rule of spec 000 §5: at least 8 characters with an upper-case letter, a
 * lower-case letter, a digit and a special character (anything not a letter or digit).
 * Letters include umlauts.
 */
export const PASSWORD_MIN_LENGTH = 8;

export function satisfiesPasswordRule(password: string): boolean {
  return (
    [...password].length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}]/u.test(password)
  );
}
