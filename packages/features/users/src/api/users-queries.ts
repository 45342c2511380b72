import { asBinary, type components, toFormData, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export type User = components['schemas']['User'];
export type UserInput = components['schemas']['UserInput'];
export type UserFilter = components['schemas']['UserFilter'];
export type Role = components['schemas']['Role'];
export type RoleInput = components['schemas']['RoleInput'];
export type RoleType = components['schemas']['RoleType'];
export type Branch = components['schemas']['Branch'];
export type PermissionKey = components['schemas']['PermissionKey'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type Weekday = components['schemas']['Weekday'];
export type DayWorkHours = components['schemas']['DayWorkHours'];
export type StudentVisibility = components['schemas']['StudentVisibility'];

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

export function useUserPage(filter: UserFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/users/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useUser(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/users/{id}',
      { params: { path: { id: id as number } } },
      { enabled: id !== null },
    ),
  );
}

/** The school's active users, for the calendar sharing pickers. */
export function useActiveUsers() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/users', { params: { query: { archived: false } } }));
}

/** Every role of the school (a school has a handful), sorted by name. */
export function useRoles() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/roles'));
}

/** The school's active branches. */
export function useBranches() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/branches/filter',
      {
        body: {
          page: 0,
          size: 200,
          archived: false,
          sort: [{ field: 'name', direction: 'asc' }],
        },
      },
      { select: (page) => page.data },
    ),
  );
}

/** Save and archive a user. */
export function useUserMutations() {
  return useResourceMutations('/users');
}

export function useUploadAvatar() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ userId, file }: { userId: number; file: File }) =>
      (
        await fetch.POST('/users/avatar', {
          body: { file: asBinary(file), userId },
          bodySerializer: toFormData,
        })
      ).data,
    onSuccess: () => invalidate('/users'),
  });
}

export function useSaveRole() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({
      id,
      input,
      permissions,
    }: {
      id?: number;
      input: RoleInput;
      permissions: { permission: PermissionKey; allow: boolean }[];
    }) => {
      const saved =
        id === undefined
          ? (await fetch.POST('/roles', { body: input })).data
          : (await fetch.PUT('/roles/{id}', { params: { path: { id } }, body: input })).data;
      if (!saved) return saved;
      return (
        await fetch.PUT('/roles/{id}/permissions', {
          params: { path: { id: saved.id } },
          body: { permissions },
        })
      ).data;
    },
    onSuccess: () => invalidate('/roles'),
  });
}

/** Delete a role (saving one also sets its permissions: `useSaveRole`). */
export function useRoleMutations() {
  return useResourceMutations('/roles');
}
