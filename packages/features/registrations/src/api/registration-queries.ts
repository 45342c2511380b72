import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

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

export function usePublicRegistrationForm(token: string) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/public/registrations/{schoolToken}',
      { params: { path: { schoolToken: token } } },
      { meta: inline, retry: false },
    ),
  );
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
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/registrations/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useUnreadCount() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/registrations/count-unread', {}, { select: (data) => data.count }),
  );
}

export function useStatusOptions() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/registrations/registration-status-options',
      {},
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

export function useMatchingStudents(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/registrations/{id}/student/matching-registration',
      { params: { path: { id: id as number } } },
      { enabled: id !== null },
    ),
  );
}

/** The school's branches (any signed-in user may list them), for the conversion. */
export function useBranches(enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/branches',
      { params: { query: { archived: false } } },
      { select: (rows) => rows.map((b) => ({ id: b.id, name: b.name })), enabled },
    ),
  );
}

/** A registration changes only registrations; converting one also makes a student. */
function useInvalidateRegistrations() {
  const invalidate = useInvalidate();
  return () => invalidate('/registrations', '/students');
}

export function useChangeReadState() {
  const { fetch } = useApi();
  const invalidate = useInvalidateRegistrations();
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
  const invalidate = useInvalidateRegistrations();
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
  const invalidate = useInvalidateRegistrations();
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

/** Delete a registration; like every registration change it refreshes the students too. */
export function useRegistrationMutations() {
  return useResourceMutations('/registrations', { alsoRefresh: ['/students'] });
}

export type LearningAppLink = components['schemas']['LearningAppLink'];

/** The school's registration links (general, fast lane, per class) for posters and its web page. */
export function useOnboardingLinks(enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/driving-schools/current/drive-buzz-onboarding-links',
      {},
      { enabled, staleTime: 5 * 60_000 },
    ),
  );
}
