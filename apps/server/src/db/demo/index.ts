import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../database';
import type { CreatedSchool } from '../seed';
import { chargeBookedLessons } from './charges';
import { seedCompany } from './company';
import { type DemoContext, type DemoScale, seededFaker } from './context';
import { seedLearning } from './learning';
import { seedMoney } from './money';
import { seedPeople } from './people';
import { seedPlanning } from './planning';

export { DEMO_SCALE, type DemoScale, scaledTo } from './context';

export type GenerateOptions = {
  scale: DemoScale;
  /** The same seed and day give the same school, row for row. @default 2026 */
  seed?: number;
  /** ISO date the data is built around. @default today */
  today?: string;
  log?: (message: string) => void;
  /** Added to generated users' addresses (`name+tag@…`) for every school but the demo one. */
  emailTag?: string;
};

/**
 * Fills a created school (its roles and the demo sign-ins exist) with a realistic German
 * driving school: branches, instructors with work hours, vehicles and trailers, price lists
 * and products, students across classes and stages, a year of appointments, theory
 * courses, exams, the shipped theory question set, cost bearers, to-dos, invoices and
 * payments. Deterministic.
 */
export async function generateDemoData(
  db: Db,
  school: CreatedSchool,
  options: GenerateOptions,
): Promise<{ seconds: number; counts: Record<string, number> }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const [owner, office, instructor] = Object.values(school.userIds);
  if (owner === undefined || office === undefined || instructor === undefined) {
    throw new Error('The demo school needs its three demo users first.');
  }
  const context: DemoContext = {
    db,
    schoolId: school.schoolId,
    faker: seededFaker(options.seed ?? 2026),
    scale: options.scale,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    ids: {
      owner,
      office,
      instructorUser: instructor,
      instructors: [instructor],
      roles: school.roleIds,
      branches: [],
      vehicles: [],
      trailers: [],
      products: [],
      priceLists: [],
      studentCategories: [],
      testingOrganizations: [],
      students: [],
      educations: [],
      costBearers: [],
      theoryCourses: [],
      exams: [],
    },
    log,
    email: (local) =>
      `${local}${options.emailTag ? `+${options.emailTag}` : ''}@fahrschule-demo.de`,
  };
  const counts: Record<string, number> = {};
  for (const [name, seed] of [
    ['company', seedCompany],
    ['people', seedPeople],
    ['planning', seedPlanning],
    ['learning', seedLearning],
    ['money', seedMoney],
  ] as const) {
    const t0 = performance.now();
    Object.assign(counts, await seed(context));
    log(`demo: ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const t0 = performance.now();
  counts.chargedLessons = await chargeBookedLessons(db, school.schoolId);
  log(`demo: lesson charges in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // A bulk load leaves the planner's statistics behind (autovacuum catches up only later,
  // and PGlite has none): without ANALYZE the first queries on the new rows guess badly.
  // VACUUM also marks the new pages all-visible, so counts can be index-only scans; it
  // cannot run inside a transaction (the first start fills the demo school in one), where
  // ANALYZE alone is done.
  await db.execute(is(db, PgTransaction) ? sql`analyze` : sql`vacuum analyze`);
  return { seconds: (performance.now() - started) / 1000, counts };
}
