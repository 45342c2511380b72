import { useMemo } from 'react';
import { mailDocument, sanitizeMailHtml } from '../lib/safe-mail-html';

export type MailHtmlFrameProps = {
  html: string;
  /** Names the frame for screen readers. */
  title: string;
  /** Remote images are shown only after the user asked for them. */
  allowRemote: boolean;
  /** @default 480 */
  height?: number;
};

/**
 * A mail's HTML, twice fenced: sanitised by DOMPurify (remote sources removed unless
 * allowed), then shown in a frame whose sandbox allows no scripts and no same-origin access
 * (so nothing in it reaches the back office's session), with a CSP of its own. Links may
 * open in a new tab only.
 */
export function MailHtmlFrame({ html, title, allowRemote, height = 480 }: MailHtmlFrameProps) {
  const srcDoc = useMemo(
    () => mailDocument(sanitizeMailHtml(html, { allowRemote }).html, { allowRemote }),
    [html, allowRemote],
  );
  return (
    <iframe
      title={title}
      srcDoc={srcDoc}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      className="w-full rounded-[var(--radius-control)] border border-neutral-200 bg-white"
      style={{ height }}
    />
  );
}
