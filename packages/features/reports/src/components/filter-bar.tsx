import { LICENSE_CLASSES } from '@fahrwerk/api';
import { DateField, Select } from '@fahrwerk/ui';
import type { Key } from 'react';
import { type LicenseClass, useBranches, useInstructors } from '../api/report-queries';
import {
  PERIOD_PRESETS,
  type PeriodPreset,
  periodError,
  type ReportFilterState,
  withPreset,
} from '../period';
import { useReportsTranslation } from '../use-reports-translation';

export type ReportFilterBarProps = {
  value: ReportFilterState;
  onChange: (next: ReportFilterState) => void;
  /** The day the presets count from (`YYYY-MM-DD`). */
  today: string;
};

const ALL = 'all';

const idOf = (key: Key | null): number | null => (key === null || key === ALL ? null : Number(key));

/**
 * The one filter of a report screen: the period (presets or two dates; editing a date makes
 * it "Benutzerdefiniert"), branch, instructor and licence class. A period that cannot be sent
 * is said in German under the fields; the reports wait until it is corrected.
 */
export function ReportFilterBar({ value, onChange, today }: ReportFilterBarProps) {
  const { t } = useReportsTranslation();
  const branches = useBranches();
  const instructors = useInstructors();
  const error = periodError(value);

  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap items-start gap-3 rounded-[var(--radius-card)] border border-neutral-200 bg-white p-4">
        <legend className="sr-only">{t('filter.label')}</legend>
        <Select
          label={t('filter.period')}
          items={PERIOD_PRESETS.map((id) => ({ id, label: t(`preset.${id}`) }))}
          selectedKey={value.preset}
          onSelectionChange={(key) => {
            if (key !== null) onChange(withPreset(value, key as PeriodPreset, today));
          }}
        />
        <DateField
          label={t('filter.from')}
          value={value.from || null}
          isInvalid={error !== null && (error !== 'missing' || !value.from)}
          onChange={(from) => onChange({ ...value, preset: 'custom', from: from ?? '' })}
        />
        <DateField
          label={t('filter.to')}
          value={value.to || null}
          isInvalid={error !== null && (error !== 'missing' || !value.to)}
          onChange={(to) => onChange({ ...value, preset: 'custom', to: to ?? '' })}
        />
        <Select
          label={t('filter.branch')}
          items={[
            { id: ALL, label: t('filter.allBranches') },
            ...(branches.data ?? []).map((branch) => ({ id: branch.id, label: branch.name })),
          ]}
          selectedKey={value.branchId ?? ALL}
          onSelectionChange={(key) => onChange({ ...value, branchId: idOf(key) })}
        />
        <Select
          label={t('filter.instructor')}
          items={[
            { id: ALL, label: t('filter.allInstructors') },
            ...(instructors.data ?? []).map((user) => ({
              id: user.id,
              label: `${user.firstName} ${user.lastName}`,
            })),
          ]}
          selectedKey={value.instructorId ?? ALL}
          onSelectionChange={(key) => onChange({ ...value, instructorId: idOf(key) })}
        />
        <Select
          label={t('filter.licenseClass')}
          items={[
            { id: ALL, label: t('filter.allClasses') },
            ...LICENSE_CLASSES.map((licenseClass) => ({ id: licenseClass, label: licenseClass })),
          ]}
          selectedKey={value.licenseClass ?? ALL}
          onSelectionChange={(key) =>
            onChange({
              ...value,
              licenseClass: key === null || key === ALL ? null : (String(key) as LicenseClass),
            })
          }
        />
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {t(`filter.error.${error}`)}
        </p>
      ) : null}
    </div>
  );
}
