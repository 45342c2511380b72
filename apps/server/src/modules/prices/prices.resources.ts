import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  type LicenseClass,
  priceLists,
  prices,
  products,
  type VatRate,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { VAT_EXEMPT_CLASSES } from '../licence-data/licence-data';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  expression,
  iso,
  mergeHandlers,
  opt,
  type Schemas,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';

/*
 * Price lists and their rows (spec 001 §3 "Price list"). A row prices one product for one
 * licence class (or every class of the product), for a main and a combined training.
 */

type PriceListRow = typeof priceLists.$inferSelect;
type PriceRow = typeof prices.$inferSelect;

const nothingArchived = (body: Record<string, unknown>) =>
  body.archived === true ? sql`false` : undefined;

export const toPriceList = (row: PriceListRow): Schemas['PriceList'] => ({
  id: row.id,
  name: row.name,
  template: row.template,
  vatRate: row.vatRate,
  standard: row.standard,
  archived: row.archived,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const priceListConstraints = {
  price_lists_name_key: { field: 'name', error: 'validation.name_in_use' },
  price_lists_template_standard_check: { field: 'standard', error: 'validation.template_standard' },
  price_lists_standard_archived_check: { error: 'errors.standard_price_list' },
  price_lists_vat_rate_check: { field: 'vatRate', error: 'validation.enum' },
};

/** The product columns a price row shows, by product id. */
type ProductInfo = { name: string; type: Schemas['ProductType'] } | null;

const productName = sql`(select ${products.name} from ${products} where ${products.drivingSchoolId} = ${prices.drivingSchoolId} and ${products.id} = ${prices.productId})`;
const productType = sql`(select ${products.type} from ${products} where ${products.drivingSchoolId} = ${prices.drivingSchoolId} and ${products.id} = ${prices.productId})`;

export const toPriceDto = (
  row: PriceRow,
  product: { name: string; type: Schemas['ProductType'] },
): Schemas['Price'] => ({
  id: row.id,
  priceListId: row.priceListId,
  productId: row.productId,
  productName: product.name,
  productType: product.type,
  licenseClass: opt(row.licenseClass),
  price: row.price,
  combinedTrainingPrice: opt(row.combinedTrainingPrice),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A list name without its outer blanks; blank alone is no name (422, field `name`). */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') {
    throw fieldError('name', 'validation.required', 'A price list needs a name.');
  }
  return trimmed;
}

export function createPriceHandlers(db: Db): OperationHandlers {
  // ---- price lists -------------------------------------------------------------------
  const priceListDefinition = {
    table: priceLists,
    operations: {
      get: 'getPriceList',
      filter: 'filterPriceLists',
      list: 'listPriceLists',
      page: 'pagePriceLists',
      archive: 'archivePriceList',
    },
    toDto: toPriceList,
    fromInput: (input: Record<string, unknown>) => ({
      name: checkedName(String(input.name)),
      template: input.template ?? false,
      vatRate: input.vatRate,
      standard: input.standard ?? false,
    }),
    searchColumns: [priceLists.name],
    sortColumns: {
      id: priceLists.id,
      name: sql`lower(${priceLists.name})`,
      createdAt: priceLists.createdAt,
    },
    defaultSort: [{ field: 'name' }],
    filters: (body) => [
      body.template === undefined ? undefined : eq(priceLists.template, body.template as boolean),
    ],
    constraints: priceListConstraints,
    rules: {
      async beforeUpdate({ db, auth, current, values }) {
        if (current?.standard && values?.standard === false) {
          throw fieldError(
            'standard',
            'validation.standard_required',
            'Mark another list as standard instead; the school keeps one standard list.',
          );
        }
        if (values?.template === true && current) {
          const [used] = await db
            .select({ id: branches.id })
            .from(branches)
            .where(
              and(
                eq(branches.drivingSchoolId, auth.drivingSchoolId),
                eq(branches.priceListId, current.id),
              ),
            )
            .limit(1);
          if (used) {
            throw fieldError(
              'template',
              'validation.price_list_in_use',
              'A branch uses this list; a template is never assigned.',
            );
          }
        }
      },
      async beforeArchive({ current, archived }) {
        if (archived && current?.standard) {
          throw globalError('errors.standard_price_list', 'The standard list cannot be archived.');
        }
      },
    },
  } satisfies ResourceDefinition<typeof priceLists>;

  /** Setting `standard` takes the mark off the previous standard list, in the same write. */
  async function takeStandardMark(
    tx: Db,
    schoolId: number,
    values: Record<string, unknown>,
    id?: number,
  ) {
    if (values.standard !== true) return;
    await tx
      .update(priceLists)
      .set({ standard: false })
      .where(
        and(
          eq(priceLists.drivingSchoolId, schoolId),
          eq(priceLists.standard, true),
          id === undefined ? undefined : ne(priceLists.id, id),
        ),
      );
  }

  const priceListRepository = createResourceRepository(db, priceLists, {
    sortColumns: priceListDefinition.sortColumns,
  });
  async function loadPriceList(schoolId: number, id: number) {
    const row = await priceListRepository.findById(schoolId, id);
    if (!row) throw notFound(`No price list ${id} in your school.`);
    return row;
  }

  // ---- prices ------------------------------------------------------------------------
  const productInfo = batchLoader<ProductInfo>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ id: products.id, name: products.name, type: products.type })
        .from(products)
        .where(and(eq(products.drivingSchoolId, schoolId), inArray(products.id, ids)));
      return new Map(rows.map((row) => [row.id, { name: row.name, type: row.type }]));
    },
    () => null,
  );
  const toPrice = async (row: PriceRow): Promise<Schemas['Price']> => {
    const product = await productInfo(row.drivingSchoolId, row.productId);
    return toPriceDto(row, product ?? { name: '?', type: 'ADD_ON' });
  };

  /** The class must be one the product is assigned to (or the product serves every class). */
  async function checkPriceRow({
    db,
    auth,
    values,
  }: {
    db: Db;
    auth: { drivingSchoolId: number };
    values?: Record<string, unknown>;
  }) {
    const [product] = await db
      .select({ licenseClasses: products.licenseClasses })
      .from(products)
      .where(
        and(
          eq(products.drivingSchoolId, auth.drivingSchoolId),
          eq(products.id, Number(values?.productId)),
        ),
      );
    if (!product) {
      throw fieldError('productId', 'validation.not_found', 'No such product in your school.');
    }
    const licenseClass = values?.licenseClass as LicenseClass | null;
    if (
      licenseClass &&
      product.licenseClasses.length > 0 &&
      !product.licenseClasses.includes(licenseClass)
    ) {
      throw fieldError(
        'licenseClass',
        'validation.class_not_assigned',
        `The product is not assigned to class ${licenseClass}.`,
      );
    }
  }

  const priceSort = {
    id: prices.id,
    productName: sql`lower(${productName})`,
    productType: productType,
    licenseClass: prices.licenseClass,
    price: prices.price,
    priceListId: prices.priceListId,
  };
  const priceDefinition = {
    table: prices,
    operations: {
      get: 'getPrice',
      filter: 'filterPrices',
      page: 'pagePrices',
      create: 'createPrice',
      update: 'updatePrice',
      delete: 'deletePrice',
    },
    toDto: toPrice,
    fromInput: (input: Record<string, unknown>) => ({
      priceListId: input.priceListId,
      productId: input.productId,
      licenseClass: input.licenseClass ?? null,
      price: input.price,
      combinedTrainingPrice: input.combinedTrainingPrice ?? null,
    }),
    searchColumns: [expression(productName)],
    sortColumns: priceSort,
    defaultSort: [{ field: 'priceListId' }, { field: 'productName' }, { field: 'licenseClass' }],
    filters: (body) => [
      nothingArchived(body),
      body.priceListId === undefined ? undefined : eq(prices.priceListId, Number(body.priceListId)),
      body.productId === undefined ? undefined : eq(prices.productId, Number(body.productId)),
      Array.isArray(body.productTypes) && body.productTypes.length > 0
        ? sql`${productType} in (${sql.join(
            (body.productTypes as string[]).map((type) => sql`${type}`),
            sql`, `,
          )})`
        : undefined,
      body.licenseClass === undefined
        ? undefined
        : eq(prices.licenseClass, body.licenseClass as LicenseClass),
    ],
    constraints: {
      prices_product_class_key: { field: 'productId', error: 'validation.price_exists' },
      prices_price_list_fk: { field: 'priceListId', error: 'validation.not_found' },
      prices_product_fk: { field: 'productId', error: 'validation.not_found' },
      prices_price_check: { field: 'price', error: 'validation.minimum' },
      prices_combined_training_price_check: {
        field: 'combinedTrainingPrice',
        error: 'validation.minimum',
      },
    },
    rules: { beforeCreate: checkPriceRow, beforeUpdate: checkPriceRow },
  } satisfies ResourceDefinition<typeof prices>;
  const priceRepository = createResourceRepository(db, prices, {
    searchColumns: priceDefinition.searchColumns,
    sortColumns: priceSort,
    defaultSort: priceDefinition.defaultSort,
  });

  const custom: OperationHandlers = {
    async copyPriceList(request) {
      const auth = requireAuth(request);
      const name = checkedName(request.query.name);
      const source = await loadPriceList(auth.drivingSchoolId, request.params.id);
      const copy = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            const [created] = await tx
              .insert(priceLists)
              .values({
                drivingSchoolId: auth.drivingSchoolId,
                name,
                vatRate: source.vatRate,
              })
              .returning();
            if (!created) throw new Error('The copy was not created.');
            const rows = await tx
              .select()
              .from(prices)
              .where(
                and(
                  eq(prices.drivingSchoolId, auth.drivingSchoolId),
                  eq(prices.priceListId, source.id),
                ),
              );
            if (rows.length > 0) {
              await tx.insert(prices).values(
                rows.map((row) => ({
                  drivingSchoolId: auth.drivingSchoolId,
                  priceListId: created.id,
                  productId: row.productId,
                  licenseClass: row.licenseClass,
                  price: row.price,
                  combinedTrainingPrice: row.combinedTrainingPrice,
                })),
              );
            }
            return created;
          }),
        priceListConstraints,
      );
      return { status: 201, body: toPriceList(copy) };
    },

    async renamePriceList(request) {
      const auth = requireAuth(request);
      const name = checkedName(request.params.name);
      await loadPriceList(auth.drivingSchoolId, request.params.id);
      const row = await guardWrite(
        () =>
          priceListRepository.update(auth.drivingSchoolId, request.params.id, {
            name,
          }),
        priceListConstraints,
      );
      if (!row) throw notFound();
      return { status: 200, body: toPriceList(row) };
    },

    async listPrices(request) {
      const auth = requireAuth(request);
      const { rows } = await priceRepository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        search: request.query.search,
        where: [
          request.query.priceListId === undefined
            ? undefined
            : eq(prices.priceListId, request.query.priceListId),
        ],
      });
      return { status: 200, body: await Promise.all(rows.map(toPrice)) };
    },

    async listPricesByPriceList(request) {
      const auth = requireAuth(request);
      const list = await loadPriceList(auth.drivingSchoolId, request.params.id);
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
        .where(
          and(eq(prices.drivingSchoolId, auth.drivingSchoolId), eq(prices.priceListId, list.id)),
        )
        .orderBy(
          asc(products.type),
          asc(sql`lower(${products.name})`),
          sql`${prices.licenseClass} asc nulls first`,
        )
        .limit(5000);
      return {
        status: 200,
        body: rows.map((row) => toPriceDto(row.price, { name: row.name, type: row.type })),
      };
    },

    async calculatePriceCombination(request) {
      const auth = requireAuth(request);
      const { priceListId, licenseClasses } = request.body;
      const list = await priceListRepository.findById(auth.drivingSchoolId, priceListId);
      if (!list) {
        throw fieldError(
          'priceListId',
          'validation.not_found',
          'No such price list in your school.',
        );
      }
      return {
        status: 200,
        body: await appliedPrices(db, auth.drivingSchoolId, list.id, licenseClasses),
      };
    },
  };

  return mergeHandlers(
    createResourceHandlers(db, priceListDefinition),
    writeWithChildren(db, priceListDefinition, {
      operations: { create: 'createPriceList', update: 'updatePriceList' },
      before: (tx, auth, values, id) => takeStandardMark(tx, auth.drivingSchoolId, values, id),
    }),
    createResourceHandlers(db, priceDefinition),
    custom,
  );
}

/** The price rows of a list with their (active) products. */
export type ListRow = {
  price: PriceRow;
  product: typeof products.$inferSelect;
};

/** Every price row of the list whose product is active, by product type and name. */
export async function listRows(db: Db, schoolId: number, priceListId: number): Promise<ListRow[]> {
  return db
    .select({ price: prices, product: products })
    .from(prices)
    .innerJoin(
      products,
      and(eq(products.drivingSchoolId, prices.drivingSchoolId), eq(products.id, prices.productId)),
    )
    .where(
      and(
        eq(prices.drivingSchoolId, schoolId),
        eq(prices.priceListId, priceListId),
        eq(products.archived, false),
      ) as SQL,
    )
    .orderBy(asc(products.type), asc(sql`lower(${products.name})`), asc(products.id));
}

/**
 * The prices of a list's rows for one class: a row for the class wins over a row for every
 * class; products not assigned to the class are left out. `combined` takes the
 * combined-training amount (where set). VAT is 0 for the tax-free classes, else the
 * product's rate.
 */
export function pricesForClass(
  rows: ListRow[],
  priceListId: number,
  licenseClass: LicenseClass,
  combined: boolean,
): Schemas['AppliedPrice'][] {
  const chosen = new Map<number, ListRow>();
  for (const row of rows) {
    const assigned =
      row.product.licenseClasses.length === 0 || row.product.licenseClasses.includes(licenseClass);
    if (!assigned) continue;
    if (row.price.licenseClass === licenseClass) chosen.set(row.product.id, row);
    else if (row.price.licenseClass === null && !chosen.has(row.product.id)) {
      chosen.set(row.product.id, row);
    }
  }
  return [...chosen.values()].map(({ price, product }) => ({
    productId: product.id,
    productName: product.name,
    productType: product.type,
    hourType: opt(product.hourType),
    licenseClass,
    price: combined ? (price.combinedTrainingPrice ?? price.price) : price.price,
    combined,
    vatRate: (VAT_EXEMPT_CLASSES.has(licenseClass) ? 0 : product.vatRate) as VatRate,
    priceListId,
    registrationInfo: opt(product.registrationInfo),
    bookAtStudentRegistrationAllowed: product.bookAtStudentRegistrationAllowed,
  }));
}

/**
 * The prices of a list for classes trained together: the first class at its main-training
 * prices, the others at their combined-training prices (where set); see `pricesForClass`.
 */
export async function appliedPrices(
  db: Db,
  schoolId: number,
  priceListId: number,
  licenseClasses: LicenseClass[],
): Promise<Schemas['AppliedPrice'][]> {
  const rows = await listRows(db, schoolId, priceListId);
  return licenseClasses.flatMap((licenseClass, index) =>
    pricesForClass(rows, priceListId, licenseClass, index > 0),
  );
}
