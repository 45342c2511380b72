import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';

type Product = components['schemas']['Product'];
type PriceList = components['schemas']['PriceList'];
type Price = components['schemas']['Price'];

const STAMP = '2026-03-02T09:00:00.000Z';

/** A price row of list `priceListId` (fixtures). */
const row = (
  id: number,
  priceListId: number,
  product: Pick<Product, 'id' | 'name' | 'type'>,
  price: number,
  extra: Partial<Price> = {},
): Price => ({
  id,
  priceListId,
  productId: product.id,
  productName: product.name,
  productType: product.type,
  price,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...extra,
});

const product = (
  id: number,
  type: Product['type'],
  name: string,
  extra: Partial<Product> = {},
): Product => ({
  id,
  type,
  name,
  licenseClasses: [],
  bookAtStudentRegistrationAllowed: false,
  vatRate: 19,
  prices: [],
  archived: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...extra,
});

export const productsFixture: Product[] = [
  product(1, 'DRIVING_LESSON', 'Übungsfahrt (45 Min.)', {
    hourType: 'NORMAL',
    duration: 45,
    licenseClasses: ['B', 'BE'],
  }),
  product(2, 'DRIVING_LESSON', 'Überlandfahrt (45 Min.)', {
    hourType: 'OVERLAND',
    duration: 45,
    licenseClasses: ['B'],
  }),
  product(3, 'DRIVING_LESSON', 'Autobahnfahrt (45 Min.)', { hourType: 'MOTORWAY', duration: 45 }),
  product(4, 'DRIVING_LESSON', 'Nachtfahrt (45 Min.)', { hourType: 'NIGHT', duration: 45 }),
  product(5, 'DRIVING_LESSON', 'Vorstellung zur praktischen Prüfung', {
    hourType: 'EXAM_PRESENTATION',
  }),
  product(6, 'BASIC_FEE', 'Grundbetrag Klasse B', { licenseClasses: ['B'] }),
  product(7, 'LEARNING_MATERIAL', 'Lehrbuch Klasse B', { vatRate: 7, licenseClasses: ['B'] }),
  product(8, 'ADD_ON', 'Intensivkurs-Zuschlag', { bookAtStudentRegistrationAllowed: true }),
  product(9, 'ADD_ON', 'Erste-Hilfe-Kurs (Vermittlung)'),
];

const list = (id: number, name: string, extra: Partial<PriceList> = {}): PriceList => ({
  id,
  name,
  template: false,
  vatRate: 19,
  standard: false,
  archived: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...extra,
});

export const priceListsFixture: PriceList[] = [
  list(1, 'Preisliste 2026', { standard: true }),
  list(2, 'Preisliste Studierende 2026'),
  list(3, 'Vorlage Stadt', { template: true }),
];

const [lesson, overland, motorway, night, exam, fee, book, intensive] = productsFixture as [
  Product,
  Product,
  Product,
  Product,
  Product,
  Product,
  Product,
  Product,
];

export const pricesFixture: Price[] = [
  row(1, 1, lesson, 6_500),
  row(2, 1, lesson, 7_000, { licenseClass: 'BE' }),
  row(3, 1, overland, 7_900),
  row(4, 1, motorway, 7_900),
  row(5, 1, night, 7_900),
  row(6, 1, exam, 19_000),
  row(7, 1, fee, 39_900, { licenseClass: 'B', combinedTrainingPrice: 19_900 }),
  row(8, 1, book, 4_990),
  row(9, 1, intensive, 14_900),
];

const page = <T>(data: T[]) => ({ data, total: data.length });

/** Handlers of the product and price calls, one per outcome, for stories and tests. */
export const priceHandlers = {
  productPage: mockHttp.post('/products/filter', async ({ request, response }) => {
    const filter = await request.json();
    const search = filter.search?.toLowerCase();
    const rows = productsFixture.filter(
      (row) =>
        (!filter.types?.length || filter.types.includes(row.type)) &&
        (!search || row.name.toLowerCase().includes(search)) &&
        row.archived === (filter.archived ?? false),
    );
    return response(200).json(page(rows));
  }),
  productPageEmpty: mockHttp.post('/products/filter', ({ response }) =>
    response(200).json(page<Product>([])),
  ),
  productPageFailed: mockHttp.post('/products/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  createProductOk: mockHttp.post('/products', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json(product(100, input.type, input.name, { ...input, prices: [] }));
  }),
  createProductNameRefused: mockHttp.post('/products', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'hourType', error: 'validation.required' }],
      }),
    ),
  ),
  updateProductInUse: mockHttp.put('/products/{id}', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'type', error: 'validation.product_in_use' }],
      }),
    ),
  ),
  archiveProductOk: mockHttp.post('/products/archive', ({ query, response }) => {
    const found = productsFixture.find((row) => row.id === Number(query.get('id')));
    return response(200).json({
      ...(found as Product),
      archived: query.get('archived') === 'true',
    });
  }),
  activeProducts: mockHttp.get('/products', ({ response }) => response(200).json(productsFixture)),

  priceListPage: mockHttp.post('/price-lists/filter', async ({ request, response }) => {
    const filter = await request.json();
    const search = filter.search?.toLowerCase();
    return response(200).json(
      page(
        priceListsFixture.filter(
          (row) =>
            (!search || row.name.toLowerCase().includes(search)) &&
            row.archived === (filter.archived ?? false),
        ),
      ),
    );
  }),
  priceListPageEmpty: mockHttp.post('/price-lists/filter', ({ response }) =>
    response(200).json(page<PriceList>([])),
  ),
  priceListPageFailed: mockHttp.post('/price-lists/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  createPriceListOk: mockHttp.post('/price-lists', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json(list(50, input.name, { ...input }));
  }),
  priceList: mockHttp.get('/price-lists/{id}', ({ params, response }) => {
    const found = priceListsFixture.find((row) => row.id === Number(params.id));
    return found ? response(200).json(found) : response(404).json(errorBody('errors.not_found'));
  }),
  priceListFailed: mockHttp.get('/price-lists/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  updatePriceListOk: mockHttp.put('/price-lists/{id}', async ({ request, params, response }) => {
    const input = await request.json();
    return response(200).json(list(Number(params.id), input.name, { ...input }));
  }),
  pricesOfList: mockHttp.get('/prices/by-pricelist/{id}', ({ params, response }) =>
    response(200).json(pricesFixture.filter((row) => row.priceListId === Number(params.id))),
  ),
  copyOk: mockHttp.post('/price-lists/copy-pricelist/{id}', ({ query, response }) =>
    response(201).json(list(60, query.get('name') ?? '')),
  ),
  copyNameInUse: mockHttp.post('/price-lists/copy-pricelist/{id}', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'name', error: 'validation.name_in_use' }],
      }),
    ),
  ),
  renameOk: mockHttp.put('/price-lists/{id}/rename/{name}', ({ params, response }) => {
    const found = priceListsFixture.find((row) => row.id === Number(params.id));
    return response(200).json({ ...(found as PriceList), name: String(params.name) });
  }),
  copyToStudentsOk: mockHttp.post('/prices/copy-to-existing-students', ({ response }) =>
    response(200).json({ count: 12 }),
  ),
  savePriceOk: mockHttp.post('/prices', async ({ request, response }) => {
    const input = await request.json();
    const target = productsFixture.find((row) => row.id === input.productId) ?? intensive;
    return response(201).json(row(99, input.priceListId, target, input.price, input));
  }),
  deletePriceForbidden: mockHttp.delete('/prices/{id}', ({ response }) =>
    response(403).json(errorBody('errors.forbidden')),
  ),
  deletePriceOk: mockHttp.delete('/prices/{id}', ({ response }) => response(204).empty()),
};
