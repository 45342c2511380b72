import juice from 'juice';
import sanitizeHtml from 'sanitize-html';

/*
 * The HTML of mail, received and sent. Received mail is shown in the back office (the
 * client sanitises again with DOMPurify and shows it in a sandboxed frame without scripts):
 * here it is cut down to what mail layout needs — no scripts, no frames, no forms, no event
 * attributes, links and images only over http(s), cid: and data: images. `<style>` blocks
 * are first inlined into style attributes (juice), because the sanitiser drops them and
 * newsletters rely on them. Sent mail is inlined the same way, for mail clients that ignore
 * `<style>`.
 */

/** The contract's limit of an HTML text (HtmlText). */
export const HTML_TEXT_LIMIT = 200_000;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** A plain-text mail as HTML: kept as written, in `<pre>`. */
export const textAsHtml = (text: string) =>
  `<pre style="white-space: pre-wrap; font-family: inherit">${escapeHtml(text)}</pre>`;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'font',
    'center',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'colgroup',
    'col',
    'caption',
    'u',
    's',
    'strike',
    'small',
    'big',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'color',
      'border',
      'dir',
      'lang',
      'title',
      'data-placeholder',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['face', 'size', 'color'],
    table: ['cellpadding', 'cellspacing', 'border', 'width', 'bgcolor', 'align'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    col: ['span', 'width'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Links leave the back office in a new tab without telling the sender where from.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** Inlines `<style>` blocks; keeps the HTML as it is when juice cannot read it. */
function inlined(html: string): string {
  if (!/<style[\s>]/i.test(html)) return html;
  try {
    return juice(html, { removeStyleTags: true, preserveMediaQueries: false });
  } catch {
    return html;
  }
}

/** Received or written HTML, safe to store and to show (see above). */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(inlined(html), SANITIZE).trim();
}
