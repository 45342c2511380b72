import { errorToastMessage } from '@fahrwerk/api';
import {
  ActionMenu,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type EmailTemplateCategory,
  useAllEmailTemplates,
  useEmailTemplateCategoryMutations,
} from '../api/template-queries';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import { CategoryFormDialog } from './category-form-dialog';

export type CategoriesSectionProps = {
  categories: readonly EmailTemplateCategory[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  canWrite: boolean;
};

/**
 * The template groups ("Vorlagengruppen"): create by name, delete an empty one. A group that
 * still holds templates is refused by the server; its answer shows in the confirm dialog.
 */
export function CategoriesSection({
  categories,
  isLoading,
  isError,
  onRetry,
  canWrite,
}: CategoriesSectionProps) {
  const toast = useToast();
  const { t } = useMailTemplatesTranslation();
  const templates = useAllEmailTemplates();
  const mutations = useEmailTemplateCategoryMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<EmailTemplateCategory | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);

  const counts = useMemo(() => {
    const byCategory = new Map<number, number>();
    for (const template of templates.data ?? []) {
      if (template.templateCategoryId === undefined) continue;
      byCategory.set(
        template.templateCategoryId,
        (byCategory.get(template.templateCategoryId) ?? 0) + 1,
      );
    }
    return byCategory;
  }, [templates.data]);

  const columns = useMemo<DataTableProps<EmailTemplateCategory>['columns']>(
    () => [
      {
        id: 'name',
        header: t('categories.name'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.name}</span>
        ),
      },
      {
        id: 'templates',
        header: t('categories.templates'),
        cell: ({ row }) =>
          templates.data
            ? t('categories.templateCount', { count: counts.get(row.original.id) ?? 0 })
            : '–',
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('columns.actions')}</span>,
              meta: { align: 'end' as const },
              cell: ({ row }: { row: { original: EmailTemplateCategory } }) => (
                <ActionMenu
                  label={t('columns.actionsFor', { name: row.original.name })}
                  items={[{ id: 'delete', label: t('actions.delete'), isDanger: true }]}
                  onAction={() => {
                    setDeleteError(null);
                    setDeleting(row.original);
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, counts, templates.data],
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <p className="text-sm text-neutral-600">{t('categories.description')}</p>
        {canWrite && (
          <Button className="ms-auto" onPress={() => setCreating(true)}>
            {t('categories.new')}
          </Button>
        )}
      </div>
      <DataTable
        aria-label={t('categories.table')}
        columns={columns}
        data={categories.slice((page - 1) * pageSize, page * pageSize)}
        total={categories.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        isLoading={isLoading}
        error={isError ? t('categories.loadError') : undefined}
        onRetry={onRetry}
        emptyText={t('categories.empty')}
        getRowId={(row) => String(row.id)}
      />
      <CategoryFormDialog
        isOpen={creating}
        onOpenChange={setCreating}
        onSubmit={(name) => mutations.create.mutateAsync(name)}
        onSaved={() => toast.success(t('messages.save_success'))}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('categories.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await mutations.remove.mutateAsync(deleting.id);
          } catch (error) {
            setDeleteError(errorToastMessage(error, (key) => t(key)));
            throw error;
          }
          toast.success(t('messages.delete_success'));
        }}
      >
        {deleting ? t('categories.deleteText', { name: deleting.name }) : null}
        {deleteError && (
          <p role="alert" className="mt-2 text-sm text-danger-700">
            {deleteError}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
