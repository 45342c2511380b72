import { useCan, useServerList } from '@fahrwerk/core';
import {
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  formatDateTime,
  PageHeader,
  SearchField,
  Select,
  useToast,
} from '@fahrwerk/ui';
import { useCallback, useMemo, useState } from 'react';
import { type Message, useMessagePage, useSendMessages } from './api/messaging-queries';
import { MessageDetailDialog } from './components/message-detail-dialog';
import { SendMessageDialog } from './components/send-message-dialog';
import {
  ALL,
  INITIAL_MESSAGE_LIST,
  type MessageKind,
  type MessageListFilter,
  toMessageFilter,
} from './message-list-filter';
import { useMessagingTranslation } from './use-messaging-translation';

export type MessagingScreenProps = {
  /**
   * Only this student's messages (e.g. in a student record); the send dialog starts with
   * the student chosen. Without it, the messages to all students.
   */
  student?: { id: number; name: string };
};

/**
 * The messages (`/messaging`): what was sent to students' learning apps, by hand or
 * automatically, newest first, with search, kind filter and paging; a message opens with
 * its full text. "Nachricht senden" writes to chosen students, optionally from a template,
 * the server filling the placeholders for each. Without MODULE_COMMUNICATION_WRITE it is
 * read-only.
 */
export function MessagingScreen({ student }: MessagingScreenProps) {
  const toast = useToast();
  const { t } = useMessagingTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const studentId = student?.id;
  const toFilter = useCallback(
    (state: MessageListFilter) => toMessageFilter(state, studentId),
    [studentId],
  );
  const list = useServerList({
    initial: INITIAL_MESSAGE_LIST,
    toFilter,
    usePage: useMessagePage,
  });
  const { state: filter, update, query: page } = list;
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState<Message | null>(null);
  const send = useSendMessages();

  const columns = useMemo<DataTableProps<Message>['columns']>(
    () => [
      {
        id: 'sentAt',
        header: t('messages.columnSentAt'),
        enableSorting: false,
        cell: ({ row }) => formatDateTime(row.original.sentAt),
      },
      {
        id: 'student',
        header: t('messages.columnStudent'),
        enableSorting: false,
        cell: ({ row }) => row.original.studentName,
      },
      {
        id: 'subject',
        header: t('messages.columnSubject'),
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            aria-label={t('messages.open', {
              subject: row.original.subject,
              name: row.original.studentName,
            })}
            className="text-start font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => setOpen(row.original)}
          >
            {row.original.subject}
          </button>
        ),
      },
      {
        id: 'kind',
        header: t('messages.columnKind'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.automatic ? (
            <Badge tone="brand">
              {row.original.event
                ? t('messages.automaticEvent', { event: t(`events.${row.original.event}`) })
                : t('messages.kindAutomatic')}
            </Badge>
          ) : (
            t('messages.manual')
          ),
      },
      {
        id: 'readAt',
        header: t('messages.columnRead'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.readAt ? (
            formatDateTime(row.original.readAt)
          ) : (
            <span className="text-neutral-600">{t('messages.unread')}</span>
          ),
      },
    ],
    [t],
  );

  const filtered = filter.search.trim() !== '' || filter.kind !== ALL;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('messages.title')}
        description={canWrite ? t('messages.description') : t('messages.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setSending(true)}>{t('messages.new')}</Button> : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('messages.search')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('messages.kind')}
          items={[
            { id: ALL, label: t('filters.all') },
            { id: 'manual', label: t('messages.kindManual') },
            { id: 'automatic', label: t('messages.kindAutomatic') },
          ]}
          selectedKey={filter.kind}
          onSelectionChange={(key) => update({ kind: key as MessageKind })}
        />
      </div>
      <DataTable
        aria-label={t('messages.table')}
        columns={columns}
        {...list.table}
        error={page.isError ? t('messages.loadError') : undefined}
        emptyText={t(filtered ? 'messages.emptyFiltered' : 'messages.empty')}
        getRowId={(row) => String(row.id)}
      />
      {sending && (
        <SendMessageDialog
          isOpen
          onOpenChange={setSending}
          students={student ? [student] : undefined}
          onSubmit={async (input) => {
            const sent = await send.mutateAsync(input);
            toast.success(t('messages.sent', { count: sent.length }));
          }}
        />
      )}
      <MessageDetailDialog message={open} onClose={() => setOpen(null)} />
    </div>
  );
}
