/** Rewrites the document-root selectors inside each `@scope (.fahrwerk) { … }` to `:scope`. */
export function scopeDocumentRoot(css: string): string;

/** The Vite plugin of `styles-scoped.css` (structurally a Vite `Plugin`). */
export function fahrwerkScopedCss(): {
  name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
};
