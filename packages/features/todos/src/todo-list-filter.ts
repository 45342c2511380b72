import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { TodoFilter, TodoPriority, TodoStatus } from './api/todo-queries';

/** A choice filter that filters nothing. */
export const ALL = 'all';

export type TodoListFilter = ListPaging & {
  search: string;
  status: string;
  priority: string;
  group: string;
  assignee: string;
};

export const INITIAL_TODO_LIST: TodoListFilter = {
  search: '',
  status: ALL,
  priority: ALL,
  group: ALL,
  assignee: ALL,
  page: 1,
  pageSize: 25,
  sort: null,
};

/** Each chosen filter becomes a one-element list of the contract's filter; `all` none. */
export function toTodoFilter(state: TodoListFilter): TodoFilter {
  const chosen = <T>(value: string, as: (value: string) => T) =>
    value === ALL ? undefined : [as(value)];
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    search: toSearch(state.search),
    statuses: chosen(state.status, (value) => value as TodoStatus),
    priorities: chosen(state.priority, (value) => value as TodoPriority),
    groups: chosen(state.group, (value) => value),
    assigneeUserIds: chosen(state.assignee, Number),
    sort: toSortOrder<'title'>(state.sort),
  };
}
