import { type ListPaging, toSearch, toSortOrder } from '@fahrwerk/core';
import type { MailboxEmailFilter } from './api/mail-queries';

/** The sidebar's folders: inbox (mailbox id 1), outbox (id 2) and both. */
export type MailboxFolder = 'inbox' | 'outbox' | 'all';
export const MAILBOX_FOLDERS: MailboxFolder[] = ['inbox', 'outbox', 'all'];

export const ALL = 'all';
/** The sender list's pseudo-entry "Markiert" (spec 001 §3): `marked: true`. */
export const MARKED = 'marked';

export type MailboxListState = ListPaging & {
  search: string;
  /** `all` or a mail account's id. */
  account: string;
  /** `all`, `marked` or a sender's address. */
  sender: string;
};

export const INITIAL_MAILBOX_LIST: MailboxListState = {
  page: 1,
  pageSize: 25,
  sort: { id: 'date', desc: true },
  search: '',
  account: ALL,
  sender: ALL,
};

const FOLDER_OF: Record<MailboxFolder, MailboxEmailFilter['folder']> = {
  inbox: 'INBOX',
  outbox: 'OUTBOX',
  all: undefined,
};

/** The body of `POST /emails/filter`; an empty `emailConfigIds` means every account. */
export function toMailboxFilter(
  state: MailboxListState,
  folder: MailboxFolder,
): MailboxEmailFilter {
  const folderValue = FOLDER_OF[folder];
  const search = toSearch(state.search);
  const sort = toSortOrder<'date' | 'from' | 'subject'>(state.sort);
  return {
    page: state.page - 1,
    size: state.pageSize,
    archived: false,
    emailConfigIds: state.account === ALL ? [] : [Number(state.account)],
    ...(folderValue ? { folder: folderValue } : {}),
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
    ...(state.sender === MARKED ? { marked: true } : {}),
    ...(state.sender !== ALL && state.sender !== MARKED ? { senders: [state.sender] } : {}),
  };
}
