import { downloadErrorMessage, errorToastMessage, isApiError } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  EmptyState,
  ErrorState,
  FieldColumns,
  PageHeader,
  Section,
  Select,
  Spinner,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useState } from 'react';
import {
  type PayrollFormat,
  type PayrollOverviewRequest,
  usePayrollExport,
  usePayrollOverview,
} from './api/accounting-queries';
import { usePayrollInstructorChoices, usePayrollMonthOptions } from './components/payroll-choices';
import { PayrollTable } from './components/payroll-table';
import { hasFigures } from './lib/payroll-figures';
import { type IsoDate, type IsoMonth, previousMonth } from './lib/periods';
import { useAccountingTranslation } from './use-accounting-translation';

export type PersoFixScreenProps = {
  /** The school's today (Europe/Berlin): the newest month to choose. @default today */
  today?: IsoDate;
};

/**
 * `/perso-fix`: the payroll hand-over for the school's payroll office, the counterpart of
 * `/fibu-fix` — per instructor the month's minutes of payroll-relevant appointments by kind,
 * the hours and kilometres, opening into the days (`POST /accounting/payroll-overview`), and
 * the same figures as CSV or XLSX (`POST /accounting/payroll-export`). Both need the
 * accounting permission.
 */
export function PersoFixScreen({ today }: PersoFixScreenProps) {
  const { t } = useAccountingTranslation();
  const canRead = useCan('MODULE_ACCOUNTING');
  const day = today ?? toIsoDate(new Date());
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('persoFix.title')} description={t('persoFix.description')} />
      {canRead ? (
        <PayrollHandOver today={day} />
      ) : (
        <Section title={t('persoFix.title')}>
          <Forbidden />
        </Section>
      )}
    </div>
  );
}

function Forbidden() {
  const { t } = useAccountingTranslation();
  return <EmptyState title={t('persoFix.forbiddenTitle')} description={t('persoFix.forbidden')} />;
}

function PayrollHandOver({ today }: { today: IsoDate }) {
  const toast = useToast();
  const { t } = useAccountingTranslation();
  const [month, setMonth] = useState<IsoMonth>(() => previousMonth(today));
  /** The chosen instructors' ids as strings (as the checkboxes give them); none means all. */
  const [chosen, setChosen] = useState<string[]>([]);
  const months = usePayrollMonthOptions(today);
  const instructors = usePayrollInstructorChoices();
  const monthLabel = months.find((option) => option.id === month)?.label ?? month;

  const body: PayrollOverviewRequest = {
    month,
    ...(chosen.length > 0 ? { instructorIds: [...new Set(chosen)].map(Number) } : {}),
  };
  const overview = usePayrollOverview(body);
  const exportPayroll = usePayrollExport();
  const pendingFormat = exportPayroll.isPending ? exportPayroll.variables?.format : undefined;

  const download = (format: PayrollFormat) =>
    exportPayroll.mutate(
      { ...body, format },
      {
        onSuccess: (saved) => toast.success(t('payroll.downloaded', { fileName: saved.fileName })),
        onError: (error) => {
          const text = downloadErrorMessage(error, t);
          if (text) toast.error(text);
        },
      },
    );

  let figures: ReactNode;
  if (overview.isPending) {
    figures = (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label={t('persoFix.loading')} />
      </div>
    );
  } else if (overview.isError) {
    const error: unknown = overview.error;
    if (isApiError(error) && error.status === 403) {
      figures = <Forbidden />;
    } else if (isApiError(error) && error.status === 422) {
      // The server's reason (a month ahead of its clock, an instructor gone): retrying won't help.
      figures = (
        <ErrorState title={t('persoFix.refusedTitle')} message={errorToastMessage(error, t)} />
      );
    } else {
      figures = (
        <ErrorState
          message={t('persoFix.loadError')}
          onRetry={() => void overview.refetch()}
          isRetrying={overview.isFetching}
        />
      );
    }
  } else if (!hasFigures(overview.data)) {
    figures = (
      <EmptyState
        title={t('persoFix.emptyTitle')}
        description={t('persoFix.empty', { month: monthLabel })}
      />
    );
  } else {
    figures = <PayrollTable overview={overview.data} monthLabel={monthLabel} />;
  }

  return (
    <>
      <Section title={t('persoFix.selection')}>
        <FieldColumns>
          <Select
            label={t('payroll.month')}
            items={months}
            selectedKey={month}
            onSelectionChange={(key) => key !== null && setMonth(String(key))}
          />
          {instructors.isPending ? (
            <div className="flex justify-center py-4 text-brand-600">
              <Spinner label={t('payroll.instructorsLoading')} />
            </div>
          ) : instructors.isError ? (
            <ErrorState message={t('payroll.instructorsError')} onRetry={instructors.refetch} />
          ) : instructors.options.length > 0 ? (
            <CheckboxGroup
              label={t('payroll.instructors')}
              description={t('payroll.instructorsHint')}
              value={chosen}
              onChange={setChosen}
            >
              {instructors.options.map((option) => (
                <Checkbox key={option.id} value={option.id}>
                  {option.label}
                </Checkbox>
              ))}
            </CheckboxGroup>
          ) : (
            <p className="text-sm text-neutral-600">{t('payroll.noInstructors')}</p>
          )}
        </FieldColumns>
      </Section>
      <Section
        title={t('persoFix.figures', { month: monthLabel })}
        actions={
          <>
            <Button
              variant="secondary"
              isPending={pendingFormat === 'CSV'}
              isDisabled={exportPayroll.isPending && pendingFormat !== 'CSV'}
              onPress={() => download('CSV')}
            >
              {t('persoFix.downloadCsv')}
            </Button>
            <Button
              variant="secondary"
              isPending={pendingFormat === 'XLSX'}
              isDisabled={exportPayroll.isPending && pendingFormat !== 'XLSX'}
              onPress={() => download('XLSX')}
            >
              {t('persoFix.downloadXlsx')}
            </Button>
          </>
        }
      >
        {figures}
      </Section>
    </>
  );
}
