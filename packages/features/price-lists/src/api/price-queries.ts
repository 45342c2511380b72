import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export type Product = components['schemas']['Product'];
export type ProductInput = components['schemas']['ProductInput'];
export type ProductFilter = components['schemas']['ProductFilter'];
export type ProductType = components['schemas']['ProductType'];
export type HourType = components['schemas']['HourType'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type VatRate = components['schemas']['VatRate'];
export type PriceList = components['schemas']['PriceList'];
export type PriceListInput = components['schemas']['PriceListInput'];
export type PriceListFilter = components['schemas']['PriceListFilter'];
export type Price = components['schemas']['Price'];
export type PriceInput = components['schemas']['PriceInput'];

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

export function useProductPage(filter: ProductFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/products/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** The active products, for the price form's product choice (at most 1000). */
export function useActiveProducts(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/products', { params: { query: { archived: false } } }, { enabled }),
  );
}

/** Save and archive a product; the prices of the lists show its name and kind. */
export function useProductMutations() {
  return useResourceMutations('/products', { alsoRefresh: ['/prices'] });
}

export function usePriceListPage(filter: PriceListFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/price-lists/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function usePriceList(id: number) {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/price-lists/{id}', { params: { path: { id } } }));
}

export function usePricesOfList(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/prices/by-pricelist/{id}', { params: { path: { id } } }),
  );
}

/** A price list is shown by this package, the branch form (fleet) and the student form. */
function useInvalidateLists() {
  const invalidate = useInvalidate();
  return () => invalidate('/price-lists');
}

/** Save and archive a price list (shown here, in the branch form and the student form). */
export function usePriceListMutations() {
  return useResourceMutations('/price-lists');
}

export function useCopyPriceList() {
  const { fetch } = useApi();
  const invalidate = useInvalidateLists();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      (
        await fetch.POST('/price-lists/copy-pricelist/{id}', {
          params: { path: { id }, query: { name } },
        })
      ).data as PriceList,
    onSuccess: invalidate,
  });
}

export function useRenamePriceList() {
  const { fetch } = useApi();
  const invalidate = useInvalidateLists();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      // openapi-fetch encodes path parameters itself.
      (
        await fetch.PUT('/price-lists/{id}/rename/{name}', {
          params: { path: { id, name } },
        })
      ).data as PriceList,
    onSuccess: invalidate,
  });
}

/** Save and delete a price; a delete answers its own 403 ("not allowed to delete"): inline. */
export function usePriceMutations() {
  return useResourceMutations('/prices', { inline: ['create', 'update', 'save', 'delete'] });
}

export function useCopyPricesToStudents() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async (priceListId: number) =>
      (await fetch.POST('/prices/copy-to-existing-students', { body: { priceListId } })).data,
  });
}
