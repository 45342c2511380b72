import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { rolePermissions, users } from '../../db/schema';
import type { Principal } from '../../http/auth';
import type { TokenClaims } from '../../http/jwt';
import {
  contract,
  countQueries,
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import { createPrincipalCache } from './principal-cache';

const claims = (userId: number, drivingSchoolId = 1): TokenClaims => ({
  userId,
  drivingSchoolId,
  roleId: 1,
  tokenVersion: 0,
});
const principal = (permission: string): Principal => ({
  archived: false,
  permissions: new Set([permission]),
  studentVisibility: 'ALL',
});

describe('the principal cache', () => {
  /** A loader counting its calls; answers what `answer` holds at the time. */
  const counting = () => {
    const state = { calls: 0, answer: principal('first') as Principal | null };
    const load = vi.fn(async () => {
      state.calls += 1;
      return state.answer;
    });
    return { state, load };
  };

  it('keeps nothing while switched off (no notifications to keep it fresh)', async () => {
    const { state, load } = counting();
    const cache = createPrincipalCache({ load });
    await cache.load(claims(1));
    await cache.load(claims(1));
    expect(state.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('answers a repeated request from memory, per user, role and token version', async () => {
    const { state, load } = counting();
    const cache = createPrincipalCache({ load });
    cache.setActive(true);
    expect(await cache.load(claims(1))).toEqual(principal('first'));
    state.answer = principal('second');
    expect(await cache.load(claims(1))).toEqual(principal('first'));
    expect(state.calls).toBe(1);
    // Another user, another role or a newer token version is loaded.
    await cache.load(claims(2));
    await cache.load({ ...claims(1), roleId: 2 });
    await cache.load({ ...claims(1), tokenVersion: 1 });
    expect(state.calls).toBe(4);
    // A refused principal (null) is kept too: the same token is refused again without a query.
    state.answer = null;
    expect(await cache.load(claims(3))).toBeNull();
    expect(await cache.load(claims(3))).toBeNull();
    expect(state.calls).toBe(5);
  });

  it("forgets one school's principals, or all, and everything when switched off", async () => {
    const { state, load } = counting();
    const cache = createPrincipalCache({ load });
    cache.setActive(true);
    await cache.load(claims(1, 1));
    await cache.load(claims(2, 2));
    cache.forgetSchool(1);
    state.answer = principal('changed');
    expect(await cache.load(claims(1, 1))).toEqual(principal('changed'));
    expect(await cache.load(claims(2, 2))).toEqual(principal('first'));
    cache.forgetAll();
    expect(await cache.load(claims(2, 2))).toEqual(principal('changed'));
    await cache.load(claims(1, 1));
    expect(cache.size).toBe(2);
    cache.setActive(false);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer that a change overtook while it was loading', async () => {
    let release: (value: Principal) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<Principal>((resolve) => {
          release = resolve;
        }),
    );
    const cache = createPrincipalCache({ load });
    cache.setActive(true);
    const pending = cache.load(claims(1));
    // The change commits (its notification arrives) while the old state is on its way.
    cache.forgetSchool(1);
    release(principal('old'));
    expect(await pending).toEqual(principal('old'));
    expect(cache.size).toBe(0);
    // A change of another school does not spoil a load.
    const next = cache.load(claims(1));
    cache.forgetSchool(2);
    release(principal('new'));
    await next;
    expect(cache.size).toBe(1);
  });

  it('loads again after the longest age, and keeps at most the number of entries given', async () => {
    let now = 0;
    const { state, load } = counting();
    const cache = createPrincipalCache({ load, maxAgeMs: 1000, maxEntries: 2, now: () => now });
    cache.setActive(true);
    await cache.load(claims(1));
    now = 999;
    await cache.load(claims(1));
    expect(state.calls).toBe(1);
    now = 1000;
    await cache.load(claims(1));
    expect(state.calls).toBe(2);
    await cache.load(claims(2));
    await cache.load(claims(3));
    expect(cache.size).toBe(2);
    // The oldest (user 1) went first.
    await cache.load(claims(3));
    await cache.load(claims(1));
    expect(state.calls).toBe(5);
  });
});

describe.each(DRIVERS)('principals kept between requests (%s)', (driver) => {
  const t = useTestApp(driver);

  /** A call any signed-in user may make: the permissions of their own role. */
  const ownPermissions = (token: string, roleName: string) =>
    t.call('GET', '/roles/permissions', {
      token,
      query: { drivingSchoolId: t.demo.schoolId, roleId: t.demo.roleIds[roleName] as number },
    });
  /** Runs SQL as another process would: on the driver's client, past the app's statements. */
  const outside = async (statement: string, params: unknown[]) => {
    const client = (
      t.database.db as unknown as {
        $client: { query: (text: string, params: unknown[]) => Promise<unknown> };
      }
    ).$client;
    await client.query(statement, params);
  };

  it('a repeated call reads no principal from the database', async () => {
    const token = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    const first = await countQueries(t, async () => {
      expect((await ownPermissions(token, 'Büro')).status).toBe(200);
    });
    const second = await countQueries(t, async () => {
      expect((await ownPermissions(token, 'Büro')).status).toBe(200);
    });
    expect(second, `${first} statements, then ${second}`).toBe(first - 1);
  });

  it('a change written past the app (another server process, psql) reaches the next requests', async () => {
    const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    expect((await ownPermissions(token, 'Fahrlehrer')).status).toBe(200);
    const id = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
    await outside('update users set archived = true where id = $1', [id]);
    // The notification travels on its own connection on PostgreSQL: it comes within moments.
    await vi.waitFor(
      async () =>
        expectError(await ownPermissions(token, 'Fahrlehrer'), 401, 'errors.unauthorized'),
      { timeout: 10_000, interval: 20 },
    );
    await outside('update users set archived = false where id = $1', [id]);
    await vi.waitFor(
      async () => expect((await ownPermissions(token, 'Fahrlehrer')).status).toBe(200),
      { timeout: 10_000, interval: 20 },
    );
  });

  it("this process's own change applies to its very next request", async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    const roleId = t.demo.roleIds.Büro as number;
    const list = () => t.call('POST', '/students/student-list', { token: office, body: {} });
    expect((await list()).status).toBe(200);
    const { db } = t.database;
    const [before] = await db
      .select({ allow: rolePermissions.allow, permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId))
      .limit(1);
    expect(before).toBeDefined();
    // Every permission of the role off, through the app's own database handle.
    await db
      .update(rolePermissions)
      .set({ allow: false })
      .where(eq(rolePermissions.roleId, roleId));
    expectError(await list(), 403, 'errors.forbidden');
    await db.update(rolePermissions).set({ allow: true }).where(eq(rolePermissions.roleId, roleId));
    expect((await list()).status).toBe(200);
    expect((await ownPermissions(owner, 'Inhaber')).status).toBe(200);
  });

  it.runIf(driver === 'postgres')(
    'two server processes on one database: a change through one reaches the other',
    async () => {
      const second = await buildApp(t.config, {
        logger: false,
        database: t.database,
        document: contract(),
      });
      try {
        await second.ready();
        const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
        const onSecond = () =>
          second.inject({
            method: 'GET',
            url: '/api/roles/permissions',
            query: {
              drivingSchoolId: String(t.demo.schoolId),
              roleId: String(t.demo.roleIds.Fahrlehrer),
            },
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await onSecond()).statusCode).toBe(200);
        // Archived through the first app's API.
        const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
        const id = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
        const archived = await t.call('POST', '/users/archive', {
          token: owner,
          query: { id, archived: true },
        });
        expect(archived.status, archived.raw).toBe(200);
        await vi.waitFor(async () => expect((await onSecond()).statusCode).toBe(401), {
          timeout: 10_000,
          interval: 20,
        });
        const [row] = await t.database.db
          .select({ archived: users.archived })
          .from(users)
          .where(sql`${users.id} = ${id}`);
        expect(row?.archived).toBe(true);
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(driver === 'postgres')(
    'after a lost LISTEN connection the process listens again and the cache serves again',
    async () => {
      const token = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
      const [{ name } = { name: '' }] = (
        (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        // End the app's listening connection as a server restart or a network cut would.
        const ended = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and query ilike 'listen %'`,
          [name],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
        // Meanwhile every request reads the database; once the process listens again, the
        // cache serves again: after a write that empties it (this process's own write to
        // users), one call loads the principal and the next one does not.
        expect((await ownPermissions(token, 'Büro')).status).toBe(200);
        const officeId = t.demo.userIds[DEMO_OFFICE.email] as number;
        await vi.waitFor(
          async () => {
            await t.database.db
              .update(users)
              .set({ archived: false })
              .where(eq(users.id, officeId));
            // The write's own notification empties the cache once more; let it arrive.
            await new Promise((resolve) => setTimeout(resolve, 50));
            const first = await countQueries(t, async () => {
              expect((await ownPermissions(token, 'Büro')).status).toBe(200);
            });
            const again = await countQueries(t, async () => {
              expect((await ownPermissions(token, 'Büro')).status).toBe(200);
            });
            expect(again, `${first} statements, then ${again}`).toBe(first - 1);
          },
          { timeout: 20_000, interval: 100 },
        );
      } finally {
        await admin.end();
      }
    },
  );
});
