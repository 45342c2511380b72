import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type LicenseClass, prices, products, studentBookedProducts } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { toPriceDto } from '../prices/prices.resources';
import { batchLoader, groupBy, iso, mergeHandlers, opt, type Schemas } from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';

/* Products of the four kinds (spec 001 §3 "Product"); their prices live in the price lists. */

type ProductRow = typeof products.$inferSelect;

/** Products assigned to the class, or to every class (an empty assignment). */
export const assignedTo = (licenseClass: LicenseClass): SQL =>
  sql`(${products.licenseClasses} @> array[${licenseClass}]::text[] or cardinality(${products.licenseClasses}) = 0)`;

/** `hourType` belongs to driving lessons, and every driving lesson names one. */
function checkHourType({ values }: { values?: Record<string, unknown> }) {
  if (typeof values?.name === 'string' && values.name.trim() === '') {
    throw fieldError('name', 'validation.required', 'A product needs a name.');
  }
  const lesson = values?.type === 'DRIVING_LESSON';
  if (lesson && !values?.hourType) {
    throw fieldError('hourType', 'validation.required', 'A driving lesson needs its hour type.');
  }
  if (!lesson && values?.hourType) {
    throw fieldError(
      'hourType',
      'validation.not_allowed',
      'Only driving lessons have an hour type.',
    );
  }
  if (!lesson && values?.duration) {
    throw fieldError('duration', 'validation.not_allowed', 'Only driving lessons have a duration.');
  }
  return Promise.resolve();
}

export function createProductHandlers(db: Db): OperationHandlers {
  const pricesOf = batchLoader<Schemas['Price'][]>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ price: prices, name: products.name, type: products.type })
        .from(prices)
        .innerJoin(
          products,
          and(
            eq(products.drivingSchoolId, prices.drivingSchoolId),
            eq(products.id, prices.productId),
          ),
        )
        .where(and(eq(prices.drivingSchoolId, schoolId), inArray(prices.productId, ids)))
        .orderBy(
          asc(prices.priceListId),
          sql`${prices.licenseClass} asc nulls first`,
          asc(prices.id),
        );
      return groupBy(
        rows,
        (row) => row.price.productId,
        (row) => toPriceDto(row.price, { name: row.name, type: row.type }),
      );
    },
    () => [],
  );

  const toProduct = async (row: ProductRow): Promise<Schemas['Product']> => ({
    id: row.id,
    type: row.type,
    name: row.name,
    licenseClasses: row.licenseClasses,
    registrationInfo: opt(row.registrationInfo),
    bookAtStudentRegistrationAllowed: row.bookAtStudentRegistrationAllowed,
    vatRate: row.vatRate,
    hourType: opt(row.hourType),
    duration: opt(row.duration),
    prices: await pricesOf(row.drivingSchoolId, row.id),
    archived: row.archived,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });

  const sortColumns = {
    id: products.id,
    name: sql`lower(${products.name})`,
    type: products.type,
    vatRate: products.vatRate,
    createdAt: products.createdAt,
  };
  const definition = {
    table: products,
    operations: {
      get: 'getProduct',
      filter: 'filterProducts',
      list: 'listProducts',
      page: 'pageProducts',
      create: 'createProduct',
      update: 'updateProduct',
      archive: 'archiveProduct',
    },
    toDto: toProduct,
    fromInput: (input: Record<string, unknown>) => ({
      type: input.type,
      name: input.name,
      licenseClasses: input.licenseClasses ?? [],
      registrationInfo: input.registrationInfo ?? null,
      bookAtStudentRegistrationAllowed: input.bookAtStudentRegistrationAllowed ?? false,
      vatRate: input.vatRate,
      hourType: input.hourType ?? null,
      duration: input.duration ?? null,
    }),
    searchColumns: [products.name],
    sortColumns,
    defaultSort: [{ field: 'type' }, { field: 'name' }],
    filters: (body) => [
      Array.isArray(body.types) && body.types.length > 0
        ? inArray(products.type, body.types as ProductRow['type'][])
        : undefined,
      body.licenseClass === undefined ? undefined : assignedTo(body.licenseClass as LicenseClass),
      body.hourType === undefined
        ? undefined
        : eq(products.hourType, body.hourType as NonNullable<ProductRow['hourType']>),
      body.bookAtStudentRegistrationAllowed === undefined
        ? undefined
        : eq(
            products.bookAtStudentRegistrationAllowed,
            body.bookAtStudentRegistrationAllowed as boolean,
          ),
    ],
    constraints: {
      products_hour_type_required_check: { field: 'hourType', error: 'validation.invalid' },
      products_duration_check: { field: 'duration', error: 'validation.invalid' },
      products_vat_rate_check: { field: 'vatRate', error: 'validation.enum' },
      products_license_classes_check: { field: 'licenseClasses', error: 'validation.enum' },
    },
    rules: {
      beforeCreate: checkHourType,
      async beforeUpdate(context) {
        await checkHourType(context);
        const { db, auth, current, values } = context;
        // Booked products keep their kind: an invoice line must not change its meaning.
        if (current && values?.type !== undefined && values.type !== current.type) {
          const [booked] = await db
            .select({ id: studentBookedProducts.id })
            .from(studentBookedProducts)
            .where(
              and(
                eq(studentBookedProducts.drivingSchoolId, auth.drivingSchoolId),
                eq(studentBookedProducts.productId, current.id),
              ),
            )
            .limit(1);
          if (booked) {
            throw fieldError(
              'type',
              'validation.product_in_use',
              'Students have booked this product; its type cannot change.',
            );
          }
        }
      },
    },
  } satisfies ResourceDefinition<typeof products>;

  const repository = createResourceRepository(db, products, {
    searchColumns: definition.searchColumns,
    sortColumns,
  });

  const custom: OperationHandlers = {
    async listDrivingLessonProducts(request) {
      const auth = requireAuth(request);
      const { licenseClass, hourType } = request.query;
      const { rows } = await repository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        archived: false,
        sort: [{ field: 'name' }],
        where: [
          eq(products.type, 'DRIVING_LESSON'),
          licenseClass === undefined ? undefined : assignedTo(licenseClass),
          hourType === undefined ? undefined : eq(products.hourType, hourType),
        ],
      });
      return { status: 200, body: await Promise.all(rows.map(toProduct)) };
    },

    async isBookAtStudentRegistrationAllowed(request) {
      const auth = requireAuth(request);
      const row = await repository.findById(auth.drivingSchoolId, request.params.id);
      if (!row) throw notFound(`No product ${request.params.id} in your school.`);
      return { status: 200, body: { value: row.bookAtStudentRegistrationAllowed } };
    },
  };

  return mergeHandlers(createResourceHandlers(db, definition), custom);
}
