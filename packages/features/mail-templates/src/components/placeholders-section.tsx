import { DataTable, type DataTableProps } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { type EmailPlaceholder, placeholderToken } from '../lib/placeholder-html';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';

export type PlaceholdersSectionProps = {
  placeholders: readonly EmailPlaceholder[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
};

/** The placeholders a template may use: how to write them, what they mean, an example. */
export function PlaceholdersSection({
  placeholders,
  isLoading,
  isError,
  onRetry,
}: PlaceholdersSectionProps) {
  const { t } = useMailTemplatesTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const columns = useMemo<DataTableProps<EmailPlaceholder>['columns']>(
    () => [
      {
        id: 'key',
        header: t('placeholders.key'),
        cell: ({ row }) => (
          <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-900">
            {placeholderToken(row.original.key)}
          </code>
        ),
      },
      {
        id: 'description',
        header: t('placeholders.description'),
        cell: ({ row }) => row.original.description,
      },
      { id: 'example', header: t('placeholders.example'), cell: ({ row }) => row.original.example },
    ],
    [t],
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">
        {t('placeholders.intro', { example: placeholderToken('student.firstName') })}
      </p>
      <DataTable
        aria-label={t('placeholders.table')}
        columns={columns}
        data={placeholders.slice((page - 1) * pageSize, page * pageSize)}
        total={placeholders.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        isLoading={isLoading}
        error={isError ? t('placeholders.loadError') : undefined}
        onRetry={onRetry}
        emptyText={t('placeholders.empty')}
        getRowId={(row) => row.key}
      />
    </div>
  );
}
