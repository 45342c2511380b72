import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { globalError } from './errors';
import type { FileAnswer, OperationId } from './operation-types';

/*
 * Idempotent writes (header `Idempotency-Key`, contract `common.yaml#/parameters/IdempotencyKey`):
 * a client that retries an action after a timeout or a lost answer sends the same key, and
 * gets the first answer again instead of a second payment, debit or export. The answer is
 * stored per school, operation and key for 24 hours; the same key with another request
 * answers 422 `errors.idempotency_key_reused`.
 *
 * Two requests with the same key at the same moment in one server process run one after the
 * other (the second replays the first's answer). Across processes the domain's own lock (the
 * SEPA export's per-school lock, the debit's row) keeps the action single; the second
 * process then stores nothing new (insert … on conflict do nothing).
 */

/** How long a key is kept. */
export const IDEMPOTENCY_TTL_HOURS = 24;

type Answer = { status: number; body?: unknown } | FileAnswer;

const running = new Map<string, Promise<unknown>>();

/** The key of the request's `Idempotency-Key` header, if any. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A stable hash of what the request asks: path, query and body (upload bytes included). */
export function requestFingerprint(request: FastifyRequest, extra?: Buffer | string): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ params: request.params, query: request.query, body: plain(request.body) }),
  );
  if (extra !== undefined) hash.update(extra);
  return hash.digest('hex');
}

/** The body without buffers and streams (a multipart file is hashed through `extra`). */
function plain(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  if (Buffer.isBuffer(body)) return `<${body.length} bytes>`;
  if (Array.isArray(body)) return body.map(plain);
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>)
      .filter(([, value]) => typeof value !== 'function')
      .map(([key, value]) => [
        key,
        value && typeof value === 'object' && 'file' in (value as object) ? '<file>' : plain(value),
      ]),
  );
}

/**
 * Runs `action` once per idempotency key: without a key it just runs; with a key already
 * answered it replays that answer; otherwise it runs and stores the answer. Errors (4xx,
 * 5xx) are not stored: a retry after a refusal tries again.
 */
export async function idempotent<T extends Answer>(
  db: Db,
  schoolId: number,
  request: FastifyRequest,
  operation: OperationId,
  action: () => Promise<T>,
  options: { fingerprint?: Buffer | string } = {},
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (!key) return action();
  const fingerprint = requestFingerprint(request, options.fingerprint);
  const slot = `${schoolId}:${operation}:${key}`;
  const before = running.get(slot);
  if (before) await before.catch(() => undefined);
  const work = (async () => {
    const stored = await load(db, schoolId, operation, key);
    if (stored) {
      if (stored.requestHash !== fingerprint) {
        throw globalError(
          'errors.idempotency_key_reused',
          'This Idempotency-Key was used for another request; make a new key for a new action.',
        );
      }
      return replay(stored) as T;
    }
    const answer = await action();
    await store(db, schoolId, operation, key, fingerprint, answer);
    return answer;
  })();
  running.set(slot, work);
  try {
    return await work;
  } finally {
    if (running.get(slot) === work) running.delete(slot);
  }
}

async function load(db: Db, schoolId: number, operation: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.drivingSchoolId, schoolId),
        eq(idempotencyKeys.operation, operation),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
      ),
    );
  return row;
}

function replay(row: typeof idempotencyKeys.$inferSelect): Answer {
  if (row.bodyEncoding === 'base64') {
    const headers = row.headers;
    return {
      status: 200,
      file: {
        bytes: Buffer.from(row.body, 'base64'),
        mimeType: headers.mimeType ?? 'application/octet-stream',
        fileName: headers.fileName ?? 'file',
        disposition: headers.disposition === 'inline' ? 'inline' : 'attachment',
      },
    };
  }
  return row.body === ''
    ? { status: row.status }
    : { status: row.status, body: JSON.parse(row.body) as unknown };
}

async function store(
  db: Db,
  schoolId: number,
  operation: string,
  key: string,
  requestHash: string,
  answer: Answer,
): Promise<void> {
  const file = 'file' in answer ? answer.file : undefined;
  const values: {
    status: number;
    headers: Record<string, string>;
    body: string;
    bodyEncoding: 'json' | 'base64';
  } = file
    ? {
        status: 200,
        headers: {
          mimeType: file.mimeType,
          fileName: file.fileName,
          disposition: file.disposition ?? 'attachment',
        },
        body: file.bytes.toString('base64'),
        bodyEncoding: 'base64',
      }
    : {
        status: answer.status,
        headers: {},
        body: 'body' in answer && answer.body !== undefined ? JSON.stringify(answer.body) : '',
        bodyEncoding: 'json',
      };
  // Expired keys of the school go first (the key may be reused after 24 hours).
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.drivingSchoolId, schoolId),
        lt(
          idempotencyKeys.createdAt,
          sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
        ),
      ),
    );
  await db
    .insert(idempotencyKeys)
    .values({ drivingSchoolId: schoolId, operation, key, requestHash, ...values })
    .onConflictDoNothing();
}
