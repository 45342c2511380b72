import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommendation). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

/** A 256-bit random one-time token, URL-safe (for links in mails). */
export const newOneTimeToken = (): string => randomBytes(32).toString('base64url');

/** One-time tokens are stored hashed; SHA-256 suffices for 256-bit random values. */
export const hashOneTimeToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
