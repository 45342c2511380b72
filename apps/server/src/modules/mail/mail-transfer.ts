import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../../db/database';
import {
  emailAttachments,
  emailConfigs,
  emailConfigUsers,
  emailSyncStates,
  emails,
  storedFiles,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { forbidden, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { type UploadedFile, uploadedFiles } from '../../http/uploads';
import { everyWhileStarted, messageOf } from '../../jobs/job-queue';
import { sanitizeMailHtml } from '../../mail/mail-html';
import { openSecret } from '../../mail/mail-secrets';
import { smtpTransportOptions } from '../../mail/school-mailer';
import type { Services } from '../handlers';
import {
  claimDueAccounts,
  imapClientOf,
  type SyncDeps,
  type SyncOutcome,
  syncAccount,
} from './imap-sync';
import { toMailboxEmailDto } from './mail.resources';
import { fillPlaceholders, placeholderValues } from './template-render';

/*
 * Mail leaving and arriving: sending from a user's mail account over its SMTP server (the
 * sent message then stored in the account's Sent folder over IMAP and in the OUTBOX),
 * reading a stored attachment, fetching new mail now (force sync) and in the background
 * (the `mail-sync` job, queued for each account whose next sync is due), and filling a
 * template's placeholders for a student.
 */

type Schemas = components['schemas'];
type SendInput = Schemas['SendEmailInput'];

export const MAIL_SYNC_JOB = 'mail-sync';
/** How often each server process looks for accounts whose sync is due. */
const SCHEDULER_TICK_MS = 60_000;
/** The force sync's limit per account (the contract's "at most 60 seconds"). */
const FORCE_SYNC_TIMEOUT_MS = 60_000;
const ATTACHMENT_BYTES_LIMIT = 20 * 1024 * 1024;

/** The accounts of `ids` the user may use; 403 when one is not. Empty: all of the user's. */
async function usableAccounts(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await db
    .select({ id: emailConfigUsers.emailConfigId })
    .from(emailConfigUsers)
    .where(
      and(
        eq(emailConfigUsers.drivingSchoolId, auth.drivingSchoolId),
        eq(emailConfigUsers.userId, auth.userId),
        ids.length > 0 ? inArray(emailConfigUsers.emailConfigId, ids) : undefined,
      ),
    );
  if (ids.length > 0 && rows.length !== new Set(ids).size) {
    throw forbidden('You may not use every one of these mail accounts.');
  }
  return rows.map((row) => row.id);
}

/** A plain-text version of the HTML body (for clients that show no HTML). */
export function textOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The message as sent: our default font around the sanitised body. */
const mailDocument = (html: string) =>
  `<!doctype html><html><body><div style="font-family: Helvetica, Arial, sans-serif; font-size: 14px">${html}</div></body></html>`;

/** Stores a sent message in the account's Sent folder (special use \Sent, else "Sent"). */
async function appendToSent(
  account: typeof emailConfigs.$inferSelect,
  key: Buffer,
  raw: Buffer,
): Promise<void> {
  const client = imapClientOf(account, key);
  const timer = setTimeout(() => client.close(), 20_000);
  try {
    await client.connect();
    const folders = await client.list();
    const sent =
      folders.find((folder) => folder.specialUse === '\\Sent')?.path ??
      folders.find((folder) => /^(sent|gesendet)/i.test(folder.name))?.path ??
      'Sent';
    await client.append(sent, raw, ['\\Seen']);
    await client.logout();
  } finally {
    clearTimeout(timer);
    client.close();
  }
}

export function createMailTransferHandlers(services: Services): OperationHandlers {
  const { db, files, config } = services;
  const syncDeps: SyncDeps = { db, files, mailSecretKey: config.mailSecretKey };

  async function send(
    auth: AuthContext,
    input: SendInput,
    uploads: UploadedFile[],
  ): Promise<{ status: 200; body: Schemas['MailboxEmail'] }> {
    await usableAccounts(db, auth, [input.emailConfigId]);
    const [account] = await db
      .select()
      .from(emailConfigs)
      .where(
        and(
          eq(emailConfigs.drivingSchoolId, auth.drivingSchoolId),
          eq(emailConfigs.id, input.emailConfigId),
        ),
      );
    if (!account) throw notFound(`No mail account ${input.emailConfigId} in your school.`);
    let inReplyTo: string | undefined;
    if (input.inReplyToEmailId !== undefined) {
      const [original] = await db
        .select({ messageId: emails.messageId })
        .from(emails)
        .where(
          and(
            eq(emails.drivingSchoolId, auth.drivingSchoolId),
            eq(emails.id, input.inReplyToEmailId),
            inArray(emails.emailConfigId, await usableAccounts(db, auth, [])),
          ),
        );
      if (!original) throw notFound(`No e-mail ${input.inReplyToEmailId} in your mailbox.`);
      inReplyTo = original.messageId ?? undefined;
    }
    if (input.studentId !== undefined) {
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, input.studentId)),
        );
      if (!student) throw notFound(`No student ${input.studentId} in your school.`);
    }
    const total = uploads.reduce((sum, file) => sum + file.bytes.length, 0);
    if (total > ATTACHMENT_BYTES_LIMIT) {
      throw Object.assign(globalError('errors.file_too_large', 'The attachments exceed 20 MB.'), {
        statusCode: 413,
      });
    }

    const html = sanitizeMailHtml(input.htmlBody);
    const from = account.senderName
      ? { name: account.senderName, address: account.email }
      : account.email;
    const message = {
      from,
      to: input.to,
      cc: input.cc ?? [],
      bcc: input.bcc ?? [],
      subject: input.subject,
      html: mailDocument(html),
      text: textOf(html),
      ...(inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}),
      attachments: uploads.map((file) => ({
        filename: file.fileName,
        contentType: file.mimeType,
        content: file.bytes,
      })),
      textEncoding: 'quoted-printable' as const,
    };
    const composed = new MailComposer(message).compile();
    // Bcc stays out of the stored and the Sent copy, but is in the envelope.
    composed.keepBcc = false;
    const raw = await composed.build();
    const messageId = composed.messageId();
    const password = openSecret(config.mailSecretKey, account.id, account.password);
    const transport = nodemailer.createTransport(
      smtpTransportOptions({ ...account, password, smtpSecurity: account.smtpSecurity }),
    );
    try {
      await transport.sendMail({
        envelope: {
          from: account.email,
          to: [...input.to, ...(input.cc ?? []), ...(input.bcc ?? [])],
        },
        raw,
      });
    } catch (error) {
      throw Object.assign(
        globalError(
          'errors.email_not_sent',
          `The mail server did not take the e-mail: ${messageOf(error).slice(0, 300)}`,
        ),
        { cause: error },
      );
    } finally {
      transport.close();
    }
    // Sent: from here on the mail exists, so a failing Sent folder is logged, not answered.
    await appendToSent(account, config.mailSecretKey, raw).catch((error: unknown) => {
      console.warn(
        `The sent e-mail ${messageId} was not stored in the Sent folder of ${account.email}: ${messageOf(error)}`,
      );
    });
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(emails)
        .values({
          drivingSchoolId: auth.drivingSchoolId,
          emailConfigId: account.id,
          folder: 'OUTBOX',
          from: account.email,
          fromName: account.senderName,
          to: input.to,
          cc: input.cc ?? [],
          bcc: input.bcc ?? [],
          subject: input.subject,
          htmlBody: html,
          sentAt: new Date(),
          read: true,
          studentId: input.studentId ?? null,
          messageId,
          inReplyToMessageId: inReplyTo ?? null,
        })
        .returning();
      if (!stored) throw new Error('The sent e-mail was not stored.');
      const refs = [];
      for (const [position, file] of uploads.entries()) {
        const saved = await files.save(tx as unknown as Db, auth.drivingSchoolId, file);
        const [link] = await tx
          .insert(emailAttachments)
          .values({
            drivingSchoolId: auth.drivingSchoolId,
            emailId: stored.id,
            fileId: saved.id,
            position,
          })
          .returning({ id: emailAttachments.id });
        refs.push({
          id: link?.id as number,
          fileName: saved.fileName,
          mimeType: saved.mimeType,
          size: saved.size,
          emailId: stored.id,
        });
      }
      return { stored, refs };
    });
    return { status: 200, body: toMailboxEmailDto(row.stored, row.refs) };
  }

  /** Runs the sync of an account under its lock; waits for a run already under way. */
  async function syncLocked(schoolId: number, emailConfigId: number): Promise<SyncOutcome> {
    const until = Date.now() + FORCE_SYNC_TIMEOUT_MS;
    for (;;) {
      const lock = await services.jobs.tryLock(MAIL_SYNC_JOB, emailConfigId);
      if (lock) {
        try {
          return await syncAccount(syncDeps, schoolId, emailConfigId, {
            signal: lock.lost,
            timeoutMs: FORCE_SYNC_TIMEOUT_MS,
          });
        } finally {
          await lock.release();
        }
      }
      if (Date.now() > until) {
        return {
          emailConfigId,
          newEmails: 0,
          syncedAt: new Date(),
          error: 'errors.imap_sync_busy',
          errorDetail: 'Another sync of this account is still running.',
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return {
    async sendUserEmail(request) {
      return send(requireAuth(request), request.body as SendInput, []);
    },

    async sendUserEmailWithAttachments(request) {
      const auth = requireAuth(request);
      const uploads = uploadedFiles(request as unknown as FastifyRequest, 'file');
      return send(auth, (request.body as { email: SendInput }).email, uploads);
    },

    async readEmailAttachment(request) {
      const auth = requireAuth(request);
      const usable = await usableAccounts(db, auth, []);
      const [link] = await db
        .select({ fileId: emailAttachments.fileId })
        .from(emailAttachments)
        .innerJoin(
          emails,
          and(
            eq(emails.drivingSchoolId, emailAttachments.drivingSchoolId),
            eq(emails.id, emailAttachments.emailId),
          ),
        )
        .where(
          and(
            eq(emailAttachments.drivingSchoolId, auth.drivingSchoolId),
            eq(emailAttachments.id, request.params.id),
            usable.length > 0 ? inArray(emails.emailConfigId, usable) : sql`false`,
          ),
        );
      if (!link) throw notFound(`No attachment ${request.params.id} in your mailbox.`);
      const { row, bytes } = await files.read(db, auth.drivingSchoolId, link.fileId);
      const shown = ['application/pdf', 'image/png', 'image/jpeg'].includes(row.mimeType);
      return {
        status: 200,
        file: {
          bytes,
          mimeType: shown ? row.mimeType : 'application/octet-stream',
          fileName: row.fileName,
          disposition: 'attachment',
        },
      };
    },

    async forceSyncEmails(request) {
      const auth = requireAuth(request);
      const ids = await usableAccounts(db, auth, request.body.emailConfigIds);
      const outcomes = await Promise.all(ids.map((id) => syncLocked(auth.drivingSchoolId, id)));
      return {
        status: 200,
        body: outcomes.map((outcome) => ({
          emailConfigId: outcome.emailConfigId,
          newEmails: outcome.newEmails,
          syncedAt: outcome.syncedAt.toISOString(),
          ...(outcome.error ? { error: outcome.error } : {}),
          ...(outcome.errorDetail ? { errorDetail: outcome.errorDetail } : {}),
        })),
      };
    },

    async renderEmailTemplate(request) {
      const auth = requireAuth(request);
      const { subject, htmlBody, studentId, educationId } = request.body;
      const values = await placeholderValues(db, auth.drivingSchoolId, {
        ...(studentId !== undefined ? { studentId } : {}),
        ...(educationId !== undefined ? { educationId } : {}),
      });
      return { status: 200, body: fillPlaceholders({ subject, htmlBody }, values) };
    },
  };
}

/** The sync state of the accounts, for the user's account list. */
export async function syncStatesOf(db: Db, schoolId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof emailSyncStates.$inferSelect>();
  const rows = await db
    .select()
    .from(emailSyncStates)
    .where(
      and(
        eq(emailSyncStates.drivingSchoolId, schoolId),
        inArray(emailSyncStates.emailConfigId, ids),
      ),
    );
  return new Map(rows.map((row) => [row.emailConfigId, row]));
}

/**
 * The background sync: each process looks every minute for accounts whose next sync is due
 * (claiming them, so two processes never take the same) and queues a `mail-sync` job per
 * account; the job runs the account's sync under its lock. Started with the queue.
 */
export function registerMailSyncWorker(services: Services): void {
  const { db, files, config, jobs } = services;
  const deps: SyncDeps = { db, files, mailSecretKey: config.mailSecretKey };
  jobs.work<{ drivingSchoolId: number; emailConfigId: number }>(
    MAIL_SYNC_JOB,
    async (payload, context) => {
      const lock = await jobs.tryLock(MAIL_SYNC_JOB, payload.emailConfigId);
      // A force sync of the account is running: it fetches what this job would.
      if (!lock) return;
      try {
        const [exists] = await db
          .select({ id: emailConfigs.id })
          .from(emailConfigs)
          .where(
            and(
              eq(emailConfigs.drivingSchoolId, payload.drivingSchoolId),
              eq(emailConfigs.id, payload.emailConfigId),
            ),
          );
        if (!exists) return;
        await syncAccount(deps, payload.drivingSchoolId, payload.emailConfigId, {
          signal: context.signal,
          timeoutMs: 10 * 60_000,
        });
      } finally {
        await lock.release();
      }
    },
    { concurrency: 2, retryLimit: 0, expireInSeconds: 15 * 60 },
  );
  const tick = async () => {
    try {
      for (const account of await claimDueAccounts(db, 20)) {
        await jobs.send(MAIL_SYNC_JOB, account);
      }
    } catch (error) {
      console.warn(`The mail sync scheduler failed: ${messageOf(error)}`);
    }
  };
  everyWhileStarted(jobs, SCHEDULER_TICK_MS, tick);
}
