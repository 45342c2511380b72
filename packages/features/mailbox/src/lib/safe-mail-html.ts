import DOMPurify from 'dompurify';

/** Attributes that load something from elsewhere when the mail is shown. */
const REMOTE_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'href'] as const;
const LOADING_ATTRIBUTES = new Set(['src', 'srcset', 'background', 'poster']);

/** A URL the mail would fetch from the network (not embedded data, not an attachment by cid). */
function isRemote(url: string): boolean {
  const value = url.trim().toLowerCase();
  return !(value === '' || value.startsWith('data:') || value.startsWith('cid:'));
}

export type SafeMailHtml = {
  /** The sanitised body, remote sources removed unless allowed. */
  html: string;
  /** How many remote images (and other remote resources) were held back. */
  blocked: number;
};

/**
 * Makes a mail's HTML safe to show: DOMPurify removes scripts, event handlers, forms, frames
 * and `javascript:` links (the server sanitised it already; the client does not rely on it),
 * and, unless `allowRemote`, every remote image or background is dropped so opening a mail
 * tells no sender (tracking pixel) that it was read. CSS `url(…)` in style attributes goes
 * too. Links open in a new tab without the opener.
 */
export function sanitizeMailHtml(html: string, { allowRemote = false } = {}): SafeMailHtml {
  let blocked = 0;
  const purify = DOMPurify();
  purify.addHook('uponSanitizeElement', (node) => {
    // <style> blocks could load remote fonts and images with url(); inline styles stay.
    if (node.nodeName === 'STYLE' && !allowRemote && /url\s*\(/i.test(node.textContent ?? '')) {
      node.textContent = (node.textContent ?? '').replace(/url\s*\([^)]*\)/gi, 'none');
      blocked += 1;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (!element.getAttribute) return;
    for (const name of REMOTE_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (name === 'href') {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
        continue;
      }
      if (!allowRemote && LOADING_ATTRIBUTES.has(name) && isRemote(value)) {
        element.removeAttribute(name);
        element.setAttribute('data-blocked-src', 'true');
        blocked += 1;
      }
    }
    const style = element.getAttribute('style');
    if (style && !allowRemote && /url\s*\(/i.test(style)) {
      element.setAttribute('style', style.replace(/url\s*\([^)]*\)/gi, 'none'));
      blocked += 1;
    }
  });
  const clean = purify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    FORBID_TAGS: ['script', 'iframe', 'frame', 'object', 'embed', 'form', 'base', 'meta', 'link'],
    FORBID_ATTR: ['formaction', 'action'],
    ADD_ATTR: ['target'],
  });
  return { html: clean, blocked };
}

/**
 * The document of the sandboxed frame: its own CSP allows no script at all, images only
 * from `data:` (or, once the user chose "Externe Bilder laden", from https/http too), and no
 * other fetches. The frame's `sandbox` has no `allow-scripts` and no `allow-same-origin`.
 */
export function mailDocument(safeHtml: string, { allowRemote = false } = {}): string {
  const images = allowRemote ? 'data: cid: https: http:' : 'data: cid:';
  const csp = `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:; media-src 'none'; script-src 'none'; form-action 'none'`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#1f2937;margin:0;padding:8px;overflow-wrap:anywhere}img{max-width:100%;height:auto}pre{white-space:pre-wrap}blockquote{margin:0 0 0 8px;padding-left:8px;border-left:2px solid #d1d5db;color:#4b5563}</style></head><body>${safeHtml}</body></html>`;
}

/** The plain text of a mail's HTML (for quoting in a reply). */
export function mailText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeMailHtml(html).html, 'text/html');
  return doc.body.textContent ?? '';
}
