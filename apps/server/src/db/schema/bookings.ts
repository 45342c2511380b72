import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  notNegative,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import { PRODUCT_TYPES, products, VAT_RATES, type VatRate } from './company';
import { belongsToSchool, LICENSE_CLASSES, type LicenseClass } from './core';
import { studentEducations, students } from './people';

/**
 * Products booked for a student's education (add-ons, learning material, basic fees, exam
 * fees) with the gross price per unit they were booked at, from the student's price list.
 * The next payment document of the education bills them and sets `invoiced`; an invoiced
 * row never changes again (`POST /prices/copy-to-existing-students` re-prices only the
 * others). The product's type and name are kept as booked, as the invoice prints them.
 */
export const studentBookedProducts = pgTable(
  'student_booked_products',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    productId: ref('product_id').notNull(),
    type: text({ enum: PRODUCT_TYPES }).notNull(),
    name: text().notNull(),
    licenseClass: text().$type<LicenseClass>(),
    quantity: integer().notNull().default(1),
    // Gross cents per unit.
    price: integer().notNull(),
    vatRate: smallint().$type<VatRate>().notNull(),
    // Whether the combined-training price applied when it was booked.
    combined: boolean().notNull().default(false),
    invoiced: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('student_booked_products_driving_school_fk', t),
    ...tenantKey('student_booked_products', t),
    tenantForeignKey(
      'student_booked_products_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_booked_products_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_booked_products_product_fk',
      [t.drivingSchoolId, t.productId],
      products,
    ),
    tenantIndex('student_booked_products_student_idx', t, t.studentId),
    tenantIndex('student_booked_products_education_idx', t, t.studentEducationId),
    tenantIndex('student_booked_products_product_idx', t, t.productId),
    oneOf('student_booked_products_type_check', t.type, PRODUCT_TYPES),
    oneOf('student_booked_products_license_class_check', t.licenseClass, LICENSE_CLASSES),
    notNegative('student_booked_products_price_check', t.price),
    check('student_booked_products_quantity_check', sql`${t.quantity} between 1 and 99`),
    check(
      'student_booked_products_vat_rate_check',
      sql`${t.vatRate} in (${sql.raw(VAT_RATES.join(', '))})`,
    ),
  ],
);
