import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, notLike } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailConfigs } from '../db/schema';

/*
 * The mail accounts' passwords are stored sealed: AES-256-GCM with the server's mail key
 * (config.mailSecretKey: MAIL_SECRET_KEY, else DATA_DIR/mail-secret-key), a fresh 12-byte
 * nonce per value, the GCM tag proving it unchanged. Stored form: `enc:v1:<base64 nonce|tag|ciphertext>`.
 * They are never answered (the resource hides the column); only the SMTP and IMAP clients
 * open them, the moment they sign in.
 */

const PREFIX = 'enc:v1:';

export function sealSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export class MailSecretError extends Error {
  override readonly name = 'MailSecretError';
}

/**
 * The password of a stored account. A value written before sealing existed (no prefix) is
 * answered as it is; `sealStoredPasswords` seals those at start.
 */
export function openSecret(key: Buffer, accountId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new MailSecretError(
      `The password of mail account ${accountId} does not open with this server's mail key (MAIL_SECRET_KEY or DATA_DIR/mail-secret-key): was the key changed? Enter the password again.`,
    );
  }
}

/**
 * Seals every password still stored in clear (accounts saved before sealing, rows written
 * by hand or by an import). Idempotent; each row on its own, so a concurrent save wins.
 * Answers how many it sealed.
 */
export async function sealStoredPasswords(db: Db, key: Buffer): Promise<number> {
  const open = await db
    .select({ id: emailConfigs.id, password: emailConfigs.password })
    .from(emailConfigs)
    .where(notLike(emailConfigs.password, `${PREFIX}%`));
  for (const row of open) {
    await db
      .update(emailConfigs)
      .set({ password: sealSecret(key, row.password) })
      .where(and(eq(emailConfigs.id, row.id), eq(emailConfigs.password, row.password)));
  }
  return open.length;
}
