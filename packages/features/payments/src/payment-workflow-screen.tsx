import { isApiError, LICENSE_CLASSES } from '@fahrwerk/api';
import { useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  formatDate,
  formatMoney,
  Link,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  livePayToggleTarget,
  type PaymentWorkflow,
  type PaymentWorkflowStudent,
  type PaymentWorkflowStudentFilter,
  STATUS_CHANGED,
  useBranchOptions,
  useChangeAutomaticPayment,
  useToggleLivePayDebit,
  useWorkflowStudentsPage,
} from './api/payment-workflow-queries';
import { BankReturnsDialog } from './components/bank-returns-dialog';
import { RecordPaymentDialog } from './components/record-payment-dialog';
import { SepaExportDialog } from './components/sepa-export-dialog';
import { SepaExportsSection } from './components/sepa-exports-section';
import { MandateStatusBadge } from './mandate-status-badge';
import { usePaymentsTranslation } from './use-payments-translation';
import {
  INITIAL_WORKFLOW_LIST,
  isWorkflowListFiltered,
  toWorkflowFilter,
  type WorkflowListState,
} from './workflow-list-filter';

const ALL = 'all';

export type PaymentWorkflowScreenProps = {
  /**
   * The workflow of the list: CLASSIC_PAY (`/automatic-payments-classic-pay`), FLASH_PAY
   * (`/automatic-payments-flash-pay`) or LIVE_PAY (`/automatic-payments-live-pay`).
   */
  workflow: PaymentWorkflow;
  /** Opens the student (the host's student page); the names are plain text without. */
  onOpenStudent?: (studentId: number) => void;
};

type Pause = { row: PaymentWorkflowStudent; restart: boolean; key: string };

const fullName = (row: PaymentWorkflowStudent) => `${row.firstName} ${row.lastName}`;

/** The translated text of a failed write (the server's key, German first). */
function failureText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) {
    return t(
      error.globalErrors[0] ??
        error.fieldErrors[0]?.error ??
        error.body.error_message ??
        'errors.unknown',
    );
  }
  return t(
    error instanceof Error && error.message === STATUS_CHANGED ? STATUS_CHANGED : 'errors.unknown',
  );
}

/**
 * The list of one payment workflow: the educations with balance (negative red), open amount,
 * newest payment, mandate (live pay) and whether automatic payments run, paged, sorted and
 * filtered on the server. A failed debit marks the row red with the failure text. Classic
 * pay records payments; live pay pauses and restarts debits, makes the SEPA file, lists the
 * earlier files and imports the bank's returned debits. Writes need the payment write
 * rights; without them the list is read-only.
 */
export function PaymentWorkflowScreen({ workflow, onOpenStudent }: PaymentWorkflowScreenProps) {
  const toast = useToast();
  const { t } = usePaymentsTranslation();
  const canPay = useCan(
    'MODULE_AUTOMATIC_PAYMENTS',
    'MODULE_AUTOMATIC_PAYMENTS_WRITE',
    'MODULE_PAYMENT_WRITE',
  );
  const canSwitch = useCan('MODULE_CUSTOMERS', 'MODULE_CUSTOMERS_WRITE');
  const isLivePay = workflow === 'LIVE_PAY';
  const list = useServerList<
    WorkflowListState,
    PaymentWorkflowStudentFilter,
    PaymentWorkflowStudent
  >({
    initial: INITIAL_WORKFLOW_LIST,
    toFilter: (state) => toWorkflowFilter(state, workflow),
    usePage: useWorkflowStudentsPage,
  });
  const { state, update } = list;
  const branches = useBranchOptions();
  const switchAutomatic = useChangeAutomaticPayment();
  const toggleDebit = useToggleLivePayDebit();
  const [paying, setPaying] = useState<PaymentWorkflowStudent | null>(null);
  const [pause, setPause] = useState<Pause | null>(null);
  const [dialog, setDialog] = useState<'sepa' | 'bankReturns' | null>(null);
  const name = t(`workflows.${workflow}`);

  const columns = useMemo<DataTableProps<PaymentWorkflowStudent>['columns']>(
    () => [
      {
        id: 'lastName',
        accessorKey: 'lastName',
        header: t('workflow.columns.name'),
        cell: ({ row }) => {
          const student = row.original;
          return (
            <div className="flex flex-col gap-1" data-failed={student.failed ? '' : undefined}>
              {onOpenStudent ? (
                <Link
                  className="self-start font-medium"
                  onPress={() => onOpenStudent(student.studentId)}
                >
                  {fullName(student)}
                </Link>
              ) : (
                <span className="font-medium text-neutral-900">{fullName(student)}</span>
              )}
              {student.failed ? (
                <span className="text-sm font-medium text-danger-700">
                  {t('errors.direct_debit_failed')}
                </span>
              ) : null}
            </div>
          );
        },
      },
      { id: 'licenseClass', accessorKey: 'licenseClass', header: t('workflow.columns.class') },
      {
        id: 'balance',
        accessorKey: 'balance',
        header: t('workflow.columns.balance'),
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span
            className={
              row.original.balance < 0
                ? 'whitespace-nowrap font-semibold text-danger-700'
                : 'whitespace-nowrap'
            }
          >
            {formatMoney(row.original.balance)}
          </span>
        ),
      },
      {
        id: 'openAmount',
        accessorKey: 'openAmount',
        header: t('workflow.columns.open'),
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatMoney(row.original.openAmount)}</span>
        ),
      },
      {
        id: 'lastPaymentDate',
        accessorKey: 'lastPaymentDate',
        header: t('workflow.columns.lastPayment'),
        cell: ({ row }) => {
          const { lastPaymentStatus, lastPaymentDate } = row.original;
          if (!lastPaymentStatus) return t('workflow.noPayment');
          const red =
            lastPaymentStatus === 'FAILED' ||
            lastPaymentStatus === 'CANCELLED' ||
            lastPaymentStatus === 'CHARGED_BACK';
          return (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={red ? 'danger' : lastPaymentStatus === 'PAID' ? 'success' : 'neutral'}>
                {t(`studentPayments.statuses.${lastPaymentStatus}`)}
              </Badge>
              {lastPaymentDate ? formatDate(lastPaymentDate) : null}
            </span>
          );
        },
      },
      ...(isLivePay
        ? [
            {
              id: 'mandateStatus',
              header: t('workflow.columns.mandate'),
              enableSorting: false,
              cell: ({ row }: { row: { original: PaymentWorkflowStudent } }) =>
                row.original.mandateStatus ? (
                  <MandateStatusBadge status={row.original.mandateStatus} />
                ) : (
                  t('workflow.noMandate')
                ),
            },
          ]
        : []),
      {
        id: 'automaticPayment',
        header: t('workflow.columns.automatic'),
        enableSorting: false,
        cell: ({ row }) => (
          <Switch
            aria-label={t('workflow.automaticFor', { name: fullName(row.original) })}
            isSelected={row.original.automaticPayment}
            isDisabled={!canSwitch}
            onChange={(automaticPayment) =>
              switchAutomatic.mutate(
                { id: row.original.studentEducationId, automaticPayment },
                {
                  onSuccess: () =>
                    toast.success(
                      t(automaticPayment ? 'workflow.automaticOn' : 'workflow.automaticOff', {
                        name: fullName(row.original),
                      }),
                    ),
                  onError: (error) => toast.error(failureText(error, t)),
                },
              )
            }
          />
        ),
      },
      ...(canPay && workflow !== 'FLASH_PAY'
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('workflow.columns.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: PaymentWorkflowStudent } }) => {
                const student = row.original;
                const target = livePayToggleTarget(student.lastPaymentStatus);
                const items = isLivePay
                  ? target
                    ? [
                        {
                          id: target === 'OPEN' ? 'restart' : 'pause',
                          label: t(target === 'OPEN' ? 'livePay.restart' : 'livePay.pause'),
                        },
                      ]
                    : []
                  : [{ id: 'pay', label: t('recordPayment.action') }];
                if (items.length === 0) return null;
                return (
                  <ActionMenu
                    label={t('workflow.actionsFor', { name: fullName(student) })}
                    items={items}
                    onAction={(action) => {
                      if (action === 'pay') setPaying(student);
                      else
                        setPause({
                          row: student,
                          restart: action === 'restart',
                          key: crypto.randomUUID(),
                        });
                    }}
                  />
                );
              },
            },
          ]
        : []),
    ],
    [t, isLivePay, workflow, canPay, canSwitch, onOpenStudent, switchAutomatic.mutate, toast],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={name}
        description={canPay ? t(`workflow.descriptions.${workflow}`) : t('workflow.readOnly')}
        actions={
          isLivePay && canPay ? (
            <>
              <Button variant="secondary" onPress={() => setDialog('bankReturns')}>
                {t('bankReturns.action')}
              </Button>
              <Button onPress={() => setDialog('sepa')}>{t('sepa.action')}</Button>
            </>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('workflow.search')}
          placeholder={t('workflow.searchPlaceholder')}
          value={state.search}
          onChange={(search) => update({ search })}
        />
        {branches.length > 1 ? (
          <Select
            label={t('workflow.branch')}
            items={[
              { id: ALL, label: t('workflow.allBranches') },
              ...branches.map((branch) => ({ id: String(branch.id), label: branch.label })),
            ]}
            selectedKey={state.branchId === null ? ALL : String(state.branchId)}
            onSelectionChange={(key) =>
              update({ branchId: key === ALL || key === null ? null : Number(key) })
            }
          />
        ) : null}
        <Select
          label={t('workflow.class')}
          items={[
            { id: ALL, label: t('workflow.allClasses') },
            ...LICENSE_CLASSES.map((id) => ({ id, label: id })),
          ]}
          selectedKey={state.licenseClass ?? ALL}
          onSelectionChange={(key) =>
            update({
              licenseClass:
                key === ALL || key === null ? null : (key as WorkflowListState['licenseClass']),
            })
          }
        />
        <Select
          label={t('workflow.automatic')}
          items={[
            { id: ALL, label: t('workflow.automaticAll') },
            { id: 'on', label: t('workflow.automaticRunning') },
            { id: 'off', label: t('workflow.automaticPaused') },
          ]}
          selectedKey={
            state.automaticPayment === null ? ALL : state.automaticPayment ? 'on' : 'off'
          }
          onSelectionChange={(key) =>
            update({ automaticPayment: key === 'on' ? true : key === 'off' ? false : null })
          }
        />
        <Switch isSelected={state.onlyDebtors} onChange={(onlyDebtors) => update({ onlyDebtors })}>
          {t('workflow.onlyDebtors')}
        </Switch>
        <Switch isSelected={state.onlyFailed} onChange={(onlyFailed) => update({ onlyFailed })}>
          {t('workflow.onlyFailed')}
        </Switch>
        <Switch
          isSelected={state.withFinished}
          onChange={(withFinished) => update({ withFinished })}
        >
          {t('workflow.withFinished')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('workflow.table', { name })}
        className="[&_tr:has([data-failed])]:bg-danger-50"
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('workflow.listError') : undefined}
        emptyText={
          isWorkflowListFiltered(state)
            ? t('workflow.emptyFiltered')
            : t('workflow.empty', { name })
        }
        getRowId={(row) => String(row.studentEducationId)}
      />
      {isLivePay ? <SepaExportsSection /> : null}
      {paying ? (
        <RecordPaymentDialog
          key={paying.studentEducationId}
          row={paying}
          onClose={() => setPaying(null)}
          onRecorded={(amount) =>
            toast.success(t('recordPayment.done', { amount: formatMoney(amount) }))
          }
        />
      ) : null}
      <ConfirmDialog
        isOpen={pause !== null}
        onOpenChange={(open) => !open && setPause(null)}
        title={t(pause?.restart ? 'livePay.restartTitle' : 'livePay.pauseTitle', {
          name: pause ? fullName(pause.row) : '',
        })}
        confirmLabel={t(pause?.restart ? 'livePay.restart' : 'livePay.pause')}
        variant={pause?.restart ? 'default' : 'destructive'}
        onConfirm={async () => {
          if (!pause) return;
          try {
            await toggleDebit.mutateAsync({
              studentEducationId: pause.row.studentEducationId,
              target: pause.restart ? 'OPEN' : 'CANCELLED',
              idempotencyKey: pause.key,
            });
            toast.success(
              t(pause.restart ? 'livePay.restarted' : 'livePay.paused', {
                name: fullName(pause.row),
              }),
            );
            setPause(null);
          } catch (error) {
            toast.error(failureText(error, t));
            throw error;
          }
        }}
      >
        {t(pause?.restart ? 'livePay.restartText' : 'livePay.pauseText')}
      </ConfirmDialog>
      {dialog === 'sepa' ? (
        <SepaExportDialog
          onClose={() => setDialog(null)}
          onExported={(fileName) => toast.success(t('sepa.done', { fileName }))}
        />
      ) : null}
      {dialog === 'bankReturns' ? <BankReturnsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
