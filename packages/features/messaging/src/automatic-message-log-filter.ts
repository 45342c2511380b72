import { type ListPaging, toSearch } from '@fahrwerk/core';
import type {
  AutomaticMessageEvent,
  AutomaticMessageLogFilter,
  AutomaticMessageLogStatus,
} from './api/messaging-queries';
import { ALL } from './message-list-filter';

export type AutomaticMessageLogListFilter = ListPaging & {
  search: string;
  event: AutomaticMessageEvent | typeof ALL;
  status: AutomaticMessageLogStatus | typeof ALL;
};

export const INITIAL_LOG_LIST: AutomaticMessageLogListFilter = {
  search: '',
  event: ALL,
  status: ALL,
  page: 1,
  pageSize: 25,
  sort: null,
};

/** The log's filter as the body of `POST /automatic-messages/log/filter` (newest first). */
export function toLogFilter(state: AutomaticMessageLogListFilter): AutomaticMessageLogFilter {
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    search: toSearch(state.search),
    ...(state.event === ALL ? {} : { event: state.event }),
    ...(state.status === ALL ? {} : { status: state.status }),
  };
}
