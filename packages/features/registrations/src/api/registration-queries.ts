import { type components, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type Registration = components['schemas']['Registration'];
export type RegistrationFilter = components['schemas']['RegistrationFilter'];
export type RegistrationStatus = components['schemas']['RegistrationStatus'];
export type RegistrationStudentMatch = components['schemas']['RegistrationStudentMatch'];
export type PublicRegistrationForm = components['schemas']['PublicRegistrationForm'];
export type PublicRegistrationInput = components['schemas']['PublicRegistrationInput'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type Student = components['schemas']['Student'];
export type Option = components['schemas']['Option'];

/** Forms and the public page show their errors inline, so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

const REGISTRATIONS = ['registrations'] as const;

export function usePublicRegistrationForm(token: string) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: ['public-registration', token],
    meta: inline,
    retry: false,
    queryFn: async () =>
      (
        await fetch.GET('/public/registrations/{schoolToken}', {
          params: { path: { schoolToken: token } },
        })
      ).data as PublicRegistrationForm,
  });
}

export function useSubmitPublicRegistration(token: string) {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (input: PublicRegistrationInput) => {
      await fetch.POST('/public/registrations/{schoolToken}', {
        params: { path: { schoolToken: token } },
        body: input,
      });
    },
  });
}

export function useRegistrationPage(filter: RegistrationFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...REGISTRATIONS, 'page', filter],
    queryFn: async () => (await fetch.POST('/registrations/filter', { body: filter })).data,
    placeholderData: keepPreviousData,
  });
}

export function useUnreadCount() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...REGISTRATIONS, 'unread'],
    queryFn: async () => (await fetch.GET('/registrations/count-unread')).data?.count ?? 0,
  });
}

export function useStatusOptions() {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...REGISTRATIONS, 'status-options'],
    queryFn: async () => (await fetch.GET('/registrations/registration-status-options')).data ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMatchingStudents(id: number | null) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...REGISTRATIONS, 'matches', id],
    queryFn: async () =>
      (
        await fetch.GET('/registrations/{id}/student/matching-registration', {
          params: { path: { id: id as number } },
        })
      ).data ?? [],
    enabled: id !== null,
  });
}

/** The school's branches (any signed-in user may list them), for the conversion. */
export function useBranches(enabled: boolean) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...REGISTRATIONS, 'branches'],
    queryFn: async () =>
      ((await fetch.GET('/branches', { params: { query: { archived: false } } })).data ?? []).map(
        (b) => ({ id: b.id, name: b.name }),
      ),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: REGISTRATIONS });
}

export function useChangeReadState() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, read }: { id: number; read: boolean }) =>
      (
        await fetch.POST('/registrations/change-read-state', {
          params: { query: { registrationId: id, read } },
        })
      ).data as Registration,
    onSuccess: invalidate,
  });
}

export function useChangeProcessStatus() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, processStatus }: { id: number; processStatus: RegistrationStatus }) =>
      (
        await fetch.PUT('/registrations/{id}/process-status', {
          params: { path: { id } },
          body: { processStatus },
        })
      ).data as Registration,
    onSuccess: invalidate,
  });
}

export function useConvertRegistration() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({
      id,
      studentId,
      branchId,
    }: {
      id: number;
      studentId?: number;
      branchId?: number;
    }) =>
      (
        await fetch.POST('/registrations/{id}/convert-to-student', {
          params: { path: { id } },
          body: {
            ...(studentId !== undefined ? { studentId } : {}),
            ...(branchId !== undefined ? { branchId } : {}),
          },
        })
      ).data as Student,
    onSuccess: invalidate,
  });
}

export function useDeleteRegistration() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetch.DELETE('/registrations/{id}', { params: { path: { id } } });
    },
    onSuccess: invalidate,
  });
}
