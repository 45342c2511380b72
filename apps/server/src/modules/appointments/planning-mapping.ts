import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storedFiles } from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { ConstraintMeaning } from '../resources/database-errors';

/*
 * Small helpers the planning area's resources share: DTO mapping (the contract leaves empty
 * fields out, times are HH:mm, instants ISO strings), batched lookups for the parts of a DTO
 * that live in other tables, and typed access to the loose request of a custom handler.
 */

/** The object without its null and undefined values (the contract leaves empty fields out). */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== null && entry !== undefined) out[key] = entry;
  }
  return out as T;
}

/** `08:30:00` (a PostgreSQL time) → `08:30`. */
export const hhmm = (time: string) => time.slice(0, 5);

/** An instant as the contract's IsoDateTime; undefined stays undefined. */
export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

/** Minutes since midnight of `HH:mm[:ss]`. */
export const minuteOfDay = (time: string) =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** `HH:mm` of minutes since midnight. */
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** ISO date arithmetic in UTC (dates carry no time zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Today in Europe/Berlin, as an ISO date. */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);
}

/**
 * Collects the keys asked for while the rows of one answer are mapped and loads them with one
 * query per school, so a page of 200 rows costs one extra query, not 200.
 */
export function batchLoader<V>(
  load: (schoolId: number, ids: number[]) => Promise<Map<number, V>>,
): (schoolId: number, id: number) => Promise<V | undefined> {
  let pending = new Map<number, Map<number, ((value: V | undefined) => void)[]>>();
  let failures = new Map<number, ((error: unknown) => void)[]>();
  let scheduled = false;

  async function flush() {
    const batch = pending;
    const rejects = failures;
    pending = new Map();
    failures = new Map();
    scheduled = false;
    await Promise.all(
      [...batch].map(async ([schoolId, waiting]) => {
        try {
          const values = await load(schoolId, [...waiting.keys()]);
          for (const [id, resolvers] of waiting) {
            for (const resolve of resolvers) resolve(values.get(id));
          }
        } catch (error) {
          for (const reject of rejects.get(schoolId) ?? []) reject(error);
        }
      }),
    );
  }

  return (schoolId, id) =>
    new Promise<V | undefined>((resolve, reject) => {
      let bySchool = pending.get(schoolId);
      if (!bySchool) {
        bySchool = new Map();
        pending.set(schoolId, bySchool);
      }
      const resolvers = bySchool.get(id) ?? [];
      resolvers.push(resolve);
      bySchool.set(id, resolvers);
      const rejects = failures.get(schoolId) ?? [];
      rejects.push(reject);
      failures.set(schoolId, rejects);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/** Groups rows by a key into a Map of arrays. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

export type FileRefDto = {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  uploadedAt?: string;
};

/** The contract's FileRef of stored files, batched. */
export function fileRefLoader(db: Db) {
  return batchLoader<FileRefDto>(async (schoolId, ids) => {
    const rows = await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.drivingSchoolId, schoolId), inArray(storedFiles.id, ids)));
    return new Map(
      rows.map((row) => [
        row.id,
        compact({
          id: row.id,
          fileName: row.fileName,
          mimeType: row.mimeType,
          size: row.size,
          uploadedAt: iso(row.createdAt),
        }),
      ]),
    );
  });
}

/** A 422 naming several fields at once (`validation.*` keys). */
export function fieldErrors(errors: { field: string; error: string }[], message: string) {
  return new AppError(422, 'errors.validation', message, errors, []);
}

/** A foreign key that names a field: its 422 says the chosen entry does not exist. */
export const unknownId = (field: string): ConstraintMeaning => ({
  field,
  error: 'validation.unknown_id',
});

/** A check constraint that names a field: its 422 says the value is invalid. */
export const invalid = (field: string): ConstraintMeaning => ({
  field,
  error: 'validation.invalid',
});

/** The request of a hand-written handler, loosely typed (the contract validated it). */
export type LooseRequest = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
};

type LooseHandler = (
  request: LooseRequest,
  auth: AuthContext,
) => Promise<{ status: number; body?: unknown }>;

/**
 * Hand-written handlers by operationId, each given the signed-in caller. The contract types of
 * each operation still apply at the route (request validation, response validation in tests).
 */
export function handlers(map: Record<string, LooseHandler>): OperationHandlers {
  const out: Record<string, (request: LooseRequest) => Promise<unknown>> = {};
  for (const [operationId, handler] of Object.entries(map)) {
    out[operationId] = (request) => handler(request, requireAuth(request as never));
  }
  return out as unknown as OperationHandlers;
}

/** `and` over optional conditions, never undefined-only. */
export const allOf = (...conditions: (SQL | undefined)[]) => and(...conditions);
