import { downloadErrorMessage, errorToastMessage, saveBlob } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  type ActionMenuItem,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  formatDate,
  formatMoney,
  Section,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useState } from 'react';
import { type PaymentDocument, useDocumentFiles } from './api/form-queries';
import {
  useCancelDocument,
  useChangeVisibility,
  useDeleteDocument,
  usePaymentDocumentsPage,
} from './api/invoice-queries';
import { DocumentPreview, type PreviewRequest } from './components/document-preview';
import { DocumentStatusBadge } from './components/document-summary';
import { useInvoicesTranslation } from './use-invoices-translation';

export type DocumentsPanelProps = {
  /** The student record's "Rechnungen" tab: the student's documents, with the visibility switch. */
  studentId?: number;
  /** The cost bearer record: the documents addressed to the cost bearer, with their e-invoices. */
  costBearerId?: number;
  /** "Neue Zahlungsaufforderung": the host opens the form (e.g. `/payment-request?studentId=…`); no button without. */
  onNewPaymentRequest?: () => void;
  /** A draft's "Bearbeiten": the host opens the form with `documentId`; no action without. */
  onEditDraft?: (document: PaymentDocument) => void;
  /** Extra content in the section's heading (e.g. a link to the cost bearer's services). */
  actions?: ReactNode;
};

const PAGE_SIZE_OPTIONS = [10, 25, 50] as const;

/** Issued invoices can be cancelled: not payment requests, not cancellations, not cancelled twice. */
export function isCancellable(document: PaymentDocument): boolean {
  return (
    document.status !== 'DRAFT' &&
    document.status !== 'CANCELLED' &&
    document.cancelledByDocumentId === undefined &&
    document.type !== 'PAYMENT_REQUEST' &&
    document.type !== 'CANCELLATION_INVOICE'
  );
}

/** Only payment requests (and drafts, which have no number yet) can be deleted (spec 001 §5). */
export function isDeletable(document: PaymentDocument): boolean {
  return (
    document.status === 'DRAFT' ||
    (document.type === 'PAYMENT_REQUEST' && document.paidAmount === 0)
  );
}

/**
 * The payment documents of a student or a cost bearer, newest first: kind, number, date,
 * total, open amount and status; the PDF in the download dialog, the e-invoice, the student's
 * visibility switch, cancelling one invoice at a time and deleting a payment request, each
 * after a confirmation.
 */
export function DocumentsPanel({
  studentId,
  costBearerId,
  onNewPaymentRequest,
  onEditDraft,
  actions,
}: DocumentsPanelProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const canWrite = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE');
  const canCancel = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE', 'MODULE_PAYMENT_WRITE');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const documents = usePaymentDocumentsPage(
    {
      page: page - 1,
      size: pageSize,
      archived: false,
      sort: [
        { field: 'issueDate', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
      ...(studentId !== undefined ? { studentId } : {}),
      ...(costBearerId !== undefined ? { costBearerId } : {}),
    },
    { silent: true },
  );
  const files = useDocumentFiles();
  const visibility = useChangeVisibility({ silent: true });
  const cancel = useCancelDocument({ silent: true });
  const remove = useDeleteDocument({ silent: true });
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const [cancelling, setCancelling] = useState<PaymentDocument | null>(null);
  const [deleting, setDeleting] = useState<PaymentDocument | null>(null);
  const forStudent = costBearerId === undefined;

  const nameOf = (document: PaymentDocument) =>
    document.number
      ? `${t(`forms.types.${document.type}`)} ${document.number}`
      : t(`forms.types.${document.type}`);
  const failed = (error: unknown) => {
    const text = errorToastMessage(error, t);
    if (text) toast.error(text);
  };
  const downloadFailed = (error: unknown) => {
    const text = downloadErrorMessage(error, t);
    if (text) toast.error(text);
  };

  const openPdf = (document: PaymentDocument) =>
    setPreview({
      key: ['payment-document-pdf', document.id, document.updatedAt],
      title: nameOf(document),
      load: (removeLetterhead) => files.pdf(document, removeLetterhead),
      allowRemoveLetterhead: true,
    });

  const downloadEInvoice = async (document: PaymentDocument) => {
    try {
      const file = await files.eInvoice(document);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      downloadFailed(error);
    }
  };

  const rowActions = (document: PaymentDocument): ActionMenuItem[] => [
    { id: 'pdf', label: t('documentsPanel.showPdf') },
    ...(!forStudent && document.eInvoiceFormat !== 'PDF' && document.status !== 'DRAFT'
      ? [{ id: 'e-invoice', label: t(`documentsPanel.eInvoice.${document.eInvoiceFormat}`) }]
      : []),
    ...(document.status === 'DRAFT' && onEditDraft
      ? [{ id: 'edit', label: t('documentsPanel.editDraft') }]
      : []),
    ...(canCancel && isCancellable(document)
      ? [{ id: 'cancel', label: t('documentsPanel.cancel'), isDanger: true }]
      : []),
    ...(canWrite && isDeletable(document)
      ? [{ id: 'delete', label: t('documentsPanel.delete'), isDanger: true }]
      : []),
  ];

  const columns: DataTableProps<PaymentDocument>['columns'] = [
    {
      id: 'type',
      header: t('documentsPanel.columns.type'),
      cell: ({ row }) => t(`forms.types.${row.original.type}`),
    },
    {
      id: 'number',
      header: t('documentsPanel.columns.number'),
      cell: ({ row }) =>
        row.original.number ?? (
          <span className="text-neutral-600">
            {t(
              row.original.status === 'DRAFT'
                ? 'documentsPanel.noNumberDraft'
                : 'documentsPanel.noNumber',
            )}
          </span>
        ),
    },
    {
      id: 'issueDate',
      header: t('documentsPanel.columns.date'),
      cell: ({ row }) => (row.original.issueDate ? formatDate(row.original.issueDate) : '–'),
    },
    {
      id: 'totalGross',
      header: t('documentsPanel.columns.total'),
      meta: { align: 'end' },
      cell: ({ row }) => formatMoney(row.original.totalGross),
    },
    {
      id: 'openAmount',
      header: t('documentsPanel.columns.open'),
      meta: { align: 'end' },
      cell: ({ row }) => formatMoney(row.original.openAmount),
    },
    {
      id: 'status',
      header: t('documentsPanel.columns.status'),
      cell: ({ row }) => <DocumentStatusBadge status={row.original.status} />,
    },
    ...(forStudent
      ? [
          {
            id: 'visible',
            header: t('documentsPanel.columns.visible'),
            cell: ({ row }: { row: { original: PaymentDocument } }) => (
              <Switch
                aria-label={t('documentsPanel.visibleFor', { name: nameOf(row.original) })}
                isSelected={row.original.visible}
                isDisabled={!canWrite || visibility.isPending}
                onChange={(visible) =>
                  visibility.mutate(
                    { id: row.original.id, visible },
                    {
                      onSuccess: () => toast.success(t('messages.save_success')),
                      onError: failed,
                    },
                  )
                }
              />
            ),
          },
        ]
      : []),
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('documentsPanel.columns.actions')}</span>,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <ActionMenu
          label={t('documentsPanel.actionsFor', { name: nameOf(row.original) })}
          items={rowActions(row.original)}
          onAction={(action) => {
            if (action === 'pdf') openPdf(row.original);
            else if (action === 'e-invoice') void downloadEInvoice(row.original);
            else if (action === 'edit') onEditDraft?.(row.original);
            else if (action === 'cancel') setCancelling(row.original);
            else if (action === 'delete') setDeleting(row.original);
          }}
        />
      ),
    },
  ];

  return (
    <Section
      title={t('documentsPanel.title')}
      actions={
        <>
          {actions}
          {onNewPaymentRequest && canWrite && (
            <Button onPress={onNewPaymentRequest}>{t('documentsPanel.newPaymentRequest')}</Button>
          )}
        </>
      }
    >
      <DataTable
        aria-label={t('documentsPanel.title')}
        columns={columns}
        data={documents.data?.data ?? []}
        total={documents.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        isLoading={documents.isFetching}
        error={documents.isError ? t('documentsPanel.loadError') : undefined}
        onRetry={() => void documents.refetch()}
        emptyText={t(forStudent ? 'documentsPanel.emptyStudent' : 'documentsPanel.emptyCostBearer')}
        getRowId={(row) => String(row.id)}
      />
      <DocumentPreview request={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        isOpen={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        variant="destructive"
        title={cancelling ? t('documentsPanel.cancelTitle', { name: nameOf(cancelling) }) : ''}
        confirmLabel={t('documentsPanel.cancel')}
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            const cancellation = await cancel.mutateAsync(cancelling.id);
            toast.success(
              t('documentsPanel.cancelled', {
                name: nameOf(cancelling),
                number: cancellation.number ?? '',
              }),
            );
          } catch (error) {
            failed(error);
            throw error;
          }
        }}
      >
        {t('documentsPanel.cancelText')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="destructive"
        title={deleting ? t('documentsPanel.deleteTitle', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('documentsPanel.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('messages.delete_success'));
          } catch (error) {
            failed(error);
            throw error;
          }
        }}
      >
        {t('documentsPanel.deleteText')}
      </ConfirmDialog>
    </Section>
  );
}
