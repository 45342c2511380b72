import { formatDateTime } from '@fahrwerk/ui';
import type { FileRef, MailboxEmail } from '../api/mail-queries';
import { sanitizeMailHtml } from './safe-mail-html';

/** What the compose form starts from: new, a reply or a forward. */
export type Draft = {
  mode: 'new' | 'reply' | 'forward';
  emailConfigId?: number;
  to: string;
  subject: string;
  htmlBody: string;
  inReplyToEmailId?: number;
  studentId?: number;
  /** A forward's original attachments, which the user may attach again. */
  originalAttachments: FileRef[];
};

export const newDraft = (emailConfigId?: number): Draft => ({
  mode: 'new',
  emailConfigId,
  to: '',
  subject: '',
  htmlBody: '',
  originalAttachments: [],
});

/** `Re:`/`Fwd:` once, however often the mail went back and forth. */
function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const bare = subject.replace(/^\s*((re|aw|fwd?|wg)\s*:\s*)+/i, '');
  return `${prefix}: ${bare}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function sender(email: MailboxEmail): string {
  return email.fromName ? `${email.fromName} <${email.from}>` : email.from;
}

/** The original, quoted below the new text (sanitised, remote images held back). */
function quote(email: MailboxEmail, intro: string): string {
  const original = sanitizeMailHtml(email.htmlBody).html;
  return `<p></p><p>${escapeHtml(intro)}</p><blockquote>${original}</blockquote>`;
}

export type DraftTexts = {
  /** "Am {{date}} schrieb {{sender}}:" */
  replyIntro: (vars: { date: string; sender: string }) => string;
  /** "Weitergeleitete Nachricht von {{sender}} vom {{date}}" */
  forwardIntro: (vars: { date: string; sender: string }) => string;
};

const dateOf = (email: MailboxEmail) => {
  const when = email.receivedAt ?? email.sentAt;
  return when ? formatDateTime(when) : '';
};

/** A reply goes to the sender from the account the mail came in on. */
export function replyDraft(email: MailboxEmail, texts: DraftTexts): Draft {
  const to = email.folder === 'OUTBOX' ? email.to.join(', ') : email.from;
  return {
    mode: 'reply',
    emailConfigId: email.emailConfigId,
    to,
    subject: prefixed('Re', email.subject),
    htmlBody: quote(email, texts.replyIntro({ date: dateOf(email), sender: sender(email) })),
    inReplyToEmailId: email.id,
    studentId: email.studentId,
    originalAttachments: [],
  };
}

export function forwardDraft(email: MailboxEmail, texts: DraftTexts): Draft {
  return {
    mode: 'forward',
    emailConfigId: email.emailConfigId,
    to: '',
    subject: prefixed('Fwd', email.subject),
    htmlBody: quote(email, texts.forwardIntro({ date: dateOf(email), sender: sender(email) })),
    studentId: email.studentId,
    originalAttachments: email.attachments,
  };
}

/** Addresses typed with commas, semicolons or line breaks between them. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((part) => {
      const trimmed = part.trim();
      // "Name <address>" → address
      return /<([^>]+)>/.exec(trimmed)?.[1]?.trim() ?? trimmed;
    })
    .filter((part) => part !== '');
}

/** Adds an address to a typed list unless it is there already. */
export function appendAddress(text: string, address: string): string {
  const present = splitAddresses(text);
  if (present.some((a) => a.toLowerCase() === address.toLowerCase())) return text;
  return [...present, address].join(', ');
}
