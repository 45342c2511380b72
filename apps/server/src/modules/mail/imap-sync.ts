import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import type { Db } from '../../db/database';
import { emailAttachments, emailConfigs, emailSyncStates, emails, students } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { HTML_TEXT_LIMIT, sanitizeMailHtml, textAsHtml } from '../../mail/mail-html';
import { openSecret } from '../../mail/mail-secrets';
import { isEmailAddress } from './addresses';

/*
 * The IMAP sync of one mail account: new mail of its INBOX into `emails` (folder INBOX) with
 * its attachments in the file store.
 *
 * Incremental: `email_sync_states` keeps the folder's UIDVALIDITY and the highest UID
 * stored; a run asks the server for the UIDs above it and fetches them in batches of
 * BATCH, each batch stored in one transaction together with the new highest UID — a run
 * that dies loses at most the batch at hand, which the next run fetches again. When the
 * server answers another UIDVALIDITY the folder was rebuilt: the run starts from UID 1 and
 * the Message-ID key of `emails` skips what is stored already. The folder is opened
 * read-only (EXAMINE) and bodies fetched with BODY.PEEK, so the sync never marks mail as
 * read on the server; mail already read there (\Seen) arrives read.
 *
 * A failure is recorded on the account's state — a translation key, the server's own words
 * and the time of the next try, later after each failure (BACKOFF) — and never thrown at
 * the caller, so one account that is down does not hold up the others.
 */

export type SyncDeps = {
  db: Db;
  files: FileStore;
  mailSecretKey: Buffer;
  log?: { warn: (message: string) => void };
};

export type SyncOutcome = {
  emailConfigId: number;
  newEmails: number;
  syncedAt: Date;
  error?: string;
  errorDetail?: string;
};

/** Mail fetched and stored per transaction. */
const BATCH = 50;
/** The background sync's pause between two successful runs of an account. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** After the n-th failure in a row: 1, 2, 4, … minutes, at most 6 hours. */
export const backoffMs = (failures: number) =>
  Math.min(6 * 60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));

const SUBJECT_LIMIT = 998;
const ATTACHMENT_LIMIT = 50;

type Account = typeof emailConfigs.$inferSelect;

/** A failure as the mailbox shows it: a key of the texts and what the server said. */
export function describeFailure(error: unknown): { error: string; errorDetail: string } {
  const e = error as {
    code?: string;
    authenticationFailed?: boolean;
    responseText?: string;
    response?: string;
    message?: string;
  };
  const detail = String(e.responseText || e.response || e.message || error)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
  if (e.authenticationFailed) return { error: 'errors.imap_login_failed', errorDetail: detail };
  const unreachable = [
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'ECONNRESET',
    'ETIMEDOUT',
    'CONNECT_TIMEOUT',
    'GREETING_TIMEOUT',
    'UPGRADE_TIMEOUT',
    'ETIMEOUT',
    'NoConnection',
    'EConnectionClosed',
    'ClosedAfterConnectText',
    'ClosedAfterConnectTLS',
  ];
  if (e.code && unreachable.includes(e.code)) {
    return { error: 'errors.imap_unreachable', errorDetail: detail || e.code };
  }
  return { error: 'errors.imap_sync_failed', errorDetail: detail };
}

export function imapClientOf(account: Account, mailSecretKey: Buffer): ImapFlow {
  return new ImapFlow({
    host: account.imapHost,
    port: account.imapPort,
    secure: account.imapSecurity === 'TLS',
    // STARTTLS when offered (a school's local server without TLS still works, as for SMTP).
    doSTARTTLS: account.imapSecurity === 'STARTTLS' ? undefined : false,
    auth: {
      user: account.username,
      pass: openSecret(mailSecretKey, account.id, account.password),
    },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
}

const addressesOf = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => [entry, ...(entry.group ?? [])])
    .map((entry) => (entry.address ?? '').trim())
    .filter((address) => isEmailAddress(address))
    .slice(0, 100);

type Stored = {
  row: typeof emails.$inferInsert;
  attachments: { fileName: string; mimeType: string; bytes: Buffer }[];
};

/** One fetched message as a row of `emails` and its attachments. */
export function toStored(
  account: Account,
  parsed: ParsedMail,
  message: { uid: number; uidValidity: number; internalDate?: Date; seen: boolean; raw: Buffer },
): Stored {
  const sender = parsed.from?.value[0];
  const from = sender?.address && isEmailAddress(sender.address) ? sender.address : null;
  const attachments = parsed.attachments.map((attachment, index) => ({
    fileName: attachment.filename || `anhang-${index + 1}`,
    mimeType: attachment.contentType || 'application/octet-stream',
    bytes: attachment.content,
  }));
  let htmlBody = parsed.html ? sanitizeMailHtml(parsed.html) : textAsHtml(parsed.text ?? '');
  let keepOriginal = false;
  if (htmlBody.length > HTML_TEXT_LIMIT) {
    // Longer than the mailbox shows: the text version when it fits, else the beginning —
    // and always the whole original as an attachment, so nothing is lost.
    const text = textAsHtml(parsed.text ?? '');
    htmlBody =
      text.length <= HTML_TEXT_LIMIT
        ? text
        : textAsHtml(`${(parsed.text ?? '').slice(0, HTML_TEXT_LIMIT / 2)}\n…`);
    keepOriginal = true;
  }
  const subject = parsed.subject ?? '';
  if (subject.length > SUBJECT_LIMIT || attachments.length > ATTACHMENT_LIMIT) keepOriginal = true;
  if (keepOriginal) {
    attachments.splice(ATTACHMENT_LIMIT - 1);
    attachments.push({ fileName: 'original.eml', mimeType: 'message/rfc822', bytes: message.raw });
  }
  return {
    row: {
      drivingSchoolId: account.drivingSchoolId,
      emailConfigId: account.id,
      folder: 'INBOX',
      from: from ?? `unbekannt@${account.email.split('@')[1] ?? 'invalid'}`,
      fromName: sender?.name ? sender.name.slice(0, 200) : null,
      to: addressesOf(parsed.to),
      cc: addressesOf(parsed.cc),
      subject: subject.length > SUBJECT_LIMIT ? `${subject.slice(0, SUBJECT_LIMIT - 1)}…` : subject,
      htmlBody,
      receivedAt: message.internalDate ?? parsed.date ?? new Date(),
      read: message.seen,
      messageId: (
        parsed.messageId ?? `<imap-${message.uidValidity}-${message.uid}@${account.id}>`
      ).slice(0, 998),
      inReplyToMessageId: parsed.inReplyTo?.slice(0, 998) ?? null,
    },
    attachments,
  };
}

/** The students whose e-mail address sent or received each mail (lower-cased address → id). */
async function studentsByAddress(db: Db, schoolId: number, addresses: string[]) {
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: students.id, email: sql<string>`lower(${students.email})` })
    .from(students)
    .where(
      and(eq(students.drivingSchoolId, schoolId), inArray(sql`lower(${students.email})`, wanted)),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

async function storeBatch(
  deps: SyncDeps,
  account: Account,
  batch: Stored[],
  state: { uidValidity: number; lastUid: number },
): Promise<number> {
  const byAddress = await studentsByAddress(
    deps.db,
    account.drivingSchoolId,
    batch.flatMap(({ row }) => [row.from, ...(row.to ?? []), ...(row.cc ?? [])]),
  );
  let added = 0;
  await deps.db.transaction(async (tx) => {
    for (const { row, attachments } of batch) {
      const studentId =
        [row.from, ...(row.to ?? []), ...(row.cc ?? [])]
          .map((address) => byAddress.get(address.toLowerCase()))
          .find((id) => id !== undefined) ?? null;
      const [inserted] = await tx
        .insert(emails)
        .values({ ...row, studentId })
        .onConflictDoNothing()
        .returning({ id: emails.id });
      if (!inserted) continue;
      added += 1;
      for (const [position, attachment] of attachments.entries()) {
        const file = await deps.files.save(
          tx as unknown as Db,
          account.drivingSchoolId,
          attachment,
        );
        await tx.insert(emailAttachments).values({
          drivingSchoolId: account.drivingSchoolId,
          emailId: inserted.id,
          fileId: file.id,
          position,
        });
      }
    }
    await tx
      .insert(emailSyncStates)
      .values({
        drivingSchoolId: account.drivingSchoolId,
        emailConfigId: account.id,
        uidValidity: state.uidValidity,
        lastUid: state.lastUid,
      })
      .onConflictDoUpdate({
        target: [emailSyncStates.drivingSchoolId, emailSyncStates.emailConfigId],
        set: { uidValidity: state.uidValidity, lastUid: state.lastUid, updatedAt: new Date() },
      });
  });
  return added;
}

async function recordOutcome(db: Db, account: Account, outcome: SyncOutcome) {
  const failed = outcome.error !== undefined;
  const values = {
    drivingSchoolId: account.drivingSchoolId,
    emailConfigId: account.id,
    ...(failed ? {} : { syncedAt: outcome.syncedAt }),
    error: outcome.error ?? null,
    errorDetail: outcome.errorDetail ?? null,
  };
  const failures = sql`case when ${failed} then ${emailSyncStates.failures} + 1 else 0 end`;
  await db
    .insert(emailSyncStates)
    .values({
      ...values,
      failures: failed ? 1 : 0,
      nextAttemptAt: new Date(Date.now() + (failed ? backoffMs(1) : SYNC_INTERVAL_MS)),
    })
    .onConflictDoUpdate({
      target: [emailSyncStates.drivingSchoolId, emailSyncStates.emailConfigId],
      set: {
        ...values,
        failures,
        // 1, 2, 4, … minutes after failures in a row (see backoffMs), at most six hours.
        nextAttemptAt: failed
          ? sql`now() + least(interval '6 hours', interval '1 minute' * power(2, ${emailSyncStates.failures}))`
          : sql`now() + ${`${SYNC_INTERVAL_MS / 1000} seconds`}::interval`,
        updatedAt: new Date(),
      },
    });
}

/**
 * Fetches the account's new mail. Never throws for the account's own trouble (it is in the
 * answer and on the account's state); `signal` ends the run after the batch at hand.
 */
export async function syncAccount(
  deps: SyncDeps,
  schoolId: number,
  emailConfigId: number,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<SyncOutcome> {
  const [account] = await deps.db
    .select()
    .from(emailConfigs)
    .where(and(eq(emailConfigs.drivingSchoolId, schoolId), eq(emailConfigs.id, emailConfigId)));
  if (!account) throw new Error(`No mail account ${emailConfigId} in school ${schoolId}`);
  const [state] = await deps.db
    .select()
    .from(emailSyncStates)
    .where(
      and(
        eq(emailSyncStates.drivingSchoolId, schoolId),
        eq(emailSyncStates.emailConfigId, emailConfigId),
      ),
    );
  let newEmails = 0;
  let client: ImapFlow | undefined;
  const timeout = options.timeoutMs
    ? setTimeout(() => client?.close(), options.timeoutMs)
    : undefined;
  // A stopping queue (or a lost lock) ends the connection at once, not after its timeouts.
  const abort = () => client?.close();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    client = imapClientOf(account, deps.mailSecretKey);
    await client.connect();
    const mailbox = await client.mailboxOpen('INBOX', { readOnly: true });
    const uidValidity = Number(mailbox.uidValidity);
    let lastUid = state && state.uidValidity === uidValidity ? state.lastUid : 0;
    const uids =
      mailbox.exists === 0
        ? []
        : ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter(
            (uid) => uid > lastUid,
          );
    uids.sort((a, b) => a - b);
    for (let start = 0; start < uids.length; start += BATCH) {
      if (options.signal?.aborted) break;
      const chunk = uids.slice(start, start + BATCH);
      const fetched = await client.fetchAll(
        chunk.join(','),
        { uid: true, flags: true, internalDate: true, source: true },
        { uid: true },
      );
      const batch: Stored[] = [];
      for (const message of fetched) {
        if (!message.source) continue;
        const parsed = await simpleParser(message.source, {
          skipImageLinks: true,
          skipTextToHtml: true,
        });
        const internalDate =
          message.internalDate instanceof Date
            ? message.internalDate
            : message.internalDate
              ? new Date(message.internalDate)
              : undefined;
        batch.push(
          toStored(account, parsed, {
            uid: message.uid,
            uidValidity,
            ...(internalDate ? { internalDate } : {}),
            seen: message.flags?.has('\\Seen') ?? false,
            raw: message.source,
          }),
        );
      }
      lastUid = Math.max(lastUid, ...chunk);
      newEmails += await storeBatch(deps, account, batch, { uidValidity, lastUid });
    }
    if (uids.length === 0) {
      await storeBatch(deps, account, [], { uidValidity, lastUid });
    }
    await client.logout().catch(() => {});
    const outcome: SyncOutcome = { emailConfigId, newEmails, syncedAt: new Date() };
    await recordOutcome(deps.db, account, outcome);
    return outcome;
  } catch (error) {
    client?.close();
    const failure = describeFailure(error);
    deps.log?.warn(
      `Mail sync of account ${emailConfigId} (${account.imapHost}:${account.imapPort}) failed: ${failure.errorDetail}`,
    );
    const outcome: SyncOutcome = { emailConfigId, newEmails, syncedAt: new Date(), ...failure };
    await recordOutcome(deps.db, account, outcome);
    return outcome;
  } finally {
    if (timeout) clearTimeout(timeout);
    options.signal?.removeEventListener('abort', abort);
  }
}

/**
 * The accounts whose next sync is due, claimed for this caller: their next try moves
 * `claimMs` ahead in the same statement, so two server instances never both take one.
 * Accounts never synced (no state row yet) are due at once.
 */
export async function claimDueAccounts(db: Db, limit: number, claimMs = 10 * 60_000) {
  await db.execute(sql`
    insert into ${emailSyncStates} (driving_school_id, email_config_id)
    select ${emailConfigs.drivingSchoolId}, ${emailConfigs.id} from ${emailConfigs}
    on conflict do nothing`);
  const due = await db
    .select({
      drivingSchoolId: emailSyncStates.drivingSchoolId,
      emailConfigId: emailSyncStates.emailConfigId,
    })
    .from(emailSyncStates)
    .where(lte(emailSyncStates.nextAttemptAt, sql`now()`))
    .orderBy(emailSyncStates.nextAttemptAt)
    .limit(limit);
  const claimed: typeof due = [];
  for (const account of due) {
    const [row] = await db
      .update(emailSyncStates)
      .set({ nextAttemptAt: sql`now() + ${`${Math.round(claimMs / 1000)} seconds`}::interval` })
      .where(
        and(
          eq(emailSyncStates.drivingSchoolId, account.drivingSchoolId),
          eq(emailSyncStates.emailConfigId, account.emailConfigId),
          lte(emailSyncStates.nextAttemptAt, sql`now()`),
        ),
      )
      .returning({ id: emailSyncStates.emailConfigId });
    if (row) claimed.push(account);
  }
  return claimed;
}
