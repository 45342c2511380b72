import { errorToastMessage } from '@fahrwerk/api';
import {
  ActionMenu,
  type ActionMenuItem,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  formatDateTime,
  SearchField,
  Select,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type EmailTemplate,
  type EmailTemplateCategory,
  useEmailTemplateMutations,
  useEmailTemplates,
} from '../api/template-queries';
import type { EmailPlaceholder } from '../lib/placeholder-html';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import { TemplateFormDialog } from './template-form-dialog';
import { TemplatePreviewDialog } from './template-preview-dialog';

const ALL = 'all';

export type TemplatesSectionProps = {
  categories: readonly EmailTemplateCategory[];
  placeholders: readonly EmailPlaceholder[];
  canWrite: boolean;
};

/** The templates: by group, searchable; create, edit, preview, delete. */
export function TemplatesSection({ categories, placeholders, canWrite }: TemplatesSectionProps) {
  const toast = useToast();
  const { t } = useMailTemplatesTranslation();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = useEmailTemplates(categoryId);
  const mutations = useEmailTemplateMutations();
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const categoryName = useMemo(
    () => new Map(categories.map((category) => [category.id, category.name])),
    [categories],
  );
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('de');
    const all = query.data ?? [];
    if (!needle) return all;
    return all.filter((row) =>
      `${row.name} ${row.subject}`.toLocaleLowerCase('de').includes(needle),
    );
  }, [query.data, search]);

  const columns = useMemo<DataTableProps<EmailTemplate>['columns']>(() => {
    const actions: ActionMenuItem[] = [
      { id: 'preview', label: t('actions.preview') },
      ...(canWrite
        ? [
            { id: 'edit', label: t('actions.edit') },
            { id: 'delete', label: t('actions.delete'), isDanger: true },
          ]
        : []),
    ];
    return [
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.name}</span>
        ),
      },
      { id: 'subject', header: t('columns.subject'), cell: ({ row }) => row.original.subject },
      {
        id: 'category',
        header: t('columns.category'),
        cell: ({ row }) =>
          row.original.templateCategoryId === undefined
            ? '–'
            : (categoryName.get(row.original.templateCategoryId) ?? '–'),
      },
      {
        id: 'updatedAt',
        header: t('columns.updatedAt'),
        cell: ({ row }) => formatDateTime(row.original.updatedAt),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        meta: { align: 'end' as const },
        cell: ({ row }) => (
          <ActionMenu
            label={t('columns.actionsFor', { name: row.original.name })}
            items={actions}
            onAction={(action) => {
              if (action === 'preview') setPreviewing(row.original);
              else if (action === 'edit') setEditing(row.original);
              else {
                setDeleteError(null);
                setDeleting(row.original);
              }
            }}
          />
        ),
      },
    ];
  }, [t, canWrite, categoryName]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={t('templates.filterCategory')}
          className="w-56"
          items={[
            { id: ALL, label: t('templates.allCategories') },
            ...categories.map((category) => ({ id: category.id, label: category.name })),
          ]}
          selectedKey={categoryId ?? ALL}
          onSelectionChange={(key) => {
            setCategoryId(key === ALL || key === null ? null : Number(key));
            setPage(1);
          }}
        />
        <SearchField
          label={t('templates.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {canWrite && (
          <Button className="ms-auto" onPress={() => setEditing('new')}>
            {t('templates.new')}
          </Button>
        )}
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
        emptyText={
          search.trim() || categoryId !== null ? t('templates.emptyFiltered') : t('templates.empty')
        }
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <TemplateFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          template={editing === 'new' ? undefined : editing}
          categories={categories}
          defaultCategoryId={categoryId}
          placeholders={placeholders}
          onSubmit={(input) =>
            mutations.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      <TemplatePreviewDialog
        template={previewing}
        placeholders={placeholders}
        onClose={() => setPreviewing(null)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('templates.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await mutations.delete.mutateAsync(deleting.id);
          } catch (error) {
            setDeleteError(errorToastMessage(error, (key) => t(key)));
            throw error;
          }
          toast.success(t('messages.delete_success'));
        }}
      >
        {deleting ? t('templates.deleteText', { name: deleting.name }) : null}
        {deleteError && (
          <p role="alert" className="mt-2 text-sm text-danger-700">
            {deleteError}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
