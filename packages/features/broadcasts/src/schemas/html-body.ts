const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Does the text already hold HTML markup (a tag)? */
const hasMarkup = (text: string) => /<\/?[a-z][^>]*>/i.test(text);

/**
 * The body as HTML for the contract: typed plain text becomes paragraphs (a blank line
 * between them, single line breaks kept); text with markup is sent as it is (the server
 * sanitises it).
 */
export function toHtmlBody(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || hasMarkup(trimmed)) return trimmed;
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
