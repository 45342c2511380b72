import { useCan } from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  Button,
  DataTable,
  type DataTableProps,
  formatDate,
  formatMoney,
  Section,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Payment,
  type PaymentStatus,
  useCreatePayment,
  useEducationsOf,
  usePaymentsPage,
} from './api/mandate-queries';
import type { MandateEducation } from './mandate-education';
import { StudentPaymentsCreateDialog } from './student-payments-create-dialog';
import { newIdempotencyKey } from './student-payments-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type StudentPaymentsPanelProps = {
  /** The student whose payments are listed (`POST /payments/filter` with `studentId`). */
  studentId: number;
  /** Only this education's payments; also preselected in "Zahlung erfassen". */
  studentEducationId?: number;
  /** The educations offered in "Zahlung erfassen"; loaded when absent. */
  educations?: readonly MandateEducation[];
  /** "Zahlung erfassen" opens the host's own form instead of this panel's dialog. */
  onRecordPayment?: () => void;
};

const PAGE_SIZE_OPTIONS = [10, 25, 50] as const;

const STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  OPEN: 'neutral',
  PENDING: 'brand',
  PAID: 'success',
  PARTIALLY_PAID: 'warning',
  FAILED: 'danger',
  CANCELLED: 'neutral',
  CHARGED_BACK: 'danger',
  REFUNDED: 'neutral',
};

/** A debit the bank did not pay: the live-pay failures of spec 001 §4 that turn the education red. */
export function isFailedDebit(payment: Pick<Payment, 'method' | 'status'>): boolean {
  return (
    payment.method === 'DIRECT_DEBIT' &&
    (payment.status === 'FAILED' || payment.status === 'CHARGED_BACK')
  );
}

/**
 * The student's payments, newest first: date, amount, method, status and reference; a
 * failed or charged-back debit says so in red with the bank's reason and the return fee.
 * "Zahlung erfassen" records a transfer, cash or card payment (write permission), sent
 * with one `Idempotency-Key` per dialog so a retry after a lost answer records it once.
 */
export function StudentPaymentsPanel({
  studentId,
  studentEducationId,
  educations: givenEducations,
  onRecordPayment,
}: StudentPaymentsPanelProps) {
  const toast = useToast();
  const { t } = usePaymentsTranslation();
  const canWrite = useCan(
    'MODULE_AUTOMATIC_PAYMENTS',
    'MODULE_AUTOMATIC_PAYMENTS_WRITE',
    'MODULE_PAYMENT_WRITE',
  );
  const canReadEducations = useCan('MODULE_CUSTOMERS');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const payments = usePaymentsPage({
    studentId,
    ...(studentEducationId !== undefined ? { studentEducationId } : {}),
    page: page - 1,
    size: pageSize,
    archived: false,
    sort: [
      { field: 'paymentDate', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ],
  });
  const loadedEducations = useEducationsOf(
    studentId,
    givenEducations === undefined && canReadEducations && canWrite && !onRecordPayment,
  );
  const educations =
    givenEducations ?? (loadedEducations.data ?? []).filter((row) => !row.archived);
  const create = useCreatePayment();
  /** The open dialog's key; a new one each time the dialog opens. */
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  const failureReason = (payment: Payment) => {
    if (!payment.failureReason) return null;
    const reason = payment.failureReason;
    const translated = reason.includes('.') ? t(reason) : reason;
    return t('studentPayments.failureReason', { reason: translated });
  };

  const columns: DataTableProps<Payment>['columns'] = [
    {
      id: 'paymentDate',
      header: t('studentPayments.columns.date'),
      cell: ({ row }) => formatDate(row.original.paymentDate),
    },
    {
      id: 'amount',
      header: t('studentPayments.columns.amount'),
      meta: { align: 'end' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.amount)}</span>
      ),
    },
    {
      id: 'method',
      header: t('studentPayments.columns.method'),
      cell: ({ row }) => t(`studentPayments.methods.${row.original.method}`),
    },
    {
      id: 'status',
      header: t('studentPayments.columns.status'),
      cell: ({ row }) => (
        <Badge tone={STATUS_TONES[row.original.status]}>
          {t(`studentPayments.statuses.${row.original.status}`)}
        </Badge>
      ),
    },
    {
      id: 'reference',
      header: t('studentPayments.columns.reference'),
      cell: ({ row }) => {
        const payment = row.original;
        return (
          <div className="flex flex-col gap-0.5">
            <span>{payment.reference || '–'}</span>
            {isFailedDebit(payment) && (
              <span className="text-sm text-danger-700">
                {t('errors.direct_debit_failed')}
                {failureReason(payment) && <> {failureReason(payment)}</>}
                {payment.bankFee !== undefined && payment.bankFee > 0 && (
                  <> {t('studentPayments.bankFee', { amount: formatMoney(payment.bankFee) })}</>
                )}
              </span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <Section
      title={t('studentPayments.title')}
      actions={
        canWrite && (
          <Button
            onPress={() => {
              if (onRecordPayment) onRecordPayment();
              else setIdempotencyKey(newIdempotencyKey());
            }}
          >
            {t('studentPayments.create.action')}
          </Button>
        )
      }
    >
      <DataTable
        aria-label={t('studentPayments.title')}
        columns={columns}
        data={payments.data?.data ?? []}
        total={payments.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        isLoading={payments.isFetching}
        error={payments.isError ? t('studentPayments.loadError') : undefined}
        onRetry={() => void payments.refetch()}
        emptyText={t('studentPayments.empty')}
        getRowId={(row) => String(row.id)}
      />
      <StudentPaymentsCreateDialog
        isOpen={idempotencyKey !== null}
        onOpenChange={(open) => !open && setIdempotencyKey(null)}
        studentId={studentId}
        educations={educations}
        studentEducationId={studentEducationId}
        today={toIsoDate(new Date())}
        onSubmit={async (input) => {
          const payment = await create.mutateAsync({
            body: input,
            idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
          });
          toast.success(t('studentPayments.create.done', { amount: formatMoney(payment.amount) }));
        }}
      />
    </Section>
  );
}
