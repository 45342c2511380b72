import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  PageHeader,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type AutomaticPaymentTrigger,
  useAutomaticPaymentTriggers,
  useProducts,
  useTriggerMutations,
} from './api/payment-workflow-queries';
import { TriggerFormDialog } from './components/trigger-form-dialog';
import { usePaymentsTranslation } from './use-payments-translation';

export type AutomaticPaymentTriggersScreenProps = {
  /** "Zurück" (to the overview); no button without. */
  onBack?: () => void;
};

type Editing = { trigger?: AutomaticPaymentTrigger } | null;

const PAGE_SIZE = 25;

/**
 * `/automatic-payment-triggers`: the automatic service bundles — which event in which
 * workflows and classes bills which products as a payment request or partial invoice — with
 * create, edit and delete (after a confirmation). Read-only without the write right.
 */
export function AutomaticPaymentTriggersScreen({ onBack }: AutomaticPaymentTriggersScreenProps) {
  const toast = useToast();
  const { t } = usePaymentsTranslation();
  const canWrite = useCan('MODULE_AUTOMATIC_PAYMENTS', 'MODULE_AUTOMATIC_PAYMENTS_WRITE');
  const triggers = useAutomaticPaymentTriggers();
  const products = useProducts();
  const mutations = useTriggerMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AutomaticPaymentTrigger | null>(null);
  const [page, setPage] = useState(1);
  const productNames = useMemo(
    () => new Map((products.data ?? []).map((product) => [product.id, product.name])),
    [products.data],
  );

  const columns = useMemo<DataTableProps<AutomaticPaymentTrigger>['columns']>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('triggers.columns.name'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.name}</span>
        ),
      },
      {
        id: 'active',
        header: t('triggers.columns.active'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? (
            <Badge tone="success">{t('triggers.active')}</Badge>
          ) : (
            <Badge>{t('triggers.inactive')}</Badge>
          ),
      },
      {
        id: 'event',
        header: t('triggers.columns.event'),
        enableSorting: false,
        cell: ({ row }) => {
          const trigger = row.original;
          const details = [
            trigger.examKind ? t(`examKinds.${trigger.examKind}`) : null,
            trigger.examStatus ? t(`examStatuses.${trigger.examStatus}`) : null,
            trigger.lessonCount ? t('triggers.everyLessons', { count: trigger.lessonCount }) : null,
          ].filter(Boolean);
          return [t(`events.${trigger.event}`), ...details].join(' · ');
        },
      },
      {
        id: 'workflows',
        header: t('triggers.columns.workflows'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.paymentWorkflows.map((workflow) => t(`workflows.${workflow}`)).join(', '),
      },
      {
        id: 'classes',
        header: t('triggers.columns.classes'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.licenseClasses.length === 0
            ? t('triggers.allClasses')
            : row.original.licenseClasses.join(', '),
      },
      {
        id: 'document',
        header: t('triggers.columns.document'),
        enableSorting: false,
        cell: ({ row }) => t(`documentTypes.${row.original.documentType}`),
      },
      {
        id: 'products',
        header: t('triggers.columns.products'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.productIds.map((id) => productNames.get(id) ?? `#${id}`).join(', '),
      },
      {
        id: 'dueInDays',
        header: t('triggers.columns.due'),
        enableSorting: false,
        cell: ({ row }) => t('triggers.dueInDays', { count: row.original.dueInDays }),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('triggers.columns.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: AutomaticPaymentTrigger } }) => (
                <ActionMenu
                  label={t('triggers.actionsFor', { name: row.original.name })}
                  items={[
                    { id: 'edit', label: t('triggers.edit') },
                    { id: 'delete', label: t('triggers.delete') },
                  ]}
                  onAction={(action) =>
                    action === 'edit'
                      ? setEditing({ trigger: row.original })
                      : setDeleting(row.original)
                  }
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, productNames],
  );

  const rows = triggers.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={
          onBack ? (
            <Button variant="secondary" size="sm" onPress={onBack}>
              {t('triggers.back')}
            </Button>
          ) : undefined
        }
        title={t('triggers.title')}
        description={canWrite ? t('triggers.description') : t('triggers.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing({})}>{t('triggers.create')}</Button> : null
        }
      />
      <DataTable
        aria-label={t('triggers.title')}
        columns={columns}
        data={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        total={rows.length}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE]}
        onPageChange={setPage}
        isLoading={triggers.isFetching}
        error={triggers.isError ? t('triggers.loadError') : undefined}
        onRetry={() => void triggers.refetch()}
        emptyText={t('triggers.empty')}
        getRowId={(row) => String(row.id)}
      />
      <TriggerFormDialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        trigger={editing?.trigger}
        onSubmit={(input) => mutations.save.mutateAsync({ id: editing?.trigger?.id, input })}
        onSaved={() => toast.success(t('messages.save_success'))}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('triggers.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('triggers.delete')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          await mutations.delete.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
          setDeleting(null);
        }}
      >
        {t('triggers.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
