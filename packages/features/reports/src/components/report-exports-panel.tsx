import { Section, toIsoDate } from '@fahrwerk/ui';
import { useState } from 'react';
import { defaultFilter, toReportFilter } from '../period';
import { AREA_REPORTS, REPORT_AREAS } from '../report-kinds';
import { useReportsTranslation } from '../use-reports-translation';
import { ReportFilterBar } from './filter-bar';
import { ReportExportButtons } from './report-export';

export type ReportExportsPanelProps = {
  /** The day the period presets count from (`YYYY-MM-DD`); default today. */
  today?: string;
};

/**
 * Every report as a file in one place (route `/export`, beside the DATEV and payroll
 * exports): one filter for all, then per report CSV and Excel, each written by a background
 * job with its progress (the same buttons as on the report screens).
 */
export function ReportExportsPanel({ today: givenToday }: ReportExportsPanelProps) {
  const { t } = useReportsTranslation();
  const today = givenToday ?? toIsoDate(new Date());
  const [state, setState] = useState(() => defaultFilter(today));
  const filter = toReportFilter(state);
  return (
    <Section title={t('exports.title')} description={t('exports.description')}>
      <div className="flex flex-col gap-4">
        <ReportFilterBar value={state} onChange={setState} today={today} />
        <ul className="divide-y divide-neutral-100">
          {[...new Set(REPORT_AREAS.flatMap((area) => AREA_REPORTS[area]))].map((report) => (
            <li key={report} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="text-sm font-medium text-neutral-900">
                {t(`report.${report}.title`)}
              </span>
              {filter ? (
                <ReportExportButtons report={report} filter={filter} />
              ) : (
                <span className="text-sm text-neutral-500">{t('filter.invalid')}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
