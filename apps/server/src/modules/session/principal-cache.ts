import type { Database } from '../../db/database';
import type { Principal, PrincipalLoader } from '../../http/auth';
import type { TokenClaims } from '../../http/jwt';

/** The channel migration 0008's triggers notify with a school's id. */
export const PRINCIPAL_CHANNEL = 'fahrwerk_principals';
/** The tables a principal is read from (the triggers of migration 0008 watch the same). */
export const PRINCIPAL_TABLES = ['users', 'user_roles', 'role_permissions'] as const;

export type PrincipalCacheOptions = {
  /** The loader whose answers are kept: one database round trip per call. */
  load: PrincipalLoader;
  /** Longest time an answer is kept, as a safety net behind the notifications. */
  maxAgeMs?: number;
  /** Most answers kept; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
};

export type PrincipalCache = {
  load: PrincipalLoader;
  /** Forgets the school's principals (a change of its users, roles or permissions). */
  forgetSchool: (schoolId: number) => void;
  /** Forgets every principal. */
  forgetAll: () => void;
  /** While off (the default), every call loads from the database and nothing is kept. */
  setActive: (active: boolean) => void;
  readonly size: number;
};

type Entry = { principal: Principal | null; schoolId: number; loadedAt: number };

/**
 * The principals of signed-in requests, kept between requests so an authenticated call
 * costs no extra database round trip. It is only as fresh as what tells it of changes,
 * so it keeps nothing unless switched on by `subscribePrincipalCache`, which forgets a
 * school's principals on every change notified by the database (any server process, any
 * path) and, for this process's own writes, as the statement is sent.
 *
 * A load that a change overtakes is answered but not kept: each school has a generation,
 * raised by every change, and an answer is kept only if the generation it was loaded in
 * still holds.
 */
export function createPrincipalCache(options: PrincipalCacheOptions): PrincipalCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const generations = new Map<number, number>();
  let globalGeneration = 0;
  let active = false;

  const keyOf = (claims: TokenClaims) =>
    `${claims.drivingSchoolId}:${claims.userId}:${claims.roleId}:${claims.tokenVersion ?? 0}`;
  const generationOf = (schoolId: number) =>
    `${globalGeneration}:${generations.get(schoolId) ?? 0}`;

  function forgetSchool(schoolId: number) {
    generations.set(schoolId, (generations.get(schoolId) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.schoolId === schoolId) entries.delete(key);
  }

  function forgetAll() {
    globalGeneration += 1;
    generations.clear();
    entries.clear();
  }

  return {
    async load(claims) {
      const key = keyOf(claims);
      const schoolId = claims.drivingSchoolId;
      const kept = active ? entries.get(key) : undefined;
      if (kept && now() - kept.loadedAt < maxAgeMs) return kept.principal;
      if (kept) entries.delete(key);
      const generation = generationOf(schoolId);
      const principal = await options.load(claims);
      if (active && generationOf(schoolId) === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(key, { principal, schoolId, loadedAt: now() });
      }
      return principal;
    },
    forgetSchool,
    forgetAll,
    setActive(value) {
      active = value;
      forgetAll();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Keeps the cache fresh from the database: it is switched on while the LISTEN on
 * `PRINCIPAL_CHANNEL` stands (off, and emptied, while it is lost), forgets a school on each
 * notification, and forgets everything when this process writes a principal table, before
 * the write commits, so this process's next request reads the change even if the
 * notification is still on its way. Resolves to the function that ends it.
 */
export async function subscribePrincipalCache(
  cache: PrincipalCache,
  database: Pick<Database, 'listen' | 'watchWrites'>,
): Promise<() => Promise<void>> {
  const stopWatching = database.watchWrites(PRINCIPAL_TABLES, () => cache.forgetAll());
  let unlisten: () => Promise<void>;
  try {
    unlisten = await database.listen(PRINCIPAL_CHANNEL, {
      notify(payload) {
        const schoolId = Number(payload);
        if (Number.isSafeInteger(schoolId)) cache.forgetSchool(schoolId);
        else cache.forgetAll();
      },
      ready: () => cache.setActive(true),
      lost: () => cache.setActive(false),
    });
  } catch (error) {
    stopWatching();
    throw error;
  }
  return async () => {
    cache.setActive(false);
    stopWatching();
    await unlisten();
  };
}
