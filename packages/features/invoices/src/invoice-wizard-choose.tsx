import { LICENSE_CLASSES } from '@fahrwerk/api';
import { useServerList } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  DataTable,
  type DataTableProps,
  formatMoney,
  SearchField,
  Select,
} from '@fahrwerk/ui';
import { useMemo } from 'react';
import {
  type FinalInvoiceCandidate,
  type FinalInvoiceCandidateFilter,
  type LicenseClass,
  useAllFinalInvoiceCandidates,
  useBranchOptions,
  useFinalInvoiceCandidatesPage,
} from './api/invoice-queries';
import {
  type CandidateListState,
  INITIAL_CANDIDATE_LIST,
  isCandidateListFiltered,
  toCandidateFilter,
} from './document-list-filters';
import { useInvoicesTranslation } from './use-invoices-translation';

const ALL = 'all';

/** One customer's final invoices at once, or a billing run over many students. */
export type WizardMode = 'single' | 'run';

/** `createFinalInvoices` takes at most this many educations (of one student). */
export const MAX_SINGLE_EDUCATIONS = 10;
/** A billing run takes at most this many educations. */
export const MAX_RUN_EDUCATIONS = 2000;

export type InvoiceWizardChooseProps = {
  mode: WizardMode;
  costBearerId?: number;
  selected: ReadonlyMap<number, FinalInvoiceCandidate>;
  onSelectedChange: (selected: Map<number, FinalInvoiceCandidate>) => void;
};

/**
 * Step 1: the finished educations waiting for their final invoice, server-paged and filtered
 * by search, branch and class, with the amounts the invoice would show today. In the mode
 * "one customer" only the educations of the student chosen first can be added.
 */
export function InvoiceWizardChoose({
  mode,
  costBearerId,
  selected,
  onSelectedChange,
}: InvoiceWizardChooseProps) {
  const { t } = useInvoicesTranslation();
  const list = useServerList<
    CandidateListState,
    FinalInvoiceCandidateFilter,
    FinalInvoiceCandidate
  >({
    initial: INITIAL_CANDIDATE_LIST,
    toFilter: (state) => toCandidateFilter(state, costBearerId),
    usePage: useFinalInvoiceCandidatesPage,
  });
  const { state, update } = list;
  const branches = useBranchOptions();
  const all = useAllFinalInvoiceCandidates();
  const total = list.table.total;
  const rows = list.table.data;
  const customer = mode === 'single' ? ([...selected.values()][0]?.studentId ?? null) : null;
  const limit = mode === 'single' ? MAX_SINGLE_EDUCATIONS : MAX_RUN_EDUCATIONS;

  const columns = useMemo<DataTableProps<FinalInvoiceCandidate>['columns']>(() => {
    const set = (row: FinalInvoiceCandidate, isSelected: boolean) => {
      const next = new Map(selected);
      if (isSelected) next.set(row.studentEducationId, row);
      else next.delete(row.studentEducationId);
      onSelectedChange(next);
    };
    const selectable = (row: FinalInvoiceCandidate) =>
      selected.has(row.studentEducationId) ||
      ((customer === null || row.studentId === customer) && selected.size < limit);
    const pageRows = rows.filter(selectable);
    const allOnPage =
      pageRows.length > 0 && pageRows.every((row) => selected.has(row.studentEducationId));
    return [
      {
        id: 'select',
        header: () =>
          mode === 'run' ? (
            <Checkbox
              aria-label={t('wizard.selectPage')}
              isSelected={allOnPage}
              isIndeterminate={
                !allOnPage && rows.some((row) => selected.has(row.studentEducationId))
              }
              onChange={(isSelected) => {
                const next = new Map(selected);
                for (const row of pageRows) {
                  if (isSelected) next.set(row.studentEducationId, row);
                  else next.delete(row.studentEducationId);
                }
                onSelectedChange(next);
              }}
            />
          ) : (
            <span className="sr-only">{t('columns.select')}</span>
          ),
        enableSorting: false,
        cell: ({ row }) => (
          <Checkbox
            aria-label={t('wizard.selectEducation', {
              name: row.original.studentName,
              licenseClass: row.original.licenseClass,
            })}
            isSelected={selected.has(row.original.studentEducationId)}
            isDisabled={!selectable(row.original)}
            onChange={(isSelected) => set(row.original, isSelected)}
          />
        ),
      },
      {
        id: 'studentName',
        accessorKey: 'studentName',
        header: t('columns.student'),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium text-neutral-900">{row.original.studentName}</span>
            {row.original.customerNumber && (
              <span className="text-xs text-neutral-600">{row.original.customerNumber}</span>
            )}
          </span>
        ),
      },
      { id: 'licenseClass', accessorKey: 'licenseClass', header: t('columns.class') },
      {
        id: 'servicesGross',
        accessorKey: 'servicesGross',
        // Computed per education; the server sorts by name, customer number and class only.
        enableSorting: false,
        header: t('columns.services'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.servicesGross),
      },
      {
        id: 'deductedGross',
        accessorKey: 'deductedGross',
        enableSorting: false,
        header: t('columns.deducted'),
        meta: { align: 'end' },
        cell: ({ row }) => formatMoney(row.original.deductedGross),
      },
      {
        id: 'totalGross',
        accessorKey: 'totalGross',
        enableSorting: false,
        header: t('columns.finalTotal'),
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="font-medium">{formatMoney(row.original.totalGross)}</span>
        ),
      },
    ];
  }, [t, mode, rows, selected, customer, limit, onSelectedChange]);

  return (
    <div className="flex flex-col gap-4">
      {mode === 'single' && (
        <p className="rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {t('errors.final_invoice_one_customer')} {t('wizard.singleHint')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('wizard.search')}
          placeholder={t('wizard.searchPlaceholder')}
          value={state.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('wizard.branch')}
          items={[{ id: ALL, label: t('wizard.allBranches') }, ...branches]}
          selectedKey={state.branchId ?? ALL}
          onSelectionChange={(key) => update({ branchId: key === ALL ? null : Number(key) })}
        />
        <Select
          label={t('wizard.class')}
          items={[
            { id: ALL, label: t('wizard.allClasses') },
            ...LICENSE_CLASSES.map((id) => ({ id, label: id })),
          ]}
          selectedKey={state.licenseClass ?? ALL}
          onSelectionChange={(key) =>
            update({ licenseClass: key === ALL ? null : (key as LicenseClass) })
          }
        />
      </div>
      {mode === 'run' && total > list.table.data.length && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            isPending={all.isPending}
            onPress={() =>
              all.mutate(
                { filter: toCandidateFilter(state, costBearerId), limit: MAX_RUN_EDUCATIONS },
                {
                  onSuccess: (rows) => {
                    const next = new Map(selected);
                    for (const row of rows) next.set(row.studentEducationId, row);
                    onSelectedChange(next);
                  },
                },
              )
            }
          >
            {t('wizard.selectAll', { count: Math.min(total, MAX_RUN_EDUCATIONS) })}
          </Button>
          {selected.size > 0 && (
            <Button variant="quiet" size="sm" onPress={() => onSelectedChange(new Map())}>
              {t('wizard.clearSelection')}
            </Button>
          )}
        </div>
      )}
      <DataTable
        aria-label={t('wizard.candidates')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('wizard.candidatesError') : undefined}
        emptyText={isCandidateListFiltered(state) ? t('wizard.emptyFiltered') : t('wizard.empty')}
        getRowId={(row) => String(row.studentEducationId)}
      />
    </div>
  );
}
