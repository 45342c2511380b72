import { asBinary, type components, saveBlob, toFormData, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type Todo = components['schemas']['Todo'];
export type TodoInput = components['schemas']['TodoInput'];
export type TodoFilter = components['schemas']['TodoFilter'];
export type TodoStatus = components['schemas']['TodoStatus'];
export type TodoPriority = components['schemas']['TodoPriority'];
export type FileRef = components['schemas']['FileRef'];
export type Option = components['schemas']['Option'];

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

const TODOS = ['todos'] as const;

export function useTodoPage(filter: TodoFilter) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...TODOS, 'page', filter],
    queryFn: async () => (await fetch.POST('/todos/filter', { body: filter })).data,
    placeholderData: keepPreviousData,
  });
}

/** Statuses, priorities and groups from their calls; labels come from the server. */
export function useTodoLookups() {
  const { fetch } = useApi();
  const statuses = useQuery({
    queryKey: [...TODOS, 'statuses'],
    queryFn: async () => (await fetch.GET('/task-statuses')).data ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const priorities = useQuery({
    queryKey: [...TODOS, 'priorities'],
    queryFn: async () => (await fetch.GET('/task-priorities')).data ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const groups = useQuery({
    queryKey: [...TODOS, 'groups'],
    queryFn: async () => (await fetch.GET('/task-groups')).data ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const users = useQuery({
    queryKey: [...TODOS, 'users'],
    queryFn: async () =>
      ((await fetch.GET('/users', { params: { query: { archived: false } } })).data ?? []).map(
        (u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }),
      ),
    staleTime: 60_000,
  });
  return { statuses, priorities, groups, users };
}

/** Students by name for the optional student link (at most 20 hits). */
export function useStudentSearch(search: string) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...TODOS, 'students', search],
    queryFn: async () =>
      (
        (
          await fetch.POST('/students/filter', {
            body: {
              page: 0,
              size: 20,
              archived: false,
              ...(search.trim() ? { search: search.trim() } : {}),
            },
          })
        ).data?.data ?? []
      ).map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}` })),
    placeholderData: keepPreviousData,
  });
}

/** The name of a linked student (the search list may not hold it). */
export function useStudentName(id: number | null) {
  const { fetch } = useApi();
  return useQuery({
    queryKey: [...TODOS, 'student', id],
    queryFn: async () => {
      const { data } = await fetch.GET('/students/{id}', {
        params: { path: { id: id as number } },
      });
      return data ? { id: data.id, name: `${data.firstName} ${data.lastName}` } : null;
    },
    enabled: id !== null,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...TODOS, 'page'] });
}

export function useSaveTodo() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ id, input }: { id?: number; input: TodoInput }) =>
      (id === undefined
        ? (await fetch.POST('/todos', { body: input })).data
        : (await fetch.PUT('/todos/{id}', { params: { path: { id } }, body: input })).data) as Todo,
    onSuccess: invalidate,
  });
}

export function useChangeTodoStatus() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: TodoStatus }) =>
      (await fetch.PUT('/todos/{id}/status', { params: { path: { id } }, body: { status } }))
        .data as Todo,
    onSuccess: invalidate,
  });
}

export function useChangeTodoGroup() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, group }: { id: number; group: string | null }) =>
      (
        await fetch.PUT('/todos/{id}/group', {
          params: { path: { id } },
          body: group === null ? {} : { group },
        })
      ).data as Todo,
    onSuccess: invalidate,
  });
}

export function useDeleteTodo() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetch.DELETE('/todos/{id}', { params: { path: { id } } });
    },
    onSuccess: invalidate,
  });
}

export function useUploadAttachment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ todoId, file }: { todoId: number; file: File }) =>
      (
        await fetch.POST('/todos/{todoId}/attachment', {
          params: { path: { todoId } },
          body: { file: asBinary(file) },
          bodySerializer: toFormData,
        })
      ).data as FileRef,
    onSuccess: invalidate,
  });
}

export function useDeleteAttachment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ todoId, attachmentId }: { todoId: number; attachmentId: number }) => {
      await fetch.DELETE('/todos/{todoId}/attachment/{attachmentId}', {
        params: { path: { todoId, attachmentId } },
      });
    },
    onSuccess: invalidate,
  });
}

export function useDownloadAttachment() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async ({ todoId, file }: { todoId: number; file: FileRef }) => {
      const { data } = await fetch.GET('/todos/{todoId}/attachment/{attachmentId}', {
        params: { path: { todoId, attachmentId: file.id } },
        parseAs: 'blob',
      });
      saveBlob(data as Blob, file.fileName);
    },
  });
}
