import { and, asc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { emailConfigs, masterData } from '../db/schema';
import { openSecret } from './mail-secrets';
import type { Mailer, SentMail } from './mailer';

export type SchoolMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { fileName: string; mimeType: string; bytes: Buffer }[];
};

export type SmtpAccount = {
  email: string;
  senderName: string | null;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: 'TLS' | 'STARTTLS';
  username: string;
  password: string;
};

/** Several mails over one connection; `close` when done (also after a failure). */
export type SchoolMailSession = {
  send: (message: SchoolMailMessage) => Promise<SentMail>;
  close: () => void;
};

/** Sends a school's mail: over the school's own SMTP account when it has one. */
export type SchoolMailer = {
  send: (db: Db, schoolId: number, message: SchoolMailMessage) => Promise<SentMail>;
  /**
   * The school's sending account, resolved once, with one pooled SMTP connection for many
   * mails (a broadcast's batch): a new connection per mail costs a TCP and TLS handshake and
   * the login each time.
   */
  open: (db: Db, schoolId: number) => Promise<SchoolMailSession>;
  /** Sends over exactly this account (the mail-account test, sending from a chosen account). */
  sendVia: (account: SmtpAccount, message: SchoolMailMessage) => Promise<SentMail>;
};

/**
 * nodemailer options of an account. TLS: implicit TLS (port 465 usually). STARTTLS: plain
 * connection upgraded when the server offers STARTTLS — nodemailer's default; we do not
 * force the upgrade so that a school's local relay without TLS (and the tests' local SMTP
 * server) still works.
 */
export function smtpTransportOptions(account: SmtpAccount) {
  return {
    host: account.smtpHost,
    port: account.smtpPort,
    secure: account.smtpSecurity === 'TLS',
    auth: account.username ? { user: account.username, pass: account.password } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

const fromOf = (account: SmtpAccount) =>
  account.senderName ? { name: account.senderName, address: account.email } : account.email;

/**
 * The school's sending account: the mail account whose address is the master data's
 * e-mail, else its first mail account. Without any, the system mailer (SMTP_URL or the
 * outbox) sends, so nothing is silently dropped.
 */
export function createSchoolMailer(options: {
  fallback: Mailer;
  /** Opens the accounts' sealed passwords (config.mailSecretKey). */
  secretKey: Buffer;
}): SchoolMailer {
  /** A single-use or a pooled transport. */
  type Transport = {
    sendMail: (mail: nodemailer.SendMailOptions) => Promise<{ messageId: string }>;
  };

  async function sendOver(
    transport: Transport,
    account: SmtpAccount,
    message: SchoolMailMessage,
  ): Promise<SentMail> {
    const info = await transport.sendMail({
      from: fromOf(account),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      attachments: message.attachments?.map((file) => ({
        filename: file.fileName,
        contentType: file.mimeType,
        content: file.bytes,
      })),
      textEncoding: 'quoted-printable',
    });
    return {
      messageId: info.messageId,
      location: `smtp://${account.smtpHost}:${account.smtpPort}`,
    };
  }

  async function sendVia(account: SmtpAccount, message: SchoolMailMessage): Promise<SentMail> {
    const transport = nodemailer.createTransport(smtpTransportOptions(account));
    try {
      return await sendOver(transport, account, message);
    } finally {
      transport.close();
    }
  }

  /** The school's sending account with its password opened, or null (no mail account). */
  async function accountOf(db: Db, schoolId: number): Promise<SmtpAccount | null> {
    const [account] = await db
      .select({
        id: emailConfigs.id,
        email: emailConfigs.email,
        senderName: emailConfigs.senderName,
        smtpHost: emailConfigs.smtpHost,
        smtpPort: emailConfigs.smtpPort,
        smtpSecurity: emailConfigs.smtpSecurity,
        username: emailConfigs.username,
        password: emailConfigs.password,
      })
      .from(emailConfigs)
      .leftJoin(
        masterData,
        and(
          eq(masterData.drivingSchoolId, emailConfigs.drivingSchoolId),
          sql`lower(${masterData.email}) = lower(${emailConfigs.email})`,
        ),
      )
      .where(eq(emailConfigs.drivingSchoolId, schoolId))
      .orderBy(sql`${masterData.drivingSchoolId} is null`, asc(emailConfigs.id))
      .limit(1);
    if (!account) return null;
    return { ...account, password: openSecret(options.secretKey, account.id, account.password) };
  }

  const viaFallback = (message: SchoolMailMessage) =>
    options.fallback.send({ to: message.to, subject: message.subject, text: message.text });

  return {
    sendVia,
    async send(db, schoolId, message) {
      const account = await accountOf(db, schoolId);
      return account ? sendVia(account, message) : viaFallback(message);
    },
    async open(db, schoolId) {
      const account = await accountOf(db, schoolId);
      if (!account) return { send: viaFallback, close: () => {} };
      const transport = nodemailer.createTransport({
        ...smtpTransportOptions(account),
        pool: true,
        maxConnections: 1,
      });
      return {
        send: (message) => sendOver(transport, account, message),
        close: () => transport.close(),
      };
    },
  };
}
