import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  driver: DatabaseDriver;
  /** Runs the committed SQL migrations in src/db/migrations (never a schema push). */
  migrate: () => Promise<void>;
  /**
   * Subscribes to `NOTIFY` on `channel`, sent by any connection of any server process.
   * `ready` runs once the subscription stands, `lost` when it breaks (PostgreSQL: the
   * listening connection dropped; it reconnects and calls `ready` again): between the two,
   * notifications may be missed. Resolves to the unsubscribe function.
   */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  /**
   * Runs `listener` whenever this process sends a statement that inserts into, updates or
   * deletes from one of `tables` (by drizzle's SQL text), as the statement is sent, before
   * its transaction commits. Returns the function that stops it.
   */
  watchWrites: (tables: readonly string[], listener: () => void) => () => void;
  close: () => Promise<void>;
};

export type NotificationHandlers = {
  notify: (payload: string) => void;
  ready: () => void;
  lost: () => void;
};

/** The table a drizzle INSERT, UPDATE or DELETE writes to (`insert into "users" …`). */
const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"([^"]+)"/i;

/**
 * The write watchers of one database, fed by drizzle's query logger: one regular expression
 * per statement, and nothing more unless a watched table is written.
 */
function writeWatchers() {
  const watchers = new Set<{ tables: ReadonlySet<string>; listener: () => void }>();
  return {
    logger: {
      logQuery(query: string) {
        if (watchers.size === 0) return;
        const table = WRITTEN_TABLE.exec(query)?.[1];
        if (!table) return;
        for (const watcher of watchers) if (watcher.tables.has(table)) watcher.listener();
      },
    },
    watch(tables: readonly string[], listener: () => void) {
      const watcher = { tables: new Set(tables), listener };
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
  };
}

/** A channel name as an SQL identifier (LISTEN takes no parameters). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  return channel;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number; all server processes use it to run migrations one at a time. */
const MIGRATION_LOCK_KEY = 4_711_002;

export type OpenDatabaseOptions = {
  /** PostgreSQL URL; without it an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (DATA_DIR/pglite). */
  dataDir: string;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(path.join(options.dataDir, 'pglite'));
  // Closing twice (an app's onClose and its owner) closes once.
  let closing: Promise<void> | undefined;
  const close = database.close;
  database.close = () => {
    closing ??= close();
    return closing;
  };
  return database;
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  // pool.end() resolves before the connections have closed; close() waits for them, so a
  // test can drop its database right after.
  const open = new Set<pg.ClientBase>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    // JIT off for our sessions: the reports' year-long statements reach its cost threshold,
    // and compiling them took ~0.5 s of a 1.2 s answer at 50,000 students (bench:reports)
    // while saving nothing on queries of this size. A SET (queued before the client's first
    // query), not a startup option: PgBouncer refuses unknown startup parameters.
    client.query('set jit = off').catch(() => {});
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const writes = writeWatchers();
  const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: writes.logger });
  const listeners = new Set<() => Promise<void>>();

  /**
   * LISTEN on a connection of its own (not the pool's: a pooled connection serves other
   * queries and is handed back). A dropped connection is replaced after a second.
   */
  async function listen(channel: string, handlers: NotificationHandlers) {
    const statement = `listen ${channelIdentifier(channel)}`;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;
    const connect = async () => {
      const candidate = new pg.Client({ connectionString });
      candidate.on('notification', (message) => {
        if (message.channel === channel) handlers.notify(message.payload ?? '');
      });
      // A broken connection also ends; 'end' below handles both.
      candidate.on('error', () => {});
      candidate.once('end', () => {
        if (client !== candidate) return;
        client = undefined;
        handlers.lost();
        if (!stopped) retry = setTimeout(reconnect, 1000).unref();
      });
      try {
        await candidate.connect();
        await candidate.query(statement);
      } catch (error) {
        await candidate.end().catch(() => {});
        throw error;
      }
      if (stopped) {
        await candidate.end().catch(() => {});
        return;
      }
      client = candidate;
      handlers.ready();
    };
    const reconnect = () => {
      connect().catch((error: Error) => {
        console.warn(`LISTEN ${channel} failed, retrying: ${error.message}`);
        if (!stopped) retry = setTimeout(reconnect, 1000).unref();
      });
    };
    await connect();
    const unsubscribe = async () => {
      stopped = true;
      clearTimeout(retry);
      listeners.delete(unsubscribe);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    };
    listeners.add(unsubscribe);
    return unsubscribe;
  }

  return {
    db,
    driver: 'postgres',
    listen,
    watchWrites: writes.watch,
    async migrate() {
      // Several server processes may start at once; the advisory lock lets one migrate.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await Promise.all([...listeners].map((unsubscribe) => unsubscribe()));
      const closed = [...open].map((client) => new Promise((done) => client.once('end', done)));
      await pool.end();
      await Promise.all(closed);
    },
  };
}

async function openPglite(directory: string): Promise<Database> {
  mkdirSync(directory, { recursive: true });
  const releaseLock = acquireDirectoryLock(directory);
  let client: PGlite;
  try {
    // pg_trgm backs the name search (migration 0003 creates the extension and its index).
    client = await PGlite.create(directory, { extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const writes = writeWatchers();
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: writes.logger });
  const maintenance = startPgliteMaintenance(client);
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    // One connection in this process: its own notifications reach it after each statement.
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channelIdentifier(channel), handlers.notify);
      handlers.ready();
      return unsubscribe;
    },
    watchWrites: writes.watch,
    async close() {
      clearInterval(maintenance);
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** How often the embedded database is vacuumed and analyzed (see startPgliteMaintenance). */
export const PGLITE_MAINTENANCE_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum: without this, the planner's statistics stay those of the first
 * rows (a year's DATEV export then joins 100,000 payments by nested loops: 1.7 s instead of
 * 0.5 s) and the space of updated rows is never reused. Every six hours `vacuum analyze`
 * does what PostgreSQL's autovacuum does on its own (about a second for a 50,000-student
 * school; PGlite runs it between other statements, never inside a transaction). The timer
 * does not keep the process alive.
 */
function startPgliteMaintenance(client: PGlite): NodeJS.Timeout {
  const timer = setInterval(() => {
    client.exec('vacuum analyze').catch((error: unknown) => {
      console.warn(`PGlite maintenance failed: ${(error as Error).message}`);
    });
  }, PGLITE_MAINTENANCE_MS);
  timer.unref();
  return timer;
}

/** The PGlite folder is held by another running process. */
export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
}

/**
 * PGlite is a single-process database: a second process opening the same folder would
 * corrupt it. A lock file with the owner's pid refuses that, and a stale lock (its process
 * is gone) is taken over.
 */
function acquireDirectoryLock(directory: string): () => void {
  const lockFile = path.join(directory, 'fahrwerk.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The database in ${directory} is in use by process ${owner}. ` +
            'Stop that process first, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The names of the tables in the public schema, for the migration tests. */
export async function listTables(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}
