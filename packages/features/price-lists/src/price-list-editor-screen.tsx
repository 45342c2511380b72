import { ApiForm, useApiForm, useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  ErrorState,
  formatMoney,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useEffect, useMemo, useState } from 'react';
import {
  type Price,
  type PriceList,
  useActiveProducts,
  useCopyPriceList,
  useCopyPricesToStudents,
  usePriceList,
  usePriceListMutations,
  usePriceMutations,
  usePricesOfList,
  useRenamePriceList,
} from './api/price-queries';
import { NameDialog } from './components/name-dialog';
import { PriceFormDialog } from './components/price-form-dialog';
import { PriceListFields } from './components/price-list-form-dialog';
import { errorText } from './error-text';
import {
  formToPriceListInput,
  priceListFormSchema,
  priceListToForm,
} from './schemas/price-list-form';
import { usePriceListsTranslation } from './use-price-lists-translation';

export type PriceListEditorScreenProps = {
  priceListId: number;
  /** Back to the overview. */
  onBack?: () => void;
  /** A copy was made: usually opens it. */
  onCopied?: (copy: PriceList) => void;
};

type Dialog =
  | { kind: 'copy' }
  | { kind: 'rename' }
  | { kind: 'students' }
  | { kind: 'price'; addOn: boolean; price?: Price }
  | { kind: 'remove'; price: Price }
  | null;

/**
 * One price list: its settings (template, VAT, standard), the prices for main and combined
 * training per product and class, the add-ons; copy, rename, and applying the prices to the
 * list's existing students (with the spec's warning, 000 §5).
 */
export function PriceListEditorScreen({
  priceListId,
  onBack,
  onCopied,
}: PriceListEditorScreenProps) {
  const toast = useToast();
  const { t } = usePriceListsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const list = usePriceList(priceListId);
  const prices = usePricesOfList(priceListId);
  const products = useActiveProducts(canWrite);
  const [dialog, setDialog] = useState<Dialog>(null);
  const copy = useCopyPriceList();
  const rename = useRenamePriceList();
  const toStudents = useCopyPricesToStudents();
  const priceMutations = usePriceMutations();

  if (list.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner aria-label={t('priceLists.title')} />
      </div>
    );
  }
  if (list.isError || !list.data) {
    return <ErrorState message={errorText(list.error, t)} onRetry={() => list.refetch()} />;
  }
  const current = list.data;
  const rows = prices.data ?? [];
  const mainRows = rows.filter((row) => row.productType !== 'ADD_ON');
  const addOnRows = rows.filter((row) => row.productType === 'ADD_ON');
  const close = () => setDialog(null);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={t('priceLists.title')}
        title={
          <span className="flex flex-wrap items-center gap-2">
            {current.name}
            {current.standard && <Badge tone="brand">{t('priceLists.standard')}</Badge>}
            {current.template && <Badge tone="neutral">{t('priceLists.template')}</Badge>}
            {current.archived && <Badge tone="warning">{t('priceLists.archived')}</Badge>}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {onBack && (
              <Button variant="quiet" onPress={onBack}>
                {t('editor.back')}
              </Button>
            )}
            {canWrite && (
              <>
                <Button variant="secondary" onPress={() => setDialog({ kind: 'rename' })}>
                  {t('editor.rename')}
                </Button>
                <Button variant="secondary" onPress={() => setDialog({ kind: 'copy' })}>
                  {t('editor.copy')}
                </Button>
                <Button variant="secondary" onPress={() => setDialog({ kind: 'students' })}>
                  {t('editor.copyToStudents')}
                </Button>
              </>
            )}
          </div>
        }
      />
      <SettingsSection list={current} canWrite={canWrite} />
      <PriceSection
        title={t('editor.mainPrices')}
        description={t('editor.mainPricesDescription')}
        label={t('editor.pricesLabel')}
        empty={t('editor.noPrices')}
        addLabel={t('editor.addPrice')}
        rows={mainRows}
        isLoading={prices.isFetching}
        error={errorText(prices.error, t)}
        onRetry={() => prices.refetch()}
        canWrite={canWrite}
        onAdd={() => setDialog({ kind: 'price', addOn: false })}
        onEdit={(price) => setDialog({ kind: 'price', addOn: false, price })}
        onRemove={(price) => setDialog({ kind: 'remove', price })}
      />
      <PriceSection
        title={t('editor.addOns')}
        description={t('editor.addOnsDescription')}
        label={t('editor.addOnsLabel')}
        empty={t('editor.noAddOns')}
        addLabel={t('editor.addAddOn')}
        rows={addOnRows}
        isLoading={prices.isFetching}
        error={errorText(prices.error, t)}
        onRetry={() => prices.refetch()}
        canWrite={canWrite}
        onAdd={() => setDialog({ kind: 'price', addOn: true })}
        onEdit={(price) => setDialog({ kind: 'price', addOn: true, price })}
        onRemove={(price) => setDialog({ kind: 'remove', price })}
      />

      {dialog?.kind === 'copy' && (
        <NameDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          title={t('editor.copyTitle')}
          label={t('editor.copyName')}
          description={t('editor.copyDescription', { name: current.name })}
          defaultName={t('editor.copyDefaultName', { name: current.name })}
          submitLabel={t('editor.copy')}
          onSubmit={async (name) => {
            const created = await copy.mutateAsync({ id: current.id, name });
            toast.success(t('editor.copiedToast', { name: created.name }));
            onCopied?.(created);
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          title={t('editor.renameTitle')}
          label={t('editor.newName')}
          defaultName={current.name}
          submitLabel={t('editor.rename')}
          onSubmit={async (name) => {
            await rename.mutateAsync({ id: current.id, name });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      {dialog?.kind === 'students' && (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          title={t('editor.copyToStudentsTitle')}
          confirmLabel={t('editor.copyToStudentsConfirm')}
          isPending={toStudents.isPending}
          onConfirm={async () => {
            const answer = await toStudents.mutateAsync(current.id);
            toast.success(
              `${t('messages.save_success')} ${t('editor.copyToStudentsDone', { count: answer?.count ?? 0 })}`,
            );
            close();
          }}
        >
          <p>{t('editor.copyToStudentsText')}</p>
          <p className="mt-2 font-medium text-warning-800">{t('editor.copyToStudentsWarning')}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'price' && (
        <PriceFormDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          priceListId={current.id}
          price={dialog.price}
          products={(products.data ?? []).filter(
            (product) => (product.type === 'ADD_ON') === dialog.addOn,
          )}
          onSubmit={async (input) => {
            await priceMutations.save.mutateAsync({ id: dialog.price?.id, input });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          title={t('editor.removeTitle')}
          confirmLabel={t('editor.remove')}
          variant="destructive"
          isPending={priceMutations.delete.isPending}
          onConfirm={async () => {
            try {
              await priceMutations.delete.mutateAsync(dialog.price.id);
              toast.success(t('messages.delete_success'));
            } catch (error) {
              // Spec 001 §6: a forbidden delete tells the user to ask the administrator.
              const status = (error as { status?: number }).status;
              toast.error(status === 403 ? t('deleteForbidden') : (errorText(error, t) ?? ''));
            }
            close();
          }}
        >
          {t('editor.removeText', { product: dialog.price.productName })}
        </ConfirmDialog>
      )}
    </div>
  );
}

function SettingsSection({ list, canWrite }: { list: PriceList; canWrite: boolean }) {
  const toast = useToast();
  const { t } = usePriceListsTranslation();
  const save = usePriceListMutations().save;
  const form = useApiForm({
    schema: priceListFormSchema,
    defaultValues: priceListToForm(list),
    submit: async (values) => {
      // The name changes through "Umbenennen"; this form keeps the current one.
      await save.mutateAsync({
        id: list.id,
        input: formToPriceListInput({ ...values, name: list.name }),
      });
      toast.success(t('messages.save_success'));
    },
    t,
  });
  const { reset } = form;
  useEffect(() => reset(priceListToForm(list)), [list, reset]);
  return (
    <Section title={t('editor.settings')}>
      <ApiForm form={form}>
        <PriceListFields control={form.control} isDisabled={!canWrite} />
        {canWrite && (
          <div className="flex justify-end">
            <Button type="submit" isPending={form.formState.isSubmitting}>
              {t('actions.save')}
            </Button>
          </div>
        )}
      </ApiForm>
    </Section>
  );
}

type PriceSectionProps = {
  title: string;
  description: string;
  label: string;
  empty: string;
  addLabel: string;
  rows: Price[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
  canWrite: boolean;
  onAdd: () => void;
  onEdit: (price: Price) => void;
  onRemove: (price: Price) => void;
};

function PriceSection({
  title,
  description,
  label,
  empty,
  addLabel,
  rows,
  isLoading,
  error,
  onRetry,
  canWrite,
  onAdd,
  onEdit,
  onRemove,
}: PriceSectionProps) {
  const { t } = usePriceListsTranslation();
  const columns = useMemo<DataTableProps<Price>['columns']>(
    () => [
      {
        accessorKey: 'productName',
        header: t('editor.columns.product'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">{row.original.productName}</span>
        ),
      },
      {
        accessorKey: 'productType',
        header: t('editor.columns.type'),
        cell: ({ row }) => t(`productTypes.${row.original.productType}`),
      },
      {
        accessorKey: 'licenseClass',
        header: t('editor.columns.licenseClass'),
        cell: ({ row }) => row.original.licenseClass ?? t('allClasses'),
      },
      {
        accessorKey: 'price',
        header: t('editor.columns.price'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.price),
      },
      {
        accessorKey: 'combinedTrainingPrice',
        header: t('editor.columns.combinedPrice'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.combinedTrainingPrice ?? row.original.price),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: t('editor.columns.actions'),
              meta: { align: 'end' as const },
              cell: ({ row }: { row: { original: Price } }) => (
                <ActionMenu
                  label={`${t('actions.more')}: ${row.original.productName} ${row.original.licenseClass ?? ''}`.trim()}
                  items={[
                    { id: 'edit', label: t('actions.edit') },
                    { id: 'remove', label: t('editor.remove'), isDanger: true },
                  ]}
                  onAction={(action) =>
                    action === 'edit' ? onEdit(row.original) : onRemove(row.original)
                  }
                />
              ),
            },
          ]
        : []),
    ],
    [t, canWrite, onEdit, onRemove],
  );
  return (
    <Section
      title={title}
      description={description}
      actions={
        canWrite ? (
          <Button variant="secondary" onPress={onAdd}>
            {addLabel}
          </Button>
        ) : undefined
      }
    >
      <DataTable
        aria-label={label}
        columns={columns}
        data={rows}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 10)}
        onPageChange={() => undefined}
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        emptyText={empty}
        getRowId={(row) => String(row.id)}
      />
    </Section>
  );
}
