import { foreignKey, pgTable, text } from 'drizzle-orm/pg-core';
import { archived, createdAt, id, schoolId, tenantKey, updatedAt } from './columns';
import { drivingSchools } from './core';

/*
 * Company administration: branches, vehicles, products, price lists, student categories,
 * testing organizations (and, filled in by the company area, their full columns plus
 * configuration tables). Other areas reference these through (driving_school_id, id).
 */

const belongsToSchool = (name: string, t: { drivingSchoolId: never }) =>
  foreignKey({ name, columns: [t.drivingSchoolId], foreignColumns: [drivingSchools.id] }).onDelete(
    'cascade',
  );

export const branches = pgTable(
  'branches',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [belongsToSchool('branches_driving_school_fk', t as never), ...tenantKey('branches', t)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [belongsToSchool('vehicles_driving_school_fk', t as never), ...tenantKey('vehicles', t)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [belongsToSchool('products_driving_school_fk', t as never), ...tenantKey('products', t)],
);

export const priceLists = pgTable(
  'price_lists',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('price_lists_driving_school_fk', t as never),
    ...tenantKey('price_lists', t),
  ],
);

export const studentCategories = pgTable(
  'student_categories',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('student_categories_driving_school_fk', t as never),
    ...tenantKey('student_categories', t),
  ],
);

export const testingOrganizations = pgTable(
  'testing_organizations',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text('name').notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('testing_organizations_driving_school_fk', t as never),
    ...tenantKey('testing_organizations', t),
  ],
);
