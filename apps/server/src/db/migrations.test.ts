import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/test-app';
import { listTables } from './database';
import * as schema from './schema';
import { userRoles } from './schema';
import { createSchool, DEMO_SCHOOL, seedIfNeeded } from './seed';

/** Every table the schema files declare: the committed migrations must create exactly these. */
const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();

describe.each(DRIVERS)('migrations on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('create every table, each with driving_school_id', async () => {
    const { db } = test.database;
    expect(await listTables(db)).toEqual(TABLES);
    const result = (await db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'driving_school_id'
      order by table_name`)) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('run again without changes', async () => {
    await test.database.migrate();
    expect(await listTables(test.database.db)).toEqual(TABLES);
  });

  it('seed the demo school once', async () => {
    const { db } = test.database;
    expect(await seedIfNeeded(db, { seedDemo: false })).toBe('created');
    expect(await seedIfNeeded(db, { seedDemo: true })).toBe('exists');
  });

  it('refuse an e-mail address used in another school, in any case', async () => {
    const seed = {
      ...DEMO_SCHOOL,
      name: 'Fahrschule Doppelt',
      users: [
        {
          ...(DEMO_SCHOOL.users[0] as (typeof DEMO_SCHOOL.users)[number]),
          email: 'INHABER@fahrschule-demo.de',
        },
      ],
      roles: DEMO_SCHOOL.roles.slice(0, 1),
    };
    await expect(createSchool(test.database.db, seed)).rejects.toThrow();
  });

  it('refuse a user holding a role of another school (composite keys)', async () => {
    const { db } = test.database;
    const first = await createSchool(db, {
      name: 'Schule A',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: [] }],
      users: [],
    });
    const second = await createSchool(db, {
      name: 'Schule B',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: [] }],
      users: [
        {
          firstName: 'Bea',
          lastName: 'B',
          email: 'bea@schule-b.test',
          password: 'Schule#B1234',
          roles: ['Inhaber'],
          studentVisibility: 'ALL',
        },
      ],
    });
    const insertForeignRole = db.insert(userRoles).values({
      drivingSchoolId: second.schoolId,
      userId: second.userIds['bea@schule-b.test'] as number,
      roleId: first.roleIds.Inhaber as number,
      position: 1,
    });
    await expect(insertForeignRole).rejects.toThrow();
  });
});
