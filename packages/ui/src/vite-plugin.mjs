/*
 * The build step of `styles-scoped.css` for a host's Vite config (`@fahrwerk/ui/vite`):
 *
 *   plugins: [react(), tailwindcss(), fahrwerkScopedCss()]
 *
 * Tailwind 4 always writes the tokens for `:root, :host` and preflight's document rules for
 * `html, :host`. Inside `@scope (.fahrwerk)` those selectors match nothing; this turns them
 * into `:scope` — the embed root — so the tokens and the base font live on `.fahrwerk` and
 * nowhere else. Nothing outside a `@scope (.fahrwerk)` block is touched. A host on another
 * bundler runs `scopeDocumentRoot` over the compiled CSS the same way.
 *
 * Plain JavaScript: a Vite config loads it with Node, untranspiled.
 */

const SCOPE_BLOCK = /@scope\s*\(\s*\.fahrwerk\s*\)\s*\{/g;
// `:root, :host` (tokens) or `html, :host` (preflight) as a rule's whole selector list.
const DOCUMENT_ROOT = /((?:^|[{};/])\s*)(?::root|html)\s*,\s*:host(\s*\{)/g;
const CSS_FILE = /\.css(?:$|\?)/;

/**
 * Rewrites the document-root selectors inside each `@scope (.fahrwerk) { … }` to `:scope`.
 * @param {string} css compiled CSS
 * @returns {string}
 */
export function scopeDocumentRoot(css) {
  let out = '';
  let from = 0;
  for (const match of css.matchAll(SCOPE_BLOCK)) {
    if (match.index < from) continue;
    const open = match.index + match[0].length;
    let depth = 1;
    let end = open;
    while (end < css.length && depth > 0) {
      const char = css[end];
      if (char === '{') depth++;
      else if (char === '}') depth--;
      end++;
    }
    out += css.slice(from, open) + css.slice(open, end).replace(DOCUMENT_ROOT, '$1:scope$2');
    from = end;
  }
  return out + css.slice(from);
}

/**
 * The Vite plugin (structurally a Vite `Plugin`; this package does not depend on Vite).
 * No `enforce`: it runs after Vite has compiled the CSS (Tailwind included), before the CSS
 * is bundled or minified.
 */
export function fahrwerkScopedCss() {
  return {
    name: 'fahrwerk:scoped-css',
    /**
     * @param {string} code
     * @param {string} id
     */
    transform(code, id) {
      if (!CSS_FILE.test(id) || !code.includes('.fahrwerk')) return null;
      const scoped = scopeDocumentRoot(code);
      return scoped === code ? null : { code: scoped, map: null };
    },
  };
}
