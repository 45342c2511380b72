import { asBinary, type components, saveBlob, toFormData, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export type Todo = components['schemas']['Todo'];
export type TodoInput = components['schemas']['TodoInput'];
export type TodoFilter = components['schemas']['TodoFilter'];
export type TodoStatus = components['schemas']['TodoStatus'];
export type TodoPriority = components['schemas']['TodoPriority'];
export type FileRef = components['schemas']['FileRef'];
export type Option = components['schemas']['Option'];

/** Forms show a failed save inline (field errors at the fields), so no global toast. */
const inline: FahrwerkMeta = { silentError: true };

export function useTodoPage(filter: TodoFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/todos/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** Statuses, priorities and groups from their calls; labels come from the server. */
export function useTodoLookups() {
  const { query } = useApi();
  const lookup = { staleTime: Number.POSITIVE_INFINITY };
  const statuses = useQuery(query.queryOptions('get', '/task-statuses', {}, lookup));
  const priorities = useQuery(query.queryOptions('get', '/task-priorities', {}, lookup));
  const groups = useQuery(query.queryOptions('get', '/task-groups', {}, lookup));
  const users = useQuery(
    query.queryOptions(
      'get',
      '/users',
      { params: { query: { archived: false } } },
      {
        select: (rows) => rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })),
        staleTime: 60_000,
      },
    ),
  );
  return { statuses, priorities, groups, users };
}

/** Students by name for the optional student link (at most 20 hits). */
export function useStudentSearch(search: string) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/students/filter',
      {
        body: {
          page: 0,
          size: 20,
          archived: false,
          ...(search.trim() ? { search: search.trim() } : {}),
        },
      },
      {
        select: (page) =>
          page.data.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}` })),
        placeholderData: keepPreviousData,
      },
    ),
  );
}

/** The name of a linked student (the search list may not hold it). */
export function useStudentName(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/students/{id}',
      { params: { path: { id: id as number } } },
      {
        select: (student) => ({ id: student.id, name: `${student.firstName} ${student.lastName}` }),
        enabled: id !== null,
      },
    ),
  );
}

/** To-dos are shown only by this package's list; a change refreshes every to-do query. */
function useInvalidateTodos() {
  const invalidate = useInvalidate();
  return () => invalidate('/todos');
}

/** Save and delete a to-do. */
export function useTodoMutations() {
  return useResourceMutations('/todos');
}

export function useChangeTodoStatus() {
  const { fetch } = useApi();
  const invalidate = useInvalidateTodos();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: TodoStatus }) =>
      (await fetch.PUT('/todos/{id}/status', { params: { path: { id } }, body: { status } }))
        .data as Todo,
    onSuccess: invalidate,
  });
}

export function useChangeTodoGroup() {
  const { fetch } = useApi();
  const invalidate = useInvalidateTodos();
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

export function useUploadAttachment() {
  const { fetch } = useApi();
  const invalidate = useInvalidateTodos();
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
  const invalidate = useInvalidateTodos();
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
