import { asBinary, type components, toFormData, useApi } from '@fahrwerk/api';
import { apiKey, type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

type Schemas = components['schemas'];
export type MasterData = Schemas['MasterData'];
export type MasterDataInput = Schemas['MasterDataInput'];
export type FederalState = Schemas['FederalState'];
export type FinancialConfig = Schemas['FinancialConfig'];
export type AccountsConfig = Schemas['AccountsConfig'];
export type BasicDocumentsAvailability = Schemas['BasicDocumentsAvailability'];
export type TestingOrganization = Schemas['TestingOrganization'];
export type TestingOrganizationInput = Schemas['TestingOrganizationInput'];
export type StudentCategory = Schemas['StudentCategory'];
export type StudentCategoryInput = Schemas['StudentCategoryInput'];
export type EmailConfig = Schemas['EmailConfig'];
export type EmailConfigInput = Schemas['EmailConfigInput'];
export type User = Schemas['User'];
export type MailServerSettings = Schemas['MailServerSettings'];
export type MailServerCheckResult = Schemas['MailServerCheckResult'];

/** Letterhead, signature and logo: the three basic documents of the school. */
export type BasicDocumentKind = 'letterhead' | 'signature' | 'logo';

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

export function useMasterData() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/driving-schools/current/master-data'));
}

export function useSaveMasterData() {
  const { fetch, query } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: MasterDataInput) =>
      (await fetch.PUT('/driving-schools/current/master-data', { body })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(
        query.queryOptions('get', '/driving-schools/current/master-data').queryKey,
        data,
      );
    },
  });
}

export function useFinancialConfig() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/financial-config/current'));
}

export function useSaveFinancialConfig() {
  const { fetch, query } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: FinancialConfig) =>
      (await fetch.PUT('/financial-config/current', { body })).data,
    onSuccess: (data) =>
      queryClient.setQueryData(
        query.queryOptions('get', '/financial-config/current').queryKey,
        data,
      ),
  });
}

export function useAccountsConfig() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/accounts-config/current'));
}

export function useSaveAccountsConfig() {
  const { fetch, query } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: AccountsConfig) =>
      (await fetch.PUT('/accounts-config/current', { body })).data,
    onSuccess: (data) =>
      queryClient.setQueryData(
        query.queryOptions('get', '/accounts-config/current').queryKey,
        data,
      ),
  });
}

export function useDocumentsAvailability() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/driving-school-documents/basic-documents-availability'),
  );
}

const DOCUMENT_PATHS = {
  letterhead: '/driving-school-documents/letterhead/current',
  signature: '/driving-school-documents/signature/current',
  logo: '/driving-school-documents/logo/current',
} as const;

/** The current file of a basic document as blob (previews and downloads); only when it exists. */
export function useDocumentFile(kind: BasicDocumentKind, enabled: boolean) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: apiKey('get', DOCUMENT_PATHS[kind], { parseAs: 'blob' }),
    queryFn: async () => {
      const { data } = await fetch.GET(DOCUMENT_PATHS[kind], { parseAs: 'blob' });
      return data as unknown as Blob;
    },
    enabled,
    meta: inline,
  });
}

export function useUploadDocument() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ kind, file }: { kind: BasicDocumentKind; file: File }) =>
      (
        await fetch.POST(DOCUMENT_PATHS[kind], {
          body: { file: asBinary(file) },
          bodySerializer: toFormData,
        })
      ).data,
    onSuccess: () => invalidate('/driving-school-documents'),
  });
}

export function useDeleteDocument() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (kind: BasicDocumentKind) => {
      await fetch.DELETE(DOCUMENT_PATHS[kind]);
    },
    onSuccess: () => invalidate('/driving-school-documents'),
  });
}

// ---- testing organizations and student categories -------------------------------------

export type ListFilter = { page: number; size: number; archived: boolean; search?: string };

export function useTestingOrganizations(filter: ListFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/testing-organizations/filter',
      { body: { ...filter, sort: [{ field: 'name', direction: 'asc' }] } },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** Save and archive a testing organization. */
export function useTestingOrganizationMutations() {
  return useResourceMutations('/testing-organizations');
}

export function useStudentCategories(filter: ListFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/student-categories/filter',
      { body: { ...filter, sort: [{ field: 'name', direction: 'asc' }] } },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** Save and archive a student category. */
export function useStudentCategoryMutations() {
  return useResourceMutations('/student-categories');
}

// ---- mail accounts ---------------------------------------------------------------------

export function useEmailConfigs(filter: { page: number; size: number }) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/email-config/filter',
      { body: { ...filter, archived: false, sort: [{ field: 'email', direction: 'asc' }] } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useUserEmailConfigs(userId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/email-config/user/{userId}/email-configs', {
      params: { path: { userId } },
    }),
  );
}

export function useCheckMailServers() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (body: MailServerSettings) =>
      (await fetch.PUT('/email-config-validator', { body })).data,
  });
}

/** Save and delete a mail account. */
export function useEmailConfigMutations() {
  return useResourceMutations('/email-config');
}

/** The school's active users as `{ id, name }`, for the "who sees the mailbox" picker. */
export function useMailboxUsers(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/users',
      { params: { query: { archived: false } } },
      {
        select: (rows) =>
          rows.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` })),
        enabled,
        staleTime: 60_000,
      },
    ),
  );
}
