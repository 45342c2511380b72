import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  type LicenseClass,
  priceLists,
  products,
  studentBookedProducts,
  studentEducations,
  students,
} from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { iso, opt, type Schemas } from '../resources/kit';
import { visibleStudent } from '../students/students.resources';
import { type ListRow, listRows, pricesForClass } from './prices.resources';

/*
 * The prices that apply to a student (spec 001 §3 "Price list", §7 "Prices").
 *
 * Which list: an education's own price list, else the student's, else the price list of
 * the branch (the education's branch, or the student's for look-ups without an education),
 * else the school's standard list. No list at all: nothing is priced (empty answers).
 *
 * Main or combined training: the student's active educations (not archived, neither
 * finished nor cancelled) are trained together. The education of the student's main class
 * (`mainClass`), else the oldest one, is the main training; the others are further classes
 * of the combination and get the combined-training prices.
 */

type StudentRow = typeof students.$inferSelect;
type EducationRow = typeof studentEducations.$inferSelect;
type BookedRow = typeof studentBookedProducts.$inferSelect;

const ACTIVE_EDUCATION = (schoolId: number, studentId: number): SQL =>
  and(
    eq(studentEducations.drivingSchoolId, schoolId),
    eq(studentEducations.studentId, studentId),
    eq(studentEducations.archived, false),
    notInArray(studentEducations.status, ['FINISHED', 'CANCELLED']),
  ) as SQL;

/** The student's active educations, main training first. */
export async function activeEducations(
  db: Db,
  schoolId: number,
  student: StudentRow,
): Promise<EducationRow[]> {
  const rows = await db
    .select()
    .from(studentEducations)
    .where(ACTIVE_EDUCATION(schoolId, student.id))
    .orderBy(asc(studentEducations.id));
  const main = rows.findIndex((row) => row.licenseClass === student.mainClass);
  if (main > 0) rows.unshift(...rows.splice(main, 1));
  return rows;
}

/** The price list that applies: education's, student's, branch's, standard (see above). */
export async function resolvePriceListId(
  db: Db,
  schoolId: number,
  student: StudentRow,
  education?: EducationRow,
): Promise<number | null> {
  const own = education?.priceListId ?? student.priceListId;
  if (own !== null && own !== undefined) return own;
  const [branch] = await db
    .select({ priceListId: branches.priceListId })
    .from(branches)
    .where(
      and(
        eq(branches.drivingSchoolId, schoolId),
        eq(branches.id, education?.branchId ?? student.branchId),
      ),
    );
  if (branch?.priceListId) return branch.priceListId;
  const [standard] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(and(eq(priceLists.drivingSchoolId, schoolId), eq(priceLists.standard, true)));
  return standard?.id ?? null;
}

/** Caches the rows of each price list for one request. */
function listCache(db: Db, schoolId: number) {
  const cache = new Map<number, Promise<ListRow[]>>();
  return (priceListId: number) => {
    let rows = cache.get(priceListId);
    if (!rows) {
      rows = listRows(db, schoolId, priceListId);
      cache.set(priceListId, rows);
    }
    return rows;
  };
}

/** The prices of every active education of the student (main training first). */
async function pricesOfStudent(db: Db, schoolId: number, student: StudentRow) {
  const rowsOf = listCache(db, schoolId);
  const educations = await activeEducations(db, schoolId, student);
  const answer: Schemas['AppliedPrice'][] = [];
  for (const [index, education] of educations.entries()) {
    const listId = await resolvePriceListId(db, schoolId, student, education);
    if (listId === null) continue;
    answer.push(...pricesForClass(await rowsOf(listId), listId, education.licenseClass, index > 0));
  }
  return answer;
}

/**
 * The prices for one class of the student: from the list of the student's active
 * education of that class (else the student's list), combined when that education is not
 * the main training.
 */
async function pricesOfStudentClass(
  db: Db,
  schoolId: number,
  student: StudentRow,
  licenseClass: LicenseClass,
) {
  const educations = await activeEducations(db, schoolId, student);
  const index = educations.findIndex((row) => row.licenseClass === licenseClass);
  const education = index >= 0 ? educations[index] : undefined;
  const listId = await resolvePriceListId(db, schoolId, student, education);
  if (listId === null) return [];
  return pricesForClass(await listRows(db, schoolId, listId), listId, licenseClass, index > 0);
}

export const toBookedProduct = (row: BookedRow): Schemas['StudentBookedProduct'] => ({
  id: row.id,
  studentId: row.studentId,
  studentEducationId: row.studentEducationId,
  productId: row.productId,
  type: row.type,
  name: row.name,
  licenseClass: opt(row.licenseClass),
  quantity: row.quantity,
  price: row.price,
  vatRate: row.vatRate,
  invoiced: row.invoiced,
  bookedAt: iso(row.createdAt),
});

async function loadStudent(db: Db, a: AuthContext, id: number) {
  return visibleStudent(db, a, id);
}

export function createStudentPriceHandlers(db: Db): OperationHandlers {
  const ofType = (type: Schemas['ProductType']) => (rows: Schemas['AppliedPrice'][]) =>
    rows.filter((row) => row.productType === type);

  return {
    /** Newest first; the education's student is visible (student-access.ts checked it). */
    async listEducationBookedProducts(request) {
      const a = requireAuth(request);
      const educationId = Number(request.params.id);
      const [education] = await db
        .select({ id: studentEducations.id })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
            eq(studentEducations.id, educationId),
          ),
        );
      if (!education) throw notFound();
      const rows = await db
        .select()
        .from(studentBookedProducts)
        .where(
          and(
            eq(studentBookedProducts.drivingSchoolId, a.drivingSchoolId),
            eq(studentBookedProducts.studentEducationId, educationId),
          ),
        )
        .orderBy(desc(studentBookedProducts.createdAt), desc(studentBookedProducts.id))
        .limit(1000);
      return { status: 200, body: rows.map(toBookedProduct) };
    },
    async listPricesByStudent(request) {
      const a = requireAuth(request);
      const student = await loadStudent(db, a, request.params.id);
      return { status: 200, body: await pricesOfStudent(db, a.drivingSchoolId, student) };
    },

    async listAddOnPricesByStudent(request) {
      const a = requireAuth(request);
      const student = await loadStudent(db, a, request.params.id);
      return {
        status: 200,
        body: ofType('ADD_ON')(await pricesOfStudent(db, a.drivingSchoolId, student)),
      };
    },

    async listPricesByStudentEducation(request) {
      const a = requireAuth(request);
      const [education] = await db
        .select()
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
            eq(studentEducations.id, request.params.id),
          ),
        );
      if (!education) throw notFound(`No education ${request.params.id} in your school.`);
      const student = await loadStudent(db, a, education.studentId);
      const active = await activeEducations(db, a.drivingSchoolId, student);
      const index = active.findIndex((row) => row.id === education.id);
      const listId = await resolvePriceListId(db, a.drivingSchoolId, student, education);
      if (listId === null) return { status: 200, body: [] };
      return {
        status: 200,
        body: pricesForClass(
          await listRows(db, a.drivingSchoolId, listId),
          listId,
          education.licenseClass,
          index > 0,
        ),
      };
    },

    async listLearningMaterialProducts(request) {
      const a = requireAuth(request);
      const student = await loadStudent(db, a, request.query.studentId);
      const rows = await pricesOfStudentClass(
        db,
        a.drivingSchoolId,
        student,
        request.query.licenseClass,
      );
      return { status: 200, body: ofType('LEARNING_MATERIAL')(rows) };
    },

    async listBasicFeeProducts(request) {
      const a = requireAuth(request);
      const student = await loadStudent(db, a, request.query.studentId);
      const rows = await pricesOfStudentClass(
        db,
        a.drivingSchoolId,
        student,
        request.query.licenseClass,
      );
      return { status: 200, body: ofType('BASIC_FEE')(rows) };
    },

    async bookAddOns(request) {
      const a = requireAuth(request);
      const schoolId = a.drivingSchoolId;
      const student = await loadStudent(db, a, request.query.studentId);
      const { studentEducationId, addOns } = request.body;
      const [education] = await db
        .select()
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            eq(studentEducations.id, studentEducationId),
            eq(studentEducations.studentId, student.id),
          ),
        );
      if (!education) {
        throw fieldError(
          'studentEducationId',
          'validation.not_found',
          'The education is not one of this student.',
        );
      }
      const active = await activeEducations(db, schoolId, student);
      const index = active.findIndex((row) => row.id === education.id);
      const listId = await resolvePriceListId(db, schoolId, student, education);
      const applied = listId
        ? pricesForClass(
            await listRows(db, schoolId, listId),
            listId,
            education.licenseClass,
            index > 0,
          )
        : [];
      const wanted = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.drivingSchoolId, schoolId),
            inArray(
              products.id,
              addOns.map((addOn) => addOn.productId),
            ),
          ),
        );
      const values = addOns.map((addOn, n) => {
        const product = wanted.find((row) => row.id === addOn.productId);
        if (!product || product.archived || product.type !== 'ADD_ON') {
          throw fieldError(
            `addOns.${n}.productId`,
            'validation.not_found',
            'No active add-on with this id in your school.',
          );
        }
        const price = applied.find((row) => row.productId === product.id);
        if (!price) {
          throw fieldError(
            `addOns.${n}.productId`,
            'validation.no_price',
            'The price list of the student has no price for this add-on.',
          );
        }
        return {
          drivingSchoolId: schoolId,
          studentId: student.id,
          studentEducationId: education.id,
          productId: product.id,
          type: product.type,
          name: product.name,
          licenseClass: education.licenseClass,
          quantity: addOn.quantity ?? 1,
          price: price.price,
          vatRate: price.vatRate,
          combined: price.combined,
        };
      });
      const rows = await db.insert(studentBookedProducts).values(values).returning();
      return { status: 201, body: rows.map(toBookedProduct) };
    },

    async copyPricesToExistingStudents(request) {
      const a = requireAuth(request);
      const schoolId = a.drivingSchoolId;
      const { priceListId, studentIds } = request.body;
      const [list] = await db
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.drivingSchoolId, schoolId), eq(priceLists.id, priceListId)));
      if (!list) {
        throw fieldError(
          'priceListId',
          'validation.not_found',
          'No such price list in your school.',
        );
      }
      // The booked, not invoiced rows whose education gets its prices from this list.
      const [standard] = await db
        .select({ id: priceLists.id })
        .from(priceLists)
        .where(and(eq(priceLists.drivingSchoolId, schoolId), eq(priceLists.standard, true)));
      const effectiveList = sql<number>`coalesce(${studentEducations.priceListId}, ${students.priceListId}, ${branches.priceListId}, ${standard?.id ?? null}::bigint)`;
      const candidates = await db
        .select({ booked: studentBookedProducts, student: students })
        .from(studentBookedProducts)
        .innerJoin(
          studentEducations,
          and(
            eq(studentEducations.drivingSchoolId, studentBookedProducts.drivingSchoolId),
            eq(studentEducations.id, studentBookedProducts.studentEducationId),
          ),
        )
        .innerJoin(
          students,
          and(
            eq(students.drivingSchoolId, studentBookedProducts.drivingSchoolId),
            eq(students.id, studentBookedProducts.studentId),
          ),
        )
        .innerJoin(
          branches,
          and(
            eq(branches.drivingSchoolId, studentEducations.drivingSchoolId),
            eq(branches.id, studentEducations.branchId),
          ),
        )
        .where(
          and(
            eq(studentBookedProducts.drivingSchoolId, schoolId),
            eq(studentBookedProducts.invoiced, false),
            eq(students.archived, false),
            sql`${effectiveList} = ${list.id}`,
          ),
        );
      if (studentIds !== undefined) {
        // Each named student must be one whose prices come from this list.
        const own = await db
          .select({ student: students })
          .from(students)
          .where(and(eq(students.drivingSchoolId, schoolId), inArray(students.id, studentIds)));
        for (const [n, id] of studentIds.entries()) {
          const student = own.find((row) => row.student.id === id)?.student;
          const listId = student ? await resolvePriceListId(db, schoolId, student) : null;
          if (listId !== list.id) {
            throw fieldError(
              `studentIds.${n}`,
              'validation.other_price_list',
              `Student ${id} does not get prices from this list.`,
            );
          }
        }
      }
      const chosen = studentIds
        ? candidates.filter((row) => studentIds.includes(row.student.id))
        : candidates;
      const rows = await listRows(db, schoolId, list.id);
      const updated = new Set<number>();
      await db.transaction(async (tx) => {
        for (const { booked } of chosen) {
          if (!booked.licenseClass) continue;
          // An entry removed from the list leaves the booked price as it was.
          const price = pricesForClass(rows, list.id, booked.licenseClass, booked.combined).find(
            (row) => row.productId === booked.productId,
          );
          if (!price || (price.price === booked.price && price.vatRate === booked.vatRate)) {
            continue;
          }
          await tx
            .update(studentBookedProducts)
            .set({ price: price.price, vatRate: price.vatRate })
            .where(
              and(
                eq(studentBookedProducts.drivingSchoolId, schoolId),
                eq(studentBookedProducts.id, booked.id),
                eq(studentBookedProducts.invoiced, false),
              ),
            );
          updated.add(booked.studentId);
        }
      });
      return { status: 200, body: { count: updated.size } };
    },
  };
}
