import { asBinary, type components, toFormData, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
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

const ROOT = ['settings'] as const;

export function useMasterData() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'master-data'],
    queryFn: async () => (await fetch.GET('/driving-schools/current/master-data')).data,
  });
}

export function useSaveMasterData() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: MasterDataInput) =>
      (await fetch.PUT('/driving-schools/current/master-data', { body })).data,
    onSuccess: (data) => {
      queryClient.setQueryData([...ROOT, 'master-data'], data);
    },
  });
}

export function useFinancialConfig() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'financial'],
    queryFn: async () => (await fetch.GET('/financial-config/current')).data,
  });
}

export function useSaveFinancialConfig() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: FinancialConfig) =>
      (await fetch.PUT('/financial-config/current', { body })).data,
    onSuccess: (data) => queryClient.setQueryData([...ROOT, 'financial'], data),
  });
}

export function useAccountsConfig() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'accounts'],
    queryFn: async () => (await fetch.GET('/accounts-config/current')).data,
  });
}

export function useSaveAccountsConfig() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async (body: AccountsConfig) =>
      (await fetch.PUT('/accounts-config/current', { body })).data,
    onSuccess: (data) => queryClient.setQueryData([...ROOT, 'accounts'], data),
  });
}

export function useDocumentsAvailability() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'documents', 'availability'],
    queryFn: async () =>
      (await fetch.GET('/driving-school-documents/basic-documents-availability')).data,
  });
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
    queryKey: [...ROOT, 'documents', kind, 'file'],
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
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ kind, file }: { kind: BasicDocumentKind; file: File }) =>
      (
        await fetch.POST(DOCUMENT_PATHS[kind], {
          body: { file: asBinary(file) },
          bodySerializer: toFormData,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'documents'] }),
  });
}

export function useDeleteDocument() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: BasicDocumentKind) => {
      await fetch.DELETE(DOCUMENT_PATHS[kind]);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'documents'] }),
  });
}

// ---- testing organizations and student categories -------------------------------------

export type ListFilter = { page: number; size: number; archived: boolean; search?: string };

export function useTestingOrganizations(filter: ListFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'testing-organizations', filter],
    queryFn: async () =>
      (
        await fetch.POST('/testing-organizations/filter', {
          body: { ...filter, sort: [{ field: 'name', direction: 'asc' }] },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useSaveTestingOrganization() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: TestingOrganizationInput }) =>
      id === undefined
        ? (await fetch.POST('/testing-organizations', { body: input })).data
        : (
            await fetch.PUT('/testing-organizations/{id}', {
              params: { path: { id } },
              body: input,
            })
          ).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...ROOT, 'testing-organizations'] }),
  });
}

export function useArchiveTestingOrganization() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/testing-organizations/archive', { params: { query: { id, archived } } }))
        .data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...ROOT, 'testing-organizations'] }),
  });
}

export function useStudentCategories(filter: ListFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'student-categories', filter],
    queryFn: async () =>
      (
        await fetch.POST('/student-categories/filter', {
          body: { ...filter, sort: [{ field: 'name', direction: 'asc' }] },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useSaveStudentCategory() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: StudentCategoryInput }) =>
      id === undefined
        ? (await fetch.POST('/student-categories', { body: input })).data
        : (await fetch.PUT('/student-categories/{id}', { params: { path: { id } }, body: input }))
            .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'student-categories'] }),
  });
}

export function useArchiveStudentCategory() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await fetch.POST('/student-categories/archive', { params: { query: { id, archived } } }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'student-categories'] }),
  });
}

// ---- mail accounts ---------------------------------------------------------------------

export function useEmailConfigs(filter: { page: number; size: number }) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'email-configs', filter],
    queryFn: async () =>
      (
        await fetch.POST('/email-config/filter', {
          body: { ...filter, archived: false, sort: [{ field: 'email', direction: 'asc' }] },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useUserEmailConfigs(userId: number) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'user-email-configs', userId],
    queryFn: async () =>
      (
        await fetch.GET('/email-config/user/{userId}/email-configs', {
          params: { path: { userId } },
        })
      ).data,
  });
}

export function useCheckMailServers() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (body: MailServerSettings) =>
      (await fetch.PUT('/email-config-validator', { body })).data,
  });
}

export function useSaveEmailConfig() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: EmailConfigInput }) =>
      id === undefined
        ? (await fetch.POST('/email-config', { body: input })).data
        : (await fetch.PUT('/email-config/{id}', { params: { path: { id } }, body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'email-configs'] }),
  });
}

export function useDeleteEmailConfig() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetch.DELETE('/email-config/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'email-configs'] }),
  });
}

/** The school's active users as `{ id, name }`, for the "who sees the mailbox" picker. */
export function useMailboxUsers(enabled = true) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...ROOT, 'users'],
    queryFn: async () =>
      ((await fetch.GET('/users', { params: { query: { archived: false } } })).data ?? []).map(
        (user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` }),
      ),
    enabled,
    staleTime: 60_000,
  });
}
