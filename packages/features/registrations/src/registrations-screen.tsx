import { useCan, useServerList } from '@fahrwerk/core';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  DescriptionList,
  EmptyState,
  formatDate,
  formatDateTime,
  PageHeader,
  SearchField,
  Select,
  useToast,
} from '@fahrwerk/ui';
import { useCallback, useMemo, useState } from 'react';
import {
  type Registration,
  type RegistrationStatus,
  useChangeProcessStatus,
  useChangeReadState,
  useRegistrationMutations,
  useRegistrationPage,
  useStatusOptions,
  useUnreadCount,
} from './api/registration-queries';
import { ConvertPanel } from './components/convert-panel';
import { RegistrationLinksButton } from './components/registration-links';
import {
  INITIAL_REGISTRATION_LIST,
  type RegistrationListFilter,
  toRegistrationFilter,
} from './registration-list-filter';
import { useRegistrationsTranslation } from './use-registrations-translation';

export type RegistrationsScreenProps = {
  /** Opens a student (after converting, or a matching student); e.g. `/students/edit/{id}`. */
  onOpenStudent: (studentId: number) => void;
};

/**
 * The registration inbox (`/registration`): newest first, unread ones bold with a badge,
 * read/unread toggle, process status, matching students, conversion into a student, delete.
 * Filters are remembered per session. Without MODULE_CUSTOMERS_WRITE the inbox is read-only.
 */
export function RegistrationsScreen(props: RegistrationsScreenProps) {
  const { t } = useRegistrationsTranslation();
  // The route table opens /registration to every signed-in user; the inbox needs MODULE_CUSTOMERS.
  const canRead = useCan('MODULE_CUSTOMERS');
  if (!canRead) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('inbox.title')} actions={<RegistrationLinksButton />} />
        <EmptyState title={t('inbox.noAccessTitle')} description={t('inbox.noAccessText')} />
      </div>
    );
  }
  return <RegistrationInbox {...props} />;
}

function RegistrationInbox({ onOpenStudent }: RegistrationsScreenProps) {
  const toast = useToast();
  const { t } = useRegistrationsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const list = useServerList({
    key: 'registrations',
    initial: INITIAL_REGISTRATION_LIST,
    toFilter: toRegistrationFilter,
    usePage: useRegistrationPage,
  });
  const { state: filter, update, query: page } = list;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Registration | null>(null);

  const unread = useUnreadCount();
  const statuses = useStatusOptions();
  const changeRead = useChangeReadState();
  const changeStatus = useChangeProcessStatus();
  const remove = useRegistrationMutations().delete;

  // The server's options, labelled in the user's language; an option this package has no
  // text for keeps the server's (German) label.
  const statusLabel = useCallback(
    (id: string) =>
      t(`status.${id}`, {
        defaultValue: statuses.data?.find((option) => option.id === id)?.label ?? id,
      }),
    [t, statuses.data],
  );
  const rows = page.data?.data ?? [];
  const selected = rows.find((row) => row.id === selectedId) ?? null;

  const open = (row: Registration) => {
    setSelectedId(row.id);
    if (!row.read && canWrite) changeRead.mutate({ id: row.id, read: true });
  };

  const columns = useMemo<DataTableProps<Registration>['columns']>(
    () => [
      {
        accessorKey: 'lastName',
        header: t('inbox.columns.name'),
        cell: ({ row }) => (
          <span className={row.original.read ? 'text-neutral-800' : 'font-bold text-neutral-900'}>
            {row.original.lastName}, {row.original.firstName}
            {!row.original.read && (
              <Badge tone="brand" className="ms-2">
                {t('inbox.unreadBadge')}
              </Badge>
            )}
          </span>
        ),
      },
      {
        accessorKey: 'createdAt',
        header: t('inbox.columns.date'),
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'licenseClasses',
        header: t('inbox.columns.classes'),
        enableSorting: false,
        cell: ({ row }) => row.original.licenseClasses.join(', ') || '–',
      },
      {
        accessorKey: 'processStatus',
        header: t('inbox.columns.status'),
        cell: ({ row }) =>
          canWrite && row.original.processStatus !== 'CONVERTED' ? (
            <Select
              aria-label={t('inbox.statusFor', {
                name: `${row.original.firstName} ${row.original.lastName}`,
              })}
              items={(statuses.data ?? [])
                .filter((o) => o.id !== 'CONVERTED')
                .map((o) => ({ id: o.id, label: statusLabel(o.id) }))}
              selectedKey={row.original.processStatus}
              onSelectionChange={(key) =>
                key !== row.original.processStatus &&
                changeStatus.mutate(
                  { id: row.original.id, processStatus: key as RegistrationStatus },
                  { onSuccess: () => toast.success(t('messages.save_success')) },
                )
              }
            />
          ) : (
            <Badge tone={row.original.processStatus === 'CONVERTED' ? 'success' : 'neutral'}>
              {statusLabel(row.original.processStatus)}
            </Badge>
          ),
      },
    ],
    [t, canWrite, statuses.data, changeStatus, statusLabel, toast],
  );

  const filtered = filter.search.trim() !== '' || filter.read !== 'all' || filter.status !== 'all';

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('inbox.title')}
        description={
          unread.data !== undefined ? t('inbox.unreadCount', { count: unread.data }) : undefined
        }
        actions={<RegistrationLinksButton />}
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('inbox.search')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('inbox.readFilter')}
          items={(['all', 'unread', 'read'] as const).map((id) => ({
            id,
            label: t(`inbox.read.${id}`),
          }))}
          selectedKey={filter.read}
          onSelectionChange={(key) => update({ read: key as RegistrationListFilter['read'] })}
        />
        <Select
          label={t('inbox.statusFilter')}
          items={[
            { id: 'all', label: t('inbox.allStatuses') },
            ...(statuses.data ?? []).map((o) => ({ id: o.id, label: statusLabel(o.id) })),
          ]}
          selectedKey={filter.status}
          onSelectionChange={(key) => update({ status: key as RegistrationListFilter['status'] })}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DataTable
          aria-label={t('inbox.table')}
          columns={columns}
          {...list.table}
          error={page.isError ? t('inbox.loadError') : undefined}
          emptyText={filtered ? t('inbox.emptyFiltered') : t('inbox.empty')}
          getRowId={(row) => String(row.id)}
          onRowClick={open}
        />
        <aside aria-label={t('detail.label')}>
          {selected ? (
            <RegistrationDetail
              registration={selected}
              canWrite={canWrite}
              statusLabel={statusLabel}
              onToggleRead={() =>
                changeRead.mutate(
                  { id: selected.id, read: !selected.read },
                  {
                    onSuccess: () =>
                      toast.success(t(selected.read ? 'detail.markedUnread' : 'detail.markedRead')),
                  },
                )
              }
              onDelete={() => setDeleting(selected)}
              onOpenStudent={onOpenStudent}
            />
          ) : (
            <EmptyState title={t('detail.noneTitle')} description={t('detail.noneText')} />
          )}
        </aside>
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={t('detail.deleteTitle')}
        confirmLabel={t('detail.delete')}
        cancelLabel={t('detail.cancel')}
        variant="destructive"
        isPending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
          setDeleting(null);
          setSelectedId(null);
        }}
      >
        {deleting
          ? t('detail.deleteText', { name: `${deleting.firstName} ${deleting.lastName}` })
          : null}
      </ConfirmDialog>
    </div>
  );
}

function RegistrationDetail({
  registration: r,
  canWrite,
  statusLabel,
  onToggleRead,
  onDelete,
  onOpenStudent,
}: {
  registration: Registration;
  canWrite: boolean;
  statusLabel: (id: string) => string;
  onToggleRead: () => void;
  onDelete: () => void;
  onOpenStudent: (id: number) => void;
}) {
  const { t } = useRegistrationsTranslation();
  const address = r.address
    ? [
        [r.address.street, r.address.houseNumber].filter(Boolean).join(' '),
        [r.address.postalCode, r.address.city].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <section
      aria-labelledby="registration-detail-title"
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="registration-detail-title" className="text-lg font-semibold text-neutral-900">
          {r.salutation && r.salutation !== 'NONE' ? `${t(`salutations.${r.salutation}`)} ` : ''}
          {r.firstName} {r.lastName}
        </h2>
        <Badge tone={r.processStatus === 'CONVERTED' ? 'success' : 'neutral'}>
          {statusLabel(r.processStatus)}
        </Badge>
      </div>
      <DescriptionList
        items={[
          { label: t('fields.birthDate'), value: r.birthDate ? formatDate(r.birthDate) : '–' },
          { label: t('fields.email'), value: r.email ?? '–' },
          { label: t('fields.phone'), value: r.phone ?? '–' },
          { label: t('fields.address'), value: address || '–' },
          { label: t('fields.licenseClasses'), value: r.licenseClasses.join(', ') || '–' },
          {
            label: t('detail.source'),
            value: r.fromPublicPage ? t('detail.fromPublicPage') : t('detail.fromOffice'),
          },
          { label: t('detail.received'), value: formatDateTime(r.createdAt) },
          { label: t('fields.message'), value: r.message ?? '–' },
        ]}
      />
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={onToggleRead}>
            {r.read ? t('detail.markUnread') : t('detail.markRead')}
          </Button>
          <Button variant="destructive" onPress={onDelete}>
            {t('detail.delete')}
          </Button>
        </div>
      )}
      <ConvertPanel registration={r} canWrite={canWrite} onOpenStudent={onOpenStudent} />
    </section>
  );
}
