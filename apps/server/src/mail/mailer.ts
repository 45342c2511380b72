import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
};

export type SentMail = {
  messageId: string;
  /** Where the mail went: the SMTP server, or the .eml file in the outbox. */
  location: string;
};

/** Sends mail; the server never talks to nodemailer elsewhere. */
export type Mailer = {
  send: (message: MailMessage) => Promise<SentMail>;
  close: () => void;
};

type Log = { info: (object: object, message: string) => void };

export type MailerOptions = {
  from: string;
  /** smtp:// or smtps:// URL; without it mails go to `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  log: Log;
};

const textMail = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  // Readable in the raw message and the .eml files (base64 would not be).
  textEncoding: 'quoted-printable' as const,
});

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const host = new URL(smtpUrl).host;
  return {
    async send(message) {
      const info = await transport.sendMail(textMail(options.from, message));
      options.log.info({ to: message.to, host }, 'mail sent');
      return { messageId: info.messageId, location: `smtp://${host}` };
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server (development, demos) every mail is written as an .eml file that
 * any mail program opens, and its path is logged.
 */
function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail(textMail(options.from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: message.to, file }, `mail written to ${file}`);
      return { messageId: info.messageId, location: file };
    },
    close: () => transport.close(),
  };
}
