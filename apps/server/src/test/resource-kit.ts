import { beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../db/seed';
import { DEMO_OWNER, DRIVERS, expectError, type TestApp, useTestApp } from './test-app';

/**
 * One entity's generic resource calls (spec 000 §7), described for the shared checks:
 * create, find one, filter with search/sort/paging, list, page, update, archive and
 * unarchive, delete, 422 on bad input, and tenant isolation against a second school.
 */
export type ResourceSpec = {
  /** The resource path, e.g. `/vehicles`. */
  path: string;
  /** `GET /<r>` and `GET /<r>/{limit}/{offset}` exist. @default true */
  listable?: boolean;
  archivable: boolean;
  deletable: boolean;
  /**
   * A valid create body; `n` makes it unique (1, 2, 3 …). It may create parent rows first
   * through `t.call` with `token`.
   */
  sample: (context: { t: TestApp; token: string; n: number }) => Promise<Record<string, unknown>>;
  /** A valid update: the body is `{ ...sample, ...change }`; every key is checked after. */
  change: Record<string, unknown>;
  /** A field whose value the free-text search finds. */
  searchField?: string;
  /** A sort field of the filter, checked ascending and descending. */
  sortField?: string;
  /** A create body the server must refuse with 422, and the field error it names. */
  invalid?: { body: (valid: Record<string, unknown>) => Record<string, unknown>; field?: string };
  /** Answers that differ from the body (server-set fields) are not compared. */
  ignore?: string[];
};

const OTHER_SCHOOL_OWNER = { email: 'inhaber@andere-fahrschule.de', password: 'Andere#Schule1' };

function expectSubset(
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
  ignore: string[],
) {
  for (const [key, value] of Object.entries(expected)) {
    if (ignore.includes(key) || value === undefined) continue;
    expect(actual[key], key).toEqual(value);
  }
}

/** Runs the shared checks for every spec, on PGlite and (with DATABASE_URL) PostgreSQL. */
export function describeResources(area: string, specs: ResourceSpec[]): void {
  describe.each(DRIVERS)(`${area} resources on %s`, (driver) => {
    const t = useTestApp(driver);
    let owner: string;
    let other: string;
    beforeAll(async () => {
      owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      await createSchool(t.database.db, {
        name: 'Andere Fahrschule',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
        users: [
          {
            firstName: 'Otto',
            lastName: 'Anders',
            ...OTHER_SCHOOL_OWNER,
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      other = await t.signIn(OTHER_SCHOOL_OWNER.email, OTHER_SCHOOL_OWNER.password);
    });

    describe.each(specs)('$path', (spec) => {
      let counter = 100;
      const next = () => ++counter;
      const ignore = spec.ignore ?? [];
      const create = async (n = next()) => {
        const body = await spec.sample({ t, token: owner, n });
        const response = await t.call<Record<string, unknown>>('POST', spec.path, {
          token: owner,
          body,
        });
        expect(response.status, response.raw).toBe(201);
        return { body, created: response.body };
      };

      it('creates, finds, updates', async () => {
        const { body, created } = await create();
        expect(created.id).toEqual(expect.any(Number));
        expectSubset(created, body, ignore);
        const found = await t.call<Record<string, unknown>>('GET', `${spec.path}/${created.id}`, {
          token: owner,
        });
        expect(found.status, found.raw).toBe(200);
        expect(found.body).toEqual(created);

        const changed = await t.call<Record<string, unknown>>('PUT', `${spec.path}/${created.id}`, {
          token: owner,
          body: { ...body, ...spec.change },
        });
        expect(changed.status, changed.raw).toBe(200);
        expectSubset(changed.body, spec.change, ignore);
      });

      it('filters with search, sort and paging', async () => {
        const rows = [await create(), await create(), await create()];
        const all = await t.call<{ data: Record<string, unknown>[]; total: number }>(
          'POST',
          `${spec.path}/filter`,
          {
            token: owner,
            body: { page: 0, size: 2 },
          },
        );
        expect(all.status, all.raw).toBe(200);
        expect(all.body.data.length).toBeLessThanOrEqual(2);
        expect(all.body.total).toBeGreaterThanOrEqual(3);
        const second = await t.call<{ data: Record<string, unknown>[] }>(
          'POST',
          `${spec.path}/filter`,
          {
            token: owner,
            body: { page: 1, size: 2 },
          },
        );
        const firstIds = all.body.data.map((row) => row.id);
        for (const row of second.body.data) expect(firstIds).not.toContain(row.id);

        if (spec.searchField) {
          const target = rows[1]?.created ?? {};
          const value = String(target[spec.searchField]);
          const found = await t.call<{ data: Record<string, unknown>[] }>(
            'POST',
            `${spec.path}/filter`,
            {
              token: owner,
              body: { search: value, size: 200 },
            },
          );
          expect(found.status, found.raw).toBe(200);
          expect(found.body.data.map((row) => row.id)).toContain(target.id);
        }
        if (spec.sortField) {
          for (const direction of ['asc', 'desc'] as const) {
            const sorted = await t.call<{ data: Record<string, unknown>[] }>(
              'POST',
              `${spec.path}/filter`,
              {
                token: owner,
                body: { size: 200, sort: [{ field: spec.sortField, direction }] },
              },
            );
            expect(sorted.status, sorted.raw).toBe(200);
            expect(sorted.body.data.length).toBeGreaterThanOrEqual(3);
          }
        }
        if (spec.listable !== false) {
          const list = await t.call<unknown[]>('GET', spec.path, { token: owner });
          expect(list.status, list.raw).toBe(200);
          expect(list.body.length).toBeGreaterThanOrEqual(3);
          const page = await t.call<{ data: unknown[]; total: number }>('GET', `${spec.path}/2/0`, {
            token: owner,
          });
          expect(page.status, page.raw).toBe(200);
          expect(page.body.data).toHaveLength(2);
        }
      });

      if (spec.archivable) {
        it('archives and takes out of the archive', async () => {
          const { created } = await create();
          const archived = await t.call<Record<string, unknown>>('POST', `${spec.path}/archive`, {
            token: owner,
            query: { id: Number(created.id), archived: true },
          });
          expect(archived.status, archived.raw).toBe(200);
          expect(archived.body.archived).toBe(true);
          const active = await t.call<{ data: { id: unknown }[] }>('POST', `${spec.path}/filter`, {
            token: owner,
            body: { size: 200, archived: false },
          });
          expect(active.body.data.map((row) => row.id)).not.toContain(created.id);
          const inArchive = await t.call<{ data: { id: unknown }[] }>(
            'POST',
            `${spec.path}/filter`,
            {
              token: owner,
              body: { size: 200, archived: true },
            },
          );
          expect(inArchive.body.data.map((row) => row.id)).toContain(created.id);
          const back = await t.call<Record<string, unknown>>('POST', `${spec.path}/archive`, {
            token: owner,
            query: { id: Number(created.id), archived: false },
          });
          expect(back.status, back.raw).toBe(200);
          expect(back.body.archived).toBe(false);
        });
      }

      if (spec.deletable) {
        it('deletes', async () => {
          const { created } = await create();
          const removed = await t.call('DELETE', `${spec.path}/${created.id}`, { token: owner });
          expect(removed.status, removed.raw).toBe(204);
          expectError(
            await t.call('GET', `${spec.path}/${created.id}`, { token: owner }),
            404,
            'errors.not_found',
          );
        });
      }

      if (spec.invalid) {
        it('refuses bad input with 422 and the error body', async () => {
          const valid = await spec.sample({ t, token: owner, n: next() });
          const response = await t.call('POST', spec.path, {
            token: owner,
            body: spec.invalid?.body(valid),
          });
          const error = expectError(
            response,
            422,
            (response.body as { error_message: string }).error_message,
          );
          if (spec.invalid?.field) {
            expect(error.fieldErrors.map((f) => f.field)).toContain(spec.invalid.field);
          }
        });
      }

      it("keeps the school's rows from another school", async () => {
        const { created } = await create();
        expectError(
          await t.call('GET', `${spec.path}/${created.id}`, { token: other }),
          404,
          'errors.not_found',
        );
        const theirs = await t.call<{ data: { id: unknown }[]; total: number }>(
          'POST',
          `${spec.path}/filter`,
          {
            token: other,
            body: { size: 200 },
          },
        );
        expect(theirs.status, theirs.raw).toBe(200);
        expect(theirs.body.data.map((row) => row.id)).not.toContain(created.id);
        const update = await t.call('PUT', `${spec.path}/${created.id}`, {
          token: other,
          body: await spec.sample({ t, token: owner, n: next() }),
        });
        expect([404, 422]).toContain(update.status);
        if (spec.deletable) {
          expect(
            (await t.call('DELETE', `${spec.path}/${created.id}`, { token: other })).status,
          ).toBe(404);
        }
      });
    });
  });
}
