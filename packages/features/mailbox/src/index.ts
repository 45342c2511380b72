export { useUnreadEmailCount } from './api/unread-count';
export { MAILBOX_NAMESPACE, registerMailboxTexts } from './i18n';
export { MAILBOX_FOLDERS, type MailboxFolder } from './mailbox-list-filter';
export { MailboxScreen, type MailboxScreenProps } from './mailbox-screen';
