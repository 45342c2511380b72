import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert, useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  formatDateTime,
  PageHeader,
  SearchField,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type MessageTemplate,
  useMessageTemplateMutations,
  useMessageTemplates,
} from './api/messaging-queries';
import { MessageTemplateFormDialog } from './components/message-template-form-dialog';
import { useMessagingTranslation } from './use-messaging-translation';

/**
 * The message templates (`/message-templates`): a searchable, paged list by name; create,
 * edit and delete (name, subject, plain text with placeholders). A template an automatic
 * message uses cannot be deleted: the confirmation says so and stays open. Without
 * MODULE_COMMUNICATION_WRITE it is read-only.
 */
export function MessageTemplatesScreen() {
  const toast = useToast();
  const { t } = useMessagingTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = useMessageTemplates();
  const mutations = useMessageTemplateMutations();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const needle = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter(
    (row) => !needle || `${row.name} ${row.subject}`.toLowerCase().includes(needle),
  );

  const columns = useMemo<DataTableProps<MessageTemplate>['columns']>(
    () => [
      {
        id: 'name',
        header: t('templates.columnName'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.name}</span>
        ),
      },
      {
        id: 'subject',
        header: t('templates.columnSubject'),
        cell: ({ row }) => row.original.subject,
      },
      {
        id: 'updatedAt',
        header: t('templates.columnUpdated'),
        cell: ({ row }) => formatDateTime(row.original.updatedAt),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('columns.actions')}</span>,
              meta: { align: 'end' as const },
              cell: ({ row }: { row: { original: MessageTemplate } }) => (
                <ActionMenu
                  label={t('columns.actionsFor', { name: row.original.name })}
                  items={[
                    { id: 'edit', label: t('actions.edit') },
                    { id: 'delete', label: t('actions.delete'), isDanger: true },
                  ]}
                  onAction={(action) => {
                    if (action === 'edit') {
                      setEditing(row.original);
                    } else {
                      setDeleteError(null);
                      setDeleting(row.original);
                    }
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('templates.title')}
        description={canWrite ? t('templates.description') : t('templates.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing('new')}>{t('templates.new')}</Button> : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('templates.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        aria-label={t('templates.table')}
        columns={columns}
        data={rows.slice((page - 1) * pageSize, page * pageSize)}
        total={rows.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        isLoading={query.isFetching}
        error={query.isError ? t('templates.loadError') : undefined}
        onRetry={() => void query.refetch()}
        emptyText={needle ? t('templates.emptyFiltered') : t('templates.empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <MessageTemplateFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          template={editing === 'new' ? undefined : editing}
          onSubmit={(input) =>
            mutations.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          onSaved={() => toast.success(t('templates.saved'))}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('templates.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          setDeleteError(null);
          try {
            await mutations.delete.mutateAsync(deleting.id);
          } catch (error) {
            setDeleteError(errorToastMessage(error, (key) => t(key)));
            throw error;
          }
          toast.success(t('templates.deleted'));
        }}
      >
        {deleting ? (
          <div className="flex flex-col gap-3">
            <p>{t('templates.deleteText', { name: deleting.name })}</p>
            {deleteError && <FormAlert>{deleteError}</FormAlert>}
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
