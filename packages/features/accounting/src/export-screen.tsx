import { ApiForm, FormCheckboxGroup, FormSelect, useApiForm, useCan } from '@fahrwerk/core';
import {
  Button,
  ErrorState,
  FieldColumns,
  PageHeader,
  Section,
  Spinner,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import { usePayrollExport } from './api/accounting-queries';
import { usePayrollInstructorChoices, usePayrollMonthOptions } from './components/payroll-choices';
import type { IsoDate } from './lib/periods';
import {
  emptyPayrollExportForm,
  formToPayrollExport,
  PAYROLL_FORMATS,
  payrollExportSchema,
} from './schemas/payroll-export-form';
import { useAccountingTranslation } from './use-accounting-translation';

export type ExportScreenProps = {
  /** Opens the DATEV export (`/accounting`); no button without. */
  onOpenAccounting?: () => void;
  /** The school's today (Europe/Berlin): the newest month to choose. @default today */
  today?: IsoDate;
};

/**
 * `/export`: the exports of bookkeeping and payroll — a tile leading to the DATEV booking
 * batch, and the instructors' payroll figures of a month as CSV or XLSX
 * (`POST /accounting/payroll-export`, which needs the accounting permission).
 */
export function ExportScreen({ onOpenAccounting, today }: ExportScreenProps) {
  const { t } = useAccountingTranslation();
  const canExport = useCan('MODULE_ACCOUNTING');
  const day = today ?? toIsoDate(new Date());
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('export.title')} description={t('export.description')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title={t('export.datevTitle')}
          description={t('export.datevDescription')}
          actions={
            onOpenAccounting && canExport ? (
              <Button variant="secondary" onPress={onOpenAccounting}>
                {t('export.openAccounting')}
              </Button>
            ) : undefined
          }
        >
          <p className="text-sm text-neutral-600">
            {canExport ? t('export.datevText') : t('export.forbidden')}
          </p>
        </Section>
        <Section title={t('payroll.title')} description={t('payroll.description')}>
          {canExport ? (
            <PayrollExportForm today={day} />
          ) : (
            <p className="text-sm text-neutral-600">{t('export.forbidden')}</p>
          )}
        </Section>
      </div>
    </div>
  );
}

function PayrollExportForm({ today }: { today: IsoDate }) {
  const toast = useToast();
  const { t } = useAccountingTranslation();
  const instructors = usePayrollInstructorChoices();
  const exportPayroll = usePayrollExport();
  const [lastFile, setLastFile] = useState<string | null>(null);
  const form = useApiForm({
    schema: payrollExportSchema(today),
    defaultValues: emptyPayrollExportForm(today),
    t,
    submit: async (values) => {
      const saved = await exportPayroll.mutateAsync(formToPayrollExport(values));
      setLastFile(saved.fileName);
      toast.success(t('payroll.downloaded', { fileName: saved.fileName }));
    },
  });
  const { control } = form;
  const months = usePayrollMonthOptions(today);
  const instructorOptions = instructors.options;

  return (
    <ApiForm form={form} aria-label={t('payroll.title')}>
      <FieldColumns>
        <FormSelect
          control={control}
          name="month"
          label={t('payroll.month')}
          isRequired
          options={months}
        />
        <FormSelect
          control={control}
          name="format"
          label={t('payroll.format')}
          isRequired
          options={PAYROLL_FORMATS.map((format) => ({
            id: format,
            label: t(`payroll.formats.${format}`),
          }))}
        />
      </FieldColumns>
      {instructors.isPending ? (
        <div className="flex justify-center py-4 text-brand-600">
          <Spinner label={t('payroll.instructorsLoading')} />
        </div>
      ) : instructors.isError ? (
        <ErrorState message={t('payroll.instructorsError')} onRetry={instructors.refetch} />
      ) : instructorOptions.length > 0 ? (
        <FormCheckboxGroup
          control={control}
          name="instructorIds"
          label={t('payroll.instructors')}
          description={t('payroll.instructorsHint')}
          options={instructorOptions}
        />
      ) : (
        <p className="text-sm text-neutral-600">{t('payroll.noInstructors')}</p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {lastFile && (
          <span role="status" className="text-sm text-neutral-600">
            {t('payroll.lastFile', { fileName: lastFile })}
          </span>
        )}
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('payroll.download')}
        </Button>
      </div>
    </ApiForm>
  );
}
