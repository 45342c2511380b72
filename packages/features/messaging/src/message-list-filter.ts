import { type ListPaging, toSearch } from '@fahrwerk/core';
import type { MessageFilter } from './api/messaging-queries';

/** A choice filter that filters nothing. */
export const ALL = 'all';

export type MessageKind = typeof ALL | 'manual' | 'automatic';

export type MessageListFilter = ListPaging & { search: string; kind: MessageKind };

export const INITIAL_MESSAGE_LIST: MessageListFilter = {
  search: '',
  kind: ALL,
  page: 1,
  pageSize: 25,
  sort: null,
};

/** The screen's filter as the body of `POST /messages/filter` (newest first). */
export function toMessageFilter(state: MessageListFilter, studentId?: number): MessageFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    search: toSearch(state.search),
    ...(state.kind === ALL ? {} : { automatic: state.kind === 'automatic' }),
    ...(studentId !== undefined ? { studentId } : {}),
  };
}
