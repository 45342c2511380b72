import type { components } from '@fahrwerk/api';

export type EmailPlaceholder = components['schemas']['EmailPlaceholder'];

/**
 * A placeholder as the server reads it: `{{ key }}`, spaces optional. The key is what the
 * server knows (`student.firstName`); anything else between the braces is left as text.
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** The attribute that marks a placeholder's span in the saved HTML. */
export const PLACEHOLDER_ATTRIBUTE = 'data-placeholder';

/** The canonical text of a placeholder: `{{ student.firstName }}`. */
export function placeholderToken(key: string): string {
  return `{{ ${key} }}`;
}

/** The keys a text uses, in order of appearance, each once. */
export function placeholderKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) keys.add(match[1] ?? '');
  keys.delete('');
  return [...keys];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Turns every `{{ key }}` written as text into the placeholder's span, so the editor shows
 * it as a chip: a template saved elsewhere (or by the server's sanitiser without the span)
 * reads back the same as one written here. Text inside an existing placeholder span, in
 * attributes, or in code is left alone. Needs a DOM (`DOMParser`); the parsed document is
 * inert (no scripts run, nothing loads).
 */
export function placeholdersToChips(html: string): string {
  if (!html.includes('{{')) return html;
  const document = new DOMParser().parseFromString(html, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (!text.data.includes('{{')) continue;
    if (text.parentElement?.closest(`[${PLACEHOLDER_ATTRIBUTE}], code, pre, script, style`))
      continue;
    texts.push(text);
  }
  for (const text of texts) {
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of text.data.matchAll(PLACEHOLDER_PATTERN)) {
      const key = match[1] ?? '';
      const start = match.index ?? 0;
      if (start > last) fragment.append(text.data.slice(last, start));
      const span = document.createElement('span');
      span.setAttribute(PLACEHOLDER_ATTRIBUTE, key);
      span.textContent = placeholderToken(key);
      fragment.append(span);
      last = start + match[0].length;
    }
    if (last === 0) continue;
    if (last < text.data.length) fragment.append(text.data.slice(last));
    text.replaceWith(fragment);
  }
  return document.body.innerHTML;
}

/**
 * Fills each placeholder (span or plain `{{ key }}`) with its example, HTML-escaped, for a
 * preview. Unknown keys stay as they are written. The result is still HTML to be shown
 * through the read-only editor (`TemplatePreview`), never through `innerHTML`.
 */
export function fillExample(html: string, placeholders: readonly EmailPlaceholder[]): string {
  const examples = new Map(
    placeholders.map((placeholder) => [placeholder.key, placeholder.example]),
  );
  const fill = (match: string, key: string) => {
    const example = examples.get(key);
    return example === undefined ? match : escapeHtml(example);
  };
  return html
    .replace(
      /<span\b[^>]*\bdata-placeholder="([^"]*)"[^>]*>[^<]*<\/span>/g,
      (match, key: string) => (examples.has(key) ? fill(match, key) : match),
    )
    .replace(PLACEHOLDER_PATTERN, fill);
}

/** The subject (plain text) with its examples filled. */
export function fillSubjectExample(
  subject: string,
  placeholders: readonly EmailPlaceholder[],
): string {
  const examples = new Map(
    placeholders.map((placeholder) => [placeholder.key, placeholder.example]),
  );
  return subject.replace(PLACEHOLDER_PATTERN, (match, key: string) => examples.get(key) ?? match);
}
