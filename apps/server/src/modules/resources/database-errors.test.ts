import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema';
import { createSchool, DEMO_SCHOOL } from '../../db/seed';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/test-app';
import { constraintMeaning, knownConstraintNames } from './constraint-meanings';
import { translateDatabaseError } from './database-errors';

describe.each(DRIVERS)('database refusals on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  /** Every constraint and unique index of the migrated schema, by name. */
  async function constraintsInDatabase(): Promise<string[]> {
    const result = (await test.database.db.execute(sql`
      select c.conname as name
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' and c.contype in ('c', 'f', 'u', 'p', 'x')
      union
      select i.relname as name
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = i.relnamespace
       where n.nspname = 'public' and x.indisunique
      order by name`)) as unknown as { rows: { name: string }[] };
    return result.rows.map((row) => row.name);
  }

  it('has a meaning for every constraint of the migrated schema', async () => {
    const names = await constraintsInDatabase();
    expect(names.length).toBeGreaterThan(300);
    const known = new Set(knownConstraintNames());
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    for (const name of names) {
      const meaning = constraintMeaning(name);
      expect(meaning?.error, name).toMatch(/^(errors|validation)\.[a-z_]+$/);
      if (meaning?.field) expect(meaning.field, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  });

  it('translates a real refusal without naming the table, column or constraint', async () => {
    const school = await createSchool(test.database.db, DEMO_SCHOOL);
    const row = {
      drivingSchoolId: school.schoolId,
      name: 'Golf',
      plate: 'B-XY 1',
      kind: 'CAR' as const,
      transmission: 'MANUAL' as const,
      licenseClasses: ['B' as const],
    };
    await test.database.db.insert(vehicles).values(row);
    const duplicate = await test.database.db
      .insert(vehicles)
      .values(row)
      .then(
        () => null,
        (error: unknown) => error,
      );
    const translated = translateDatabaseError(duplicate);
    expect(translated?.status).toBe(422);
    const body = translated?.toBody();
    expect(body?.fieldErrors).toEqual([{ field: 'plate', error: 'validation.duplicate' }]);
    expect(JSON.stringify(body)).not.toMatch(/vehicles|_key|driving_school|constraint/);

    const nul = await test.database.db
      .insert(vehicles)
      .values({ ...row, plate: 'B-XY 2', name: 'Golf\u0000' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(translateDatabaseError(nul)?.toBody()).toMatchObject({
      error_message: 'errors.validation',
      globalErrors: ['validation.invalid_character'],
    });
  });
});

describe('translateDatabaseError', () => {
  const pgError = (fields: Record<string, string>) =>
    Object.assign(new Error('db refused'), { cause: Object.assign(new Error('x'), fields) });

  it('keeps a resource’s own meaning first and never names the constraint', () => {
    const error = pgError({ code: '23503', constraint: 'user_roles_role_fk' });
    const own = translateDatabaseError(error, {
      user_roles_role_fk: { field: 'roleIds', error: 'validation.not_found' },
    });
    expect(own?.toBody().fieldErrors).toEqual([
      { field: 'roleIds', error: 'validation.not_found' },
    ]);
    expect(own?.message).not.toContain('user_roles');
    const fallback = translateDatabaseError(error)?.toBody();
    expect(fallback?.fieldErrors).toEqual([{ field: 'roleId', error: 'validation.unknown_id' }]);
  });

  it('tells a delete that rows still point at from a write that points nowhere', () => {
    const error = pgError({
      code: '23503',
      constraint: 'user_roles_role_fk',
      detail: 'Key (driving_school_id, id)=(1, 2) is still referenced from table "user_roles".',
    });
    expect(translateDatabaseError(error)?.toBody()).toMatchObject({
      error_message: 'errors.still_referenced',
      globalErrors: ['errors.still_referenced'],
      fieldErrors: [],
    });
  });

  it('names the field of a not-null column by its contract name', () => {
    const error = pgError({ code: '23502', table: 'students', column: 'first_name' });
    expect(translateDatabaseError(error)?.toBody().fieldErrors).toEqual([
      { field: 'firstName', error: 'validation.required' },
    ]);
  });

  it('leaves everything else alone', () => {
    expect(translateDatabaseError(new Error('boom'))).toBeNull();
    expect(translateDatabaseError(pgError({ code: '40001' }))).toBeNull();
    expect(translateDatabaseError(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeNull();
  });
});
