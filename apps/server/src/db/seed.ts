import { count, eq, sql } from 'drizzle-orm';
import { PERMISSION_KEYS, type PermissionKey } from '../modules/session/permission-keys';
import { hashPassword } from '../modules/session/secrets';
import type { Db } from './database';
import {
  drivingSchools,
  type RoleType,
  rolePermissions,
  roles,
  userRoles,
  userSettings,
  users,
} from './schema';

export type SchoolSeed = {
  name: string;
  roles: {
    name: string;
    type: RoleType;
    description: string;
    /** The allowed keys; every other key is stored as not allowed. */
    allow: readonly PermissionKey[];
  }[];
  users: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    /** Names of roles above; the first is the current role. */
    roles: readonly string[];
    studentVisibility: 'ALL' | 'OWN';
  }[];
};

export type CreatedSchool = {
  schoolId: number;
  roleIds: Record<string, number>;
  userIds: Record<string, number>;
};

/** Creates a school with its roles and users in one transaction (demo data and tests). */
export async function createSchool(db: Db, seed: SchoolSeed): Promise<CreatedSchool> {
  const hashes = await Promise.all(seed.users.map((user) => hashPassword(user.password)));
  return db.transaction(async (tx) => {
    const [school] = await tx
      .insert(drivingSchools)
      .values({ name: seed.name })
      .returning({ id: drivingSchools.id });
    if (!school) throw new Error('The school was not created.');
    const drivingSchoolId = school.id;

    const roleIds: Record<string, number> = {};
    for (const role of seed.roles) {
      const [created] = await tx
        .insert(roles)
        .values({
          drivingSchoolId,
          name: role.name,
          type: role.type,
          description: role.description,
          generalAccess: true,
          sidebarAccess: true,
        })
        .returning({ id: roles.id });
      if (!created) throw new Error(`Role ${role.name} was not created.`);
      roleIds[role.name] = created.id;
      await tx.insert(rolePermissions).values(
        PERMISSION_KEYS.map((permission) => ({
          drivingSchoolId,
          roleId: created.id,
          permission,
          // An OWNER role always keeps every permission, so a school cannot lock itself out.
          allow: role.type === 'OWNER' || role.allow.includes(permission),
        })),
      );
    }

    const userIds: Record<string, number> = {};
    for (const [index, user] of seed.users.entries()) {
      const [created] = await tx
        .insert(users)
        .values({
          drivingSchoolId,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          passwordHash: hashes[index] as string,
          studentVisibility: user.studentVisibility,
        })
        .returning({ id: users.id });
      if (!created) throw new Error(`User ${user.email} was not created.`);
      userIds[user.email] = created.id;
      await tx.insert(userRoles).values(
        user.roles.map((roleName, position) => {
          const roleId = roleIds[roleName];
          if (roleId === undefined) throw new Error(`Unknown role ${roleName} for ${user.email}.`);
          return { drivingSchoolId, userId: created.id, roleId, position };
        }),
      );
      await tx.insert(userSettings).values({ drivingSchoolId, userId: created.id });
    }
    return { schoolId: drivingSchoolId, roleIds, userIds };
  });
}

export const DEMO_SCHOOL_NAME = 'Fahrschule Sonnenschein';

/** The demo sign-ins, printed by main.ts at start. */
export const DEMO_SIGN_INS = [
  {
    role: 'Inhaber',
    name: 'Erika Mustermann',
    email: 'inhaber@fahrschule-demo.de',
    password: 'Demo#Inhaber1',
  },
  { role: 'Büro', name: 'Max Bauer', email: 'buero@fahrschule-demo.de', password: 'Demo#Buero1' },
  {
    role: 'Fahrlehrer',
    name: 'Jonas Weber',
    email: 'fahrlehrer@fahrschule-demo.de',
    password: 'Demo#Lehrer1',
  },
] as const;

const [owner, office, instructor] = DEMO_SIGN_INS;

export const DEMO_SCHOOL: SchoolSeed = {
  name: DEMO_SCHOOL_NAME,
  roles: [
    {
      name: 'Inhaber',
      type: 'OWNER',
      description: 'Inhaberin oder Inhaber der Fahrschule: darf alles.',
      allow: PERMISSION_KEYS,
    },
    {
      name: 'Büro',
      type: 'STAFF',
      description: 'Büro und Verwaltung: alles außer Änderungen an den Firmendaten.',
      allow: PERMISSION_KEYS.filter((key) => key !== 'MODULE_COMPANY_WRITE'),
    },
    {
      name: 'Fahrlehrer',
      type: 'INSTRUCTOR',
      description: 'Fahrlehrerin oder Fahrlehrer: Planung, Schüler, Theorie, Prüfungen, Aufgaben.',
      allow: [
        'MODULE_TIME_PLANNER',
        'MODULE_TIME_PLANNER_WRITE',
        'MODULE_CUSTOMERS',
        'MODULE_THEORY',
        // An instructor holds theory lessons: records who attended and collects signatures.
        'MODULE_THEORY_WRITE',
        'MODULE_EXAM',
        'MODULE_TASK',
        'MODULE_TASK_WRITE',
        'MODULE_COMMUNICATION',
      ],
    },
  ],
  users: [
    {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: owner.email,
      password: owner.password,
      roles: ['Inhaber'],
      studentVisibility: 'ALL',
    },
    {
      firstName: 'Max',
      lastName: 'Bauer',
      email: office.email,
      password: office.password,
      roles: ['Büro'],
      studentVisibility: 'ALL',
    },
    {
      firstName: 'Jonas',
      lastName: 'Weber',
      email: instructor.email,
      password: instructor.password,
      roles: ['Fahrlehrer'],
      studentVisibility: 'OWN',
    },
  ],
};

/** Whether the demo school exists (its owner's address is taken). */
export async function hasDemoSchool(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, owner.email));
  return (row?.n ?? 0) > 0;
}

/**
 * Creates the demo school when asked to (SEED_DEMO) or when the database has no school at
 * all, so a first `pnpm start` can be signed in to. Idempotent: an existing demo school
 * (found by its owner's address) is left as it is.
 */
export async function seedIfNeeded(
  db: Db,
  options: {
    seedDemo: boolean;
    /** Fills the new demo school (the demo generator); runs in the same transaction. */
    fill?: (db: Db, school: CreatedSchool) => Promise<unknown>;
  },
): Promise<'created' | 'exists' | 'skipped'> {
  if (await hasDemoSchool(db)) return 'exists';
  const [schools] = await db.select({ n: count() }).from(drivingSchools);
  if (!options.seedDemo && (schools?.n ?? 0) > 0) return 'skipped';
  try {
    // One transaction: a first start that fails half-way leaves no half-filled school.
    await db.transaction(async (tx) => {
      const school = await createSchool(tx as unknown as Db, DEMO_SCHOOL);
      await options.fill?.(tx as unknown as Db, school);
    });
  } catch (error) {
    // Another process seeded at the same moment: the unique e-mail index refused ours.
    if (await hasDemoSchool(db)) return 'exists';
    throw error;
  }
  return 'created';
}
