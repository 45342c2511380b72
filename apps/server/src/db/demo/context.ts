import { base, de, de_AT, type Faker, Faker as FakerClass } from '@faker-js/faker';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database';

/** How big the generated school is. `DEMO` is what `npm start` creates. */
export type DemoScale = {
  branches: number;
  instructors: number;
  vehicles: number;
  students: number;
  /**
   * Appointments over the year around `today` (roughly 9 months back, 3 ahead); more reach
   * further back, as many years as the instructors need to hold them.
   */
  appointments: number;
  costBearers: number;
  todos: number;
};

export const DEMO_SCALE: DemoScale = {
  branches: 2,
  instructors: 8,
  vehicles: 12,
  students: 400,
  appointments: 12_000,
  costBearers: 25,
  todos: 60,
};

/** For benchmarks: `npm run demo:generate -- --students 50000 --appointments 2000000`. */
export function scaledTo(students: number, appointments: number): DemoScale {
  const factor = students / DEMO_SCALE.students;
  return {
    branches: Math.max(2, Math.round(2 * Math.sqrt(factor))),
    instructors: Math.max(8, Math.round(8 * factor ** 0.8)),
    vehicles: Math.max(12, Math.round(12 * factor ** 0.8)),
    students,
    appointments,
    costBearers: Math.max(25, Math.round(25 * factor)),
    todos: Math.max(60, Math.round(60 * factor ** 0.5)),
  };
}

/**
 * What every area's seeder gets: the database, the school, a seeded faker (German), the
 * scale, the reference day, and the ids the earlier areas created. Areas run in order —
 * company, people, planning, learning, money — and add their ids for the later ones.
 */
export type DemoContext = {
  db: Db;
  schoolId: number;
  faker: Faker;
  scale: DemoScale;
  /** The day the data is built around (ISO date); fixed in tests for reproducibility. */
  today: string;
  ids: DemoIds;
  /**
   * The e-mail address of a generated user. User addresses are unique across all schools
   * (sign-in is by address), so every generated school but the demo one adds its tag.
   */
  email: (local: string) => string;
  log: (message: string) => void;
};

/**
 * The rows each area creates for the later ones. Company fills the first block, people the
 * second, planning the third; money reads them all.
 */
export type DemoIds = {
  /** The demo sign-ins' user ids. */
  owner: number;
  office: number;
  instructorUser: number;
  /** Every user who teaches (the demo instructor first). */
  instructors: number[];
  roles: Record<string, number>;
  // company
  branches: number[];
  vehicles: { id: number; licenseClasses: string[]; transmission: 'MANUAL' | 'AUTOMATIC' }[];
  trailers: number[];
  products: {
    id: number;
    type: string;
    name: string;
    priceCents: number;
    licenseClasses: string[];
  }[];
  priceLists: number[];
  studentCategories: number[];
  testingOrganizations: number[];
  // people
  students: number[];
  educations: {
    id: number;
    studentId: number;
    licenseClass: string;
    instructorId: number;
    branchId: number;
    status: string;
    startDate: string;
  }[];
  costBearers: number[];
  // planning
  theoryCourses: number[];
  exams: number[];
};

/** A faker with German data whose every answer follows from `seed`. */
export function seededFaker(seed: number): Faker {
  const faker = new FakerClass({ locale: [de, de_AT, base] });
  faker.seed(seed);
  return faker;
}

/** Inserts many rows in batches (one statement per batch), answering the inserted ids. */
export async function insertBatched<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  batchSize = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    const chunk = rows.slice(start, start + batchSize);
    const inserted = (await db
      .insert(table)
      .values(chunk)
      .returning({ id: (table as unknown as { id: never }).id })) as { id: number }[];
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}
