import { useCan, useServerList } from '@fahrwerk/core';
import {
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  EmptyState,
  ErrorState,
  formatDateTime,
  PageHeader,
  SearchField,
  Select,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type MailboxEmail,
  useChangeMarkedState,
  useChangeReadState,
  useDeleteEmail,
  useDownloadAttachment,
  useEmailConfigs,
  useEmailPage,
  useForceSync,
  useSendEmail,
} from './api/mail-queries';
import { ComposeDialog } from './components/compose-dialog';
import { MailReader } from './components/mail-reader';
import { SyncPanel } from './components/sync-panel';
import { type Draft, type DraftTexts, forwardDraft, newDraft, replyDraft } from './lib/drafts';
import {
  ALL,
  INITIAL_MAILBOX_LIST,
  MAILBOX_FOLDERS,
  MARKED,
  type MailboxFolder,
  toMailboxFilter,
} from './mailbox-list-filter';
import { useMailboxTranslation } from './use-mailbox-translation';

export type MailboxScreenProps = {
  /** The signed-in user, whose mail accounts the mailbox shows (spec 001 §6). */
  userId: number;
  /** Inbox, outbox or both; the host keeps it in its address. @default 'inbox' */
  folder?: MailboxFolder;
  onFolderChange?: (folder: MailboxFolder) => void;
  /** Opens "Neue E-Mail" at once (the sidebar's entry). */
  compose?: boolean;
  /** The new-mail form was closed (the host drops its `compose` flag). */
  onComposeClose?: () => void;
};

/**
 * The mailbox (`/email`): the user's mail accounts and their sync state, inbox / outbox /
 * all with account, sender ("Markiert" included) and search filters, paging; one mail
 * read safely (sanitised, sandboxed, remote images on request) with read, marked, delete,
 * reply and forward; new mail with templates and attachments. Flags and deletions change
 * the list only after the server's 200 (spec 001 §4).
 */
export function MailboxScreen({
  userId,
  folder: folderProp,
  onFolderChange,
  compose = false,
  onComposeClose,
}: MailboxScreenProps) {
  const toast = useToast();
  const { t } = useMailboxTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const [innerFolder, setInnerFolder] = useState<MailboxFolder>('inbox');
  const folder = folderProp ?? innerFolder;
  const accounts = useEmailConfigs(userId);
  const list = useServerList({
    initial: INITIAL_MAILBOX_LIST,
    toFilter: (state) => toMailboxFilter(state, folder),
    usePage: useEmailPage,
  });
  const { state: filter, update, query: page } = list;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const changeRead = useChangeReadState();
  const changeMarked = useChangeMarkedState();
  const remove = useDeleteEmail();
  const download = useDownloadAttachment();
  const sync = useForceSync();
  const send = useSendEmail();
  const rows = page.data?.data ?? [];
  const selected = rows.find((row) => row.id === selectedId) ?? null;
  const accountList = accounts.data ?? [];

  // A folder chosen in the sidebar starts at its first page.
  const lastFolder = useRef(folder);
  useEffect(() => {
    if (lastFolder.current === folder) return;
    lastFolder.current = folder;
    update({});
    setSelectedId(null);
  }, [folder, update]);

  useEffect(() => {
    if (compose) setDraft(newDraft());
  }, [compose]);

  const draftTexts: DraftTexts = {
    replyIntro: (vars) => t('compose.replyIntro', vars),
    forwardIntro: (vars) => t('compose.forwardIntro', vars),
  };

  const senders = useMemo(() => {
    const addresses = new Set(rows.filter((r) => r.folder === 'INBOX').map((r) => r.from));
    if (filter.sender !== ALL && filter.sender !== MARKED) addresses.add(filter.sender);
    return [...addresses].sort();
  }, [rows, filter.sender]);

  const columns = useMemo<DataTableProps<MailboxEmail>['columns']>(
    () => [
      {
        id: 'state',
        header: () => <span className="sr-only">{t('list.state')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {!row.original.read && <Badge tone="brand">{t('list.unread')}</Badge>}
            {row.original.marked && <Badge tone="warning">{t('list.marked')}</Badge>}
            {row.original.attachments.length > 0 && (
              <Badge>{t('list.attachments', { count: row.original.attachments.length })}</Badge>
            )}
          </span>
        ),
      },
      {
        id: 'from',
        header: t('list.correspondent'),
        cell: ({ row }) =>
          row.original.folder === 'OUTBOX'
            ? t('list.toAddress', { to: row.original.to.join(', ') })
            : (row.original.fromName ?? row.original.from),
      },
      {
        id: 'subject',
        header: t('list.subject'),
        cell: ({ row }) => (
          <button
            type="button"
            className={`text-start underline-offset-2 hover:underline ${row.original.read ? '' : 'font-semibold text-neutral-900'}`}
            onClick={(event) => {
              event.stopPropagation();
              setSelectedId(row.original.id);
            }}
          >
            {row.original.subject || t('list.noSubject')}
          </button>
        ),
      },
      {
        id: 'date',
        header: t('list.date'),
        cell: ({ row }) => {
          const when = row.original.receivedAt ?? row.original.sentAt;
          return when ? formatDateTime(when) : '–';
        },
      },
    ],
    [t],
  );

  const setFolder = (next: MailboxFolder) => {
    setInnerFolder(next);
    onFolderChange?.(next);
  };

  if (accounts.isError) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('title')} />
        <ErrorState
          message={t('accountsError')}
          onRetry={() => void accounts.refetch()}
          isRetrying={accounts.isFetching}
        />
      </div>
    );
  }
  if (accounts.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('title')} />
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (accountList.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('title')} />
        <EmptyState title={t('noAccounts')} description={t('noAccountsHint')} />
      </div>
    );
  }

  const filtered = filter.search.trim() !== '' || filter.sender !== ALL || filter.account !== ALL;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={t(`folder.${folder}`)}
        actions={
          canWrite ? (
            <Button
              onPress={() =>
                setDraft(newDraft(filter.account === ALL ? undefined : Number(filter.account)))
              }
            >
              {t('actions.new')}
            </Button>
          ) : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={t('filters.folder')}
          items={MAILBOX_FOLDERS.map((id) => ({ id, label: t(`folder.${id}`) }))}
          selectedKey={folder}
          onSelectionChange={(key) => setFolder(key as MailboxFolder)}
        />
        <Select
          label={t('filters.account')}
          items={[
            { id: ALL, label: t('filters.allAccounts') },
            ...accountList.map((a) => ({ id: String(a.id), label: a.email })),
          ]}
          selectedKey={filter.account}
          onSelectionChange={(key) => update({ account: String(key) })}
        />
        <Select
          label={t('filters.sender')}
          items={[
            { id: ALL, label: t('filters.allSenders') },
            { id: MARKED, label: t('filters.marked') },
            ...senders.map((s) => ({ id: s, label: s })),
          ]}
          selectedKey={filter.sender}
          onSelectionChange={(key) => update({ sender: String(key) })}
        />
        <SearchField
          label={t('filters.search')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <DataTable
            aria-label={t('list.label', { folder: t(`folder.${folder}`) })}
            columns={columns}
            {...list.table}
            error={page.isError ? t('loadError') : undefined}
            emptyText={filtered ? t('emptyFiltered') : t(`empty.${folder}`)}
            getRowId={(row) => String(row.id)}
            onRowClick={(row) => setSelectedId(row.id)}
          />
          <SyncPanel
            accounts={accountList}
            isSyncing={sync.isPending}
            results={sync.data}
            onSync={() =>
              sync.mutate(
                accountList.map((a) => a.id),
                {
                  onSuccess: (results) => {
                    const failed = results.filter((r) => r.error).length;
                    if (failed > 0) toast.error(t('sync.someFailed', { count: failed }));
                    else toast.success(t('sync.success'));
                  },
                },
              )
            }
          />
        </div>
        <div className="min-w-0">
          {selected ? (
            <MailReader
              email={selected}
              canWrite={canWrite}
              onReply={() => setDraft(replyDraft(selected, draftTexts))}
              onForward={() => setDraft(forwardDraft(selected, draftTexts))}
              onToggleRead={() => changeRead.mutate({ id: selected.id, value: !selected.read })}
              onToggleMarked={() =>
                changeMarked.mutate({ id: selected.id, value: !selected.marked })
              }
              onDelete={async () => {
                await remove.mutateAsync(selected.id);
                toast.success(t('messages.delete_success'));
                setSelectedId(null);
              }}
              onDownload={(file) => download.mutate(file)}
              isChangingRead={changeRead.isPending}
              isChangingMarked={changeMarked.isPending}
              isDeleting={remove.isPending}
            />
          ) : (
            <EmptyState title={t('reader.none')} description={t('reader.noneHint')} />
          )}
        </div>
      </div>
      {draft && (
        <ComposeDialog
          isOpen
          onOpenChange={(open) => {
            if (open) return;
            setDraft(null);
            onComposeClose?.();
          }}
          draft={draft}
          accounts={accountList}
          onSend={(input, files) => send.mutateAsync({ input, files })}
          onSent={() => toast.success(t('messages.email_sent'))}
        />
      )}
    </div>
  );
}
