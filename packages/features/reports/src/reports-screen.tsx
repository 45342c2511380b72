import { PageHeader, Tab, TabList, TabPanel, Tabs, toIsoDate } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import type { ReportFilter, ReportKind } from './api/report-queries';
import { ReportFilterBar } from './components/filter-bar';
import { InspectionPackForm } from './components/inspection-pack-form';
import { SchoolReportButton } from './components/school-report-button';
import { defaultFilter, type ReportFilterState, toReportFilter } from './period';
import { AREA_REPORTS, type ReportArea, reportOfArea } from './report-kinds';
import { BalanceReport } from './reports/balance-report';
import { EducationDurationReport } from './reports/education-duration-report';
import { KmReport } from './reports/km-report';
import { PassedPracticalExamsReport, PassedTheoryExamsReport } from './reports/passed-exams-report';
import { PaymentsReport } from './reports/payments-report';
import { SalesReport } from './reports/sales-report';
import { PracticalExamSuccessReport, TheoryExamSuccessReport } from './reports/success-rate-report';
import { useReportsTranslation } from './use-reports-translation';

export type ReportsScreenProps = {
  /** Which screen: `/finances`, `/training`, `/learn` or `/planning`. */
  area: ReportArea;
  /** The day the period presets count from (`YYYY-MM-DD`; default today in Berlin). */
  today?: string;
  /**
   * The filter, when the host keeps it (e.g. in the URL); with `onFilterChange`. Without it
   * the screen keeps its own, starting on this year.
   */
  filter?: ReportFilterState;
  onFilterChange?: (filter: ReportFilterState) => void;
  /** The report tab shown, when the host keeps it; with `onReportChange`. */
  report?: ReportKind;
  /** The tab shown first when the screen keeps it itself. */
  defaultReport?: ReportKind;
  onReportChange?: (report: ReportKind) => void;
  /** The school of "Schulbericht (PDF)"; without it the signed-in user's school. */
  drivingSchoolId?: number;
};

/** One report by its kind, over a valid filter. */
export function ReportView({ report, filter }: { report: ReportKind; filter: ReportFilter }) {
  switch (report) {
    case 'PAYMENTS_PER_DRIVING_SCHOOL':
      return <PaymentsReport filter={filter} />;
    case 'BALANCE_PER_DRIVING_SCHOOL':
      return <BalanceReport filter={filter} />;
    case 'SALES_PER_INSTRUCTOR':
      return <SalesReport filter={filter} />;
    case 'PRACTICAL_EXAM_SUCCESS_RATE':
      return <PracticalExamSuccessReport filter={filter} />;
    case 'THEORY_EXAM_SUCCESS_RATE':
      return <TheoryExamSuccessReport filter={filter} />;
    case 'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS':
      return <PassedPracticalExamsReport filter={filter} />;
    case 'SUCCESSFULLY_PASSED_THEORY_EXAMS':
      return <PassedTheoryExamsReport filter={filter} />;
    case 'KM_PER_DRIVING_LESSON':
      return <KmReport filter={filter} />;
    case 'EDUCATION_DURATION':
      return <EducationDurationReport filter={filter} />;
  }
}

/**
 * A report screen of the back office: its reports as tabs under one filter (period presets
 * or dates, branch, instructor, class), each with key figures, a chart, the table of its
 * values and CSV/Excel export; "Schulbericht (PDF)" in the header. Planning adds the
 * inspection pack. Every figure is computed by the server; the screen formats them.
 */
export function ReportsScreen({
  area,
  today: givenToday,
  filter: givenFilter,
  onFilterChange,
  report: givenReport,
  defaultReport,
  onReportChange,
  drivingSchoolId,
}: ReportsScreenProps) {
  const { t } = useReportsTranslation();
  const today = givenToday ?? toIsoDate(new Date());
  const [ownFilter, setOwnFilter] = useState(() => defaultFilter(today));
  const [ownReport, setOwnReport] = useState(() => reportOfArea(area, defaultReport));
  const filterState = givenFilter ?? ownFilter;
  const selected =
    givenReport === undefined ? reportOfArea(area, ownReport) : reportOfArea(area, givenReport);
  const filter = useMemo(() => toReportFilter(filterState), [filterState]);
  const reports: readonly ReportKind[] = AREA_REPORTS[area];

  const changeFilter = (next: ReportFilterState) => {
    if (givenFilter === undefined) setOwnFilter(next);
    onFilterChange?.(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t(`area.${area}.title`)}
        description={t(`area.${area}.description`)}
        actions={
          <SchoolReportButton
            filter={filter}
            {...(drivingSchoolId === undefined ? {} : { drivingSchoolId })}
          />
        }
      />
      <ReportFilterBar value={filterState} onChange={changeFilter} today={today} />
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) => {
          const next = reportOfArea(area, key);
          if (givenReport === undefined) setOwnReport(next);
          onReportChange?.(next);
        }}
      >
        <TabList aria-label={t('tabs')} className="overflow-x-auto">
          {reports.map((kind) => (
            <Tab key={kind} id={kind}>
              {t(`report.${kind}.title`)}
            </Tab>
          ))}
        </TabList>
        {reports.map((kind) => (
          <TabPanel key={kind} id={kind}>
            {filter ? (
              <ReportView report={kind} filter={filter} />
            ) : (
              <p className="py-8 text-center text-sm text-neutral-600">{t('filter.invalid')}</p>
            )}
          </TabPanel>
        ))}
      </Tabs>
      {area === 'planning' ? <InspectionPackForm today={today} /> : null}
    </div>
  );
}
