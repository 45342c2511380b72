import { useCan } from '@fahrwerk/core';
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
  type BroadcastTemplate,
  useBroadcastTemplateMutations,
  useBroadcastTemplates,
} from './api/broadcast-queries';
import { BroadcastTemplateFormDialog } from './components/broadcast-template-form-dialog';
import { useBroadcastsTranslation } from './use-broadcasts-translation';

/**
 * The broadcast templates (`/broadcast-templates`): a searchable list by name, create, edit
 * and delete (name, subject, text). Broadcasts written from a template keep their text.
 * Without MODULE_COMMUNICATION_WRITE it is read-only.
 */
export function BroadcastTemplatesScreen() {
  const toast = useToast();
  const { t } = useBroadcastsTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = useBroadcastTemplates(search);
  const mutations = useBroadcastTemplateMutations();
  const [editing, setEditing] = useState<BroadcastTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BroadcastTemplate | null>(null);
  const rows = query.data ?? [];

  const columns = useMemo<DataTableProps<BroadcastTemplate>['columns']>(
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
              cell: ({ row }: { row: { original: BroadcastTemplate } }) => (
                <ActionMenu
                  label={t('columns.actionsFor', { name: row.original.name })}
                  items={[
                    { id: 'edit', label: t('actions.edit') },
                    { id: 'delete', label: t('actions.delete'), isDanger: true },
                  ]}
                  onAction={(action) =>
                    action === 'edit' ? setEditing(row.original) : setDeleting(row.original)
                  }
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
        emptyText={search.trim() ? t('templates.emptyFiltered') : t('templates.empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <BroadcastTemplateFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          template={editing === 'new' ? undefined : editing}
          onSubmit={(input) =>
            mutations.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          onSaved={() => toast.success(t('messages.save_success'))}
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
          await mutations.delete.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
        }}
      >
        {deleting ? t('templates.deleteText', { name: deleting.name }) : null}
      </ConfirmDialog>
    </div>
  );
}
