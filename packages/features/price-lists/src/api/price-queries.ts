import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
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

export function useSaveProduct() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: ProductInput }) =>
      id === undefined
        ? (await fetch.POST('/products', { body: input })).data
        : (await fetch.PUT('/products/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => invalidate('/products', '/prices'),
  });
}

export function useArchiveProduct() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/products/archive', { params: { query: { id, archived } } })).data,
    onSuccess: () => invalidate('/products', '/prices'),
  });
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

export function useSavePriceList() {
  const { fetch } = useApi();
  const invalidate = useInvalidateLists();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: PriceListInput }) =>
      (id === undefined
        ? (await fetch.POST('/price-lists', { body: input })).data
        : (await fetch.PUT('/price-lists/{id}', { params: { path: { id } }, body: input }))
            .data) as PriceList,
    onSuccess: invalidate,
  });
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

export function useArchivePriceList() {
  const { fetch } = useApi();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/price-lists/archive', { params: { query: { id, archived } } })).data,
    onSuccess: invalidate,
  });
}

export function useSavePrice() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: PriceInput }) =>
      id === undefined
        ? (await fetch.POST('/prices', { body: input })).data
        : (await fetch.PUT('/prices/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => invalidate('/prices'),
  });
}

/** Deleting answers its own 403 ("not allowed to delete this service"), hence inline. */
export function useDeletePrice() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async (id: number) => {
      await fetch.DELETE('/prices/{id}', { params: { path: { id } } });
    },
    onSuccess: () => invalidate('/prices'),
  });
}

export function useCopyPricesToStudents() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async (priceListId: number) =>
      (await fetch.POST('/prices/copy-to-existing-students', { body: { priceListId } })).data,
  });
}
