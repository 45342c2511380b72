import { useDebounced, useServerList, useStudentPicker } from '@fahrwerk/core';
import {
  Button,
  ComboBox,
  DataTable,
  type DataTableProps,
  formatDate,
  formatMoney,
  PageHeader,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type PaymentDocument,
  type PaymentDocumentFilter,
  usePaymentDocumentsPage,
} from './api/invoice-queries';
import { DocumentStatusBadge, documentTypeLabel } from './components/document-labels';
import { DocumentPdfDialog } from './components/document-pdf-dialog';
import {
  type DocumentsHistoryState,
  INITIAL_DOCUMENTS_HISTORY,
  toDocumentsHistoryFilter,
} from './document-list-filters';
import { useInvoicesTranslation } from './use-invoices-translation';

export type DocumentsHistoryScreenProps = {
  /** The student whose history is shown; `null` or absent: every student's documents. */
  studentId?: number | null;
  /** A student was picked or the picker cleared; the host may keep it in the URL. */
  onStudentChange?: (studentId: number | null) => void;
};

/**
 * `/automatic-payments-student-documents-history`: the payment documents of one student (the
 * student picker) or of all, newest first, each with its PDF.
 */
export function DocumentsHistoryScreen({
  studentId: controlled,
  onStudentChange,
}: DocumentsHistoryScreenProps) {
  const { t } = useInvoicesTranslation();
  const [own, setOwn] = useState<number | null>(null);
  const studentId = controlled !== undefined ? controlled : own;
  const [search, setSearch] = useState('');
  const students = useStudentPicker(useDebounced(search, 250), { size: 20 });
  const [viewing, setViewing] = useState<PaymentDocument | null>(null);
  const list = useServerList<DocumentsHistoryState, PaymentDocumentFilter, PaymentDocument>({
    initial: INITIAL_DOCUMENTS_HISTORY,
    toFilter: (state) => toDocumentsHistoryFilter(state, studentId),
    usePage: usePaymentDocumentsPage,
  });
  const rows = students.data ?? [];
  const nameOf = (row: { firstName: string; lastName: string }) =>
    `${row.firstName} ${row.lastName}`;

  const choose = (id: number | null) => {
    setOwn(id);
    list.update({});
    onStudentChange?.(id);
  };

  const columns = useMemo<DataTableProps<PaymentDocument>['columns']>(
    () => [
      {
        id: 'issueDate',
        header: t('columns.issueDate'),
        cell: ({ row }) => (row.original.issueDate ? formatDate(row.original.issueDate) : '–'),
      },
      {
        id: 'number',
        header: t('columns.number'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.number ?? '–'}</span>
        ),
      },
      {
        id: 'type',
        header: t('columns.type'),
        cell: ({ row }) => documentTypeLabel(t, row.original.type),
      },
      { id: 'recipientName', header: t('columns.recipient'), accessorKey: 'recipientName' },
      {
        id: 'totalGross',
        header: t('columns.total'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.totalGross),
      },
      {
        id: 'openAmount',
        header: t('columns.open'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.openAmount),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <DocumentStatusBadge document={row.original} />,
      },
      {
        id: 'pdf',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        cell: ({ row }) => (
          <Button
            variant="quiet"
            size="sm"
            aria-label={t('history.pdfOf', {
              name: row.original.number ?? documentTypeLabel(t, row.original.type),
              date: row.original.issueDate ? formatDate(row.original.issueDate) : '',
            })}
            onPress={() => setViewing(row.original)}
          >
            {t('runs.pdf')}
          </Button>
        ),
      },
    ],
    [t],
  );

  const { sort: _sort, onSortChange: _onSortChange, ...table } = list.table;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('history.title')} description={t('history.description')} />
      <ComboBox
        label={t('history.student')}
        placeholder={t('history.allStudents')}
        className="max-w-sm"
        items={rows.map((row) => ({ id: row.id, label: nameOf(row) }))}
        selectedKey={studentId}
        onInputChange={(text) => setSearch(rows.some((row) => nameOf(row) === text) ? '' : text)}
        onSelectionChange={(key) => choose(key === null ? null : Number(key))}
      />
      <DataTable
        aria-label={t('history.table')}
        columns={columns}
        {...table}
        error={list.query.isError ? t('history.listError') : undefined}
        emptyText={studentId !== null ? t('history.emptyStudent') : t('history.empty')}
        getRowId={(row) => String(row.id)}
      />
      <DocumentPdfDialog document={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
