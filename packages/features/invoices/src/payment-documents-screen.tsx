import { downloadErrorMessage, E_INVOICE_FORMATS } from '@fahrwerk/api';
import { useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Button,
  Checkbox,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  DateField,
  formatDate,
  formatMoney,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import {
  type PaymentDocument,
  type PaymentDocumentFilter,
  type PaymentDocumentStatus,
  type PaymentDocumentType,
  useCancelDocument,
  useChangeVisibility,
  useDeleteDocument,
  useDownloadEInvoice,
  usePaymentDocumentsPage,
} from './api/invoice-queries';
import { DocumentStatusBadge, documentTypeLabel } from './components/document-labels';
import { DocumentPdfDialog } from './components/document-pdf-dialog';
import { SendDocumentEmailDialog } from './components/send-document-email-dialog';
import {
  INITIAL_PAYMENT_DOCUMENTS_LIST,
  isDocumentListFiltered,
  type PaymentDocumentsListState,
  toPaymentDocumentFilter,
} from './document-list-filters';
import { useInvoicesTranslation } from './use-invoices-translation';

const ALL = 'all';

export const PAYMENT_DOCUMENT_TYPES: PaymentDocumentType[] = [
  'PAYMENT_REQUEST',
  'PARTIAL_INVOICE',
  'DEPOSIT_INVOICE',
  'FINAL_INVOICE',
  'CANCELLATION_INVOICE',
  'COST_BEARER_INVOICE',
  'COST_BEARER_SERVICE_INVOICE',
];

export const PAYMENT_DOCUMENT_STATUSES: PaymentDocumentStatus[] = [
  'DRAFT',
  'ISSUED',
  'PARTIALLY_PAID',
  'PAID',
  'CANCELLED',
];

/** Issued invoices that a cancellation invoice can cancel (the server has the last word). */
function isCancellable(document: PaymentDocument): boolean {
  return (
    document.type !== 'PAYMENT_REQUEST' &&
    document.type !== 'CANCELLATION_INVOICE' &&
    document.status !== 'DRAFT' &&
    document.status !== 'CANCELLED'
  );
}

function hasEInvoice(document: PaymentDocument): boolean {
  return (
    document.status !== 'DRAFT' &&
    E_INVOICE_FORMATS.includes(document.eInvoiceFormat) &&
    document.eInvoiceFormat !== 'PDF'
  );
}

/** The number, or for a payment request (no number) its kind and recipient. */
function describeDocument(t: TFunction, document: PaymentDocument): string {
  return document.number ?? `${documentTypeLabel(t, document.type)} ${document.recipientName}`;
}

export type PaymentDocumentsScreenProps = {
  /** The signed-in user: documents are e-mailed from their mail accounts. */
  userId: number;
  /** Only this student's documents (the invoices tab of the student). */
  studentId?: number;
  /** Only this cost bearer's documents (the invoices tab of the cost bearer). */
  costBearerId?: number;
  /** "Schlussrechnungen erstellen": the host opens the invoice wizard; no button without. */
  onCreateFinalInvoices?: () => void;
};

type Pending = { kind: 'cancel' | 'delete'; document: PaymentDocument } | null;

/**
 * `/automatic-payments-payment-documents`: the payment documents, server-paged and filtered
 * (search, type, status, issue date, overdue; remembered per browser), with the PDF (with or
 * without letterhead), the e-invoice, cancelling one invoice, deleting one payment request,
 * the visibility in the learning app and sending by e-mail.
 */
export function PaymentDocumentsScreen({
  userId,
  studentId,
  costBearerId,
  onCreateFinalInvoices,
}: PaymentDocumentsScreenProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const canWrite = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE');
  const canCancel = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE', 'MODULE_PAYMENT_WRITE');
  const canMail = useCan('MODULE_COMMUNICATION');
  const canEInvoice = useCan('MODULE_COST_BEARERS');
  const owner = useMemo(
    () => ({
      ...(studentId !== undefined ? { studentId } : {}),
      ...(costBearerId !== undefined ? { costBearerId } : {}),
    }),
    [studentId, costBearerId],
  );
  const embedded = studentId !== undefined || costBearerId !== undefined;
  const list = useServerList<PaymentDocumentsListState, PaymentDocumentFilter, PaymentDocument>({
    // An embedded list (a student's tab) does not overwrite the list's remembered filter.
    ...(embedded ? {} : { key: 'paymentDocument' as const }),
    initial: INITIAL_PAYMENT_DOCUMENTS_LIST,
    toFilter: (state) => toPaymentDocumentFilter(state, owner),
    usePage: usePaymentDocumentsPage,
  });
  const filter = list.state;
  const { update } = list;
  const [selected, setSelected] = useState<Map<number, PaymentDocument>>(new Map());
  const [viewing, setViewing] = useState<PaymentDocument | null>(null);
  const [mailing, setMailing] = useState<PaymentDocument | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const cancel = useCancelDocument();
  const remove = useDeleteDocument();
  const visibility = useChangeVisibility();
  const eInvoice = useDownloadEInvoice();

  const toggle = useCallback(
    (document: PaymentDocument, isSelected: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (isSelected) next.set(document.id, document);
        else next.delete(document.id);
        return next;
      }),
    [],
  );

  const startCancel = () => {
    const chosen = [...selected.values()];
    if (chosen.length !== 1) {
      toast.error(t('documents.onlyOneCancel'));
      return;
    }
    const document = chosen[0] as PaymentDocument;
    if (!isCancellable(document)) {
      toast.error(t('errors.document_not_cancellable'));
      return;
    }
    setPending({ kind: 'cancel', document });
  };

  const startDelete = () => {
    const chosen = [...selected.values()];
    if (chosen.length !== 1) {
      toast.error(t('documents.onlyOneDelete'));
      return;
    }
    const document = chosen[0] as PaymentDocument;
    if (document.type !== 'PAYMENT_REQUEST') {
      toast.error(t('errors.only_payment_requests_deletable'));
      return;
    }
    setPending({ kind: 'delete', document });
  };

  const columns = useMemo<DataTableProps<PaymentDocument>['columns']>(
    () => [
      ...(canWrite
        ? [
            {
              id: 'select',
              header: () => <span className="sr-only">{t('columns.select')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: PaymentDocument } }) => (
                <Checkbox
                  aria-label={t('documents.selectOne', { name: describeDocument(t, row.original) })}
                  isSelected={selected.has(row.original.id)}
                  onChange={(isSelected) => toggle(row.original, isSelected)}
                />
              ),
            },
          ]
        : []),
      {
        id: 'number',
        accessorKey: 'number',
        header: t('columns.number'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.number ?? '–'}</span>
        ),
      },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('columns.type'),
        cell: ({ row }) => documentTypeLabel(t, row.original.type),
      },
      { id: 'recipientName', accessorKey: 'recipientName', header: t('columns.recipient') },
      {
        id: 'issueDate',
        accessorKey: 'issueDate',
        header: t('columns.issueDate'),
        cell: ({ row }) => (row.original.issueDate ? formatDate(row.original.issueDate) : '–'),
      },
      {
        id: 'dueDate',
        accessorKey: 'dueDate',
        header: t('columns.dueDate'),
        cell: ({ row }) => (row.original.dueDate ? formatDate(row.original.dueDate) : '–'),
      },
      {
        id: 'totalGross',
        accessorKey: 'totalGross',
        header: t('columns.total'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.totalGross),
      },
      {
        id: 'openAmount',
        accessorKey: 'openAmount',
        header: t('columns.open'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.openAmount),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <DocumentStatusBadge document={row.original} />,
      },
      {
        id: 'visible',
        header: t('columns.visible'),
        enableSorting: false,
        cell: ({ row }) => (
          <Switch
            aria-label={t('documents.visibleFor', { name: describeDocument(t, row.original) })}
            isSelected={row.original.visible}
            isDisabled={!canWrite}
            onChange={(visible) => visibility.mutate({ id: row.original.id, visible })}
          />
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const document = row.original;
          const items = [
            { id: 'pdf', label: t('documents.actions.pdf') },
            ...(canEInvoice && hasEInvoice(document)
              ? [{ id: 'eInvoice', label: t('documents.actions.eInvoice') }]
              : []),
            ...(canMail && document.status !== 'DRAFT'
              ? [{ id: 'email', label: t('documents.actions.email') }]
              : []),
          ];
          return (
            <ActionMenu
              label={t('documents.actionsFor', { name: describeDocument(t, document) })}
              items={items}
              onAction={(action) => {
                if (action === 'pdf') setViewing(document);
                else if (action === 'email') setMailing(document);
                else
                  eInvoice.mutate(document, {
                    onError: (error) => {
                      const text = downloadErrorMessage(error, t);
                      if (text) toast.error(text);
                    },
                  });
              }}
            />
          );
        },
      },
    ],
    [
      t,
      canWrite,
      canMail,
      canEInvoice,
      selected,
      toggle,
      visibility.mutate,
      eInvoice.mutate,
      toast,
    ],
  );

  const describe = (document: PaymentDocument) => describeDocument(t, document);

  const chosen = [...selected.values()];
  const target = pending?.document;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('documents.title')}
        description={canWrite ? t('documents.description') : t('documents.readOnly')}
        actions={
          canWrite ? (
            <>
              <span className="text-sm text-neutral-700" aria-live="polite">
                {t('documents.selected', { count: chosen.length })}
              </span>
              <Button
                variant="secondary"
                isDisabled={chosen.length === 0 || !canCancel}
                onPress={startCancel}
              >
                {t('documents.cancel')}
              </Button>
              <Button variant="secondary" isDisabled={chosen.length === 0} onPress={startDelete}>
                {t('documents.delete')}
              </Button>
              {onCreateFinalInvoices ? (
                <Button onPress={onCreateFinalInvoices}>
                  {t('documents.createFinalInvoices')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('documents.search')}
          placeholder={t('documents.searchPlaceholder')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('documents.type')}
          items={[
            { id: ALL, label: t('documents.allTypes') },
            ...PAYMENT_DOCUMENT_TYPES.map((id) => ({ id, label: documentTypeLabel(t, id) })),
          ]}
          selectedKey={filter.type ?? ALL}
          onSelectionChange={(key) =>
            update({ type: key === ALL ? null : (key as PaymentDocumentType) })
          }
        />
        <Select
          label={t('documents.status')}
          items={[
            { id: ALL, label: t('documents.allStatuses') },
            ...PAYMENT_DOCUMENT_STATUSES.map((id) => ({ id, label: t(`documentStatuses.${id}`) })),
          ]}
          selectedKey={filter.status ?? ALL}
          onSelectionChange={(key) =>
            update({ status: key === ALL ? null : (key as PaymentDocumentStatus) })
          }
        />
        <DateField
          label={t('documents.from')}
          value={filter.issueDateFrom}
          onChange={(issueDateFrom) => update({ issueDateFrom })}
        />
        <DateField
          label={t('documents.to')}
          value={filter.issueDateTo}
          onChange={(issueDateTo) => update({ issueDateTo })}
        />
        <Switch isSelected={filter.overdue} onChange={(overdue) => update({ overdue })}>
          {t('documents.overdue')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('documents.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('documents.listError') : undefined}
        emptyText={
          isDocumentListFiltered(filter) ? t('documents.emptyFiltered') : t('documents.empty')
        }
        getRowId={(row) => String(row.id)}
      />
      <DocumentPdfDialog document={viewing} onClose={() => setViewing(null)} />
      <SendDocumentEmailDialog
        document={mailing}
        userId={userId}
        onClose={() => setMailing(null)}
      />
      <ConfirmDialog
        isOpen={pending?.kind === 'cancel'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('documents.cancelTitle', { name: target ? describe(target) : '' })}
        confirmLabel={t('documents.cancelConfirm')}
        variant="destructive"
        onConfirm={async () => {
          if (!target) return;
          const cancellation = await cancel.mutateAsync(target.id);
          toast.success(t('documents.cancelled', { number: cancellation.number ?? '' }));
          setSelected(new Map());
          setPending(null);
        }}
      >
        {t('documents.cancelText')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.delete')}
        variant="destructive"
        onConfirm={async () => {
          if (!target) return;
          await remove.mutateAsync(target.id);
          toast.success(t('messages.delete_success'));
          setSelected(new Map());
          setPending(null);
        }}
      >
        {t('documents.deleteText', { name: target?.recipientName ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
