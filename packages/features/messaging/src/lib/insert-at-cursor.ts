/** A text with `token` put in place of the selection `start`–`end`, and the caret after it. */
export function insertAtCursor(
  value: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined = start,
): { value: string; caret: number } {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}

/** The placeholder as the server reads it in subject and text. */
export const placeholderToken = (key: string) => `{{ ${key} }}`;
