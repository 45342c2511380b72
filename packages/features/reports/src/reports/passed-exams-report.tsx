import { Button, formatDate } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type PassedExam,
  type PassedExamsReport,
  type ReportFilter,
  type ReportKind,
  usePassedPracticalExamsReport,
  usePassedTheoryExamsReport,
} from '../api/report-queries';
import {
  AXIS_TICK,
  ChartFrame,
  SERIES_COLORS,
  xAxisLabel,
  yAxisLabel,
} from '../components/chart-frame';
import { KeyFigures } from '../components/key-figures';
import { ReportFrame } from '../components/report-frame';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { formatMonth, formatNumber } from '../format';
import { passedExamsPerMonth } from '../report-data';
import { useReportsTranslation } from '../use-reports-translation';

/** Rows shown at first and added by "Weitere anzeigen" (the list can have 10 000). */
export const PASSED_EXAMS_PAGE = 200;

/** "Bestandene praktische Prüfungen" (`/training`). */
export function PassedPracticalExamsReport({ filter }: { filter: ReportFilter }) {
  const query = usePassedPracticalExamsReport(filter);
  return (
    <PassedExamsFrame report="SUCCESSFULLY_PASSED_PRACTICAL_EXAMS" filter={filter} query={query} />
  );
}

/** "Bestandene Theorieprüfungen" (`/learn`). */
export function PassedTheoryExamsReport({ filter }: { filter: ReportFilter }) {
  const query = usePassedTheoryExamsReport(filter);
  return (
    <PassedExamsFrame report="SUCCESSFULLY_PASSED_THEORY_EXAMS" filter={filter} query={query} />
  );
}

function PassedExamsFrame({
  report,
  filter,
  query,
}: {
  report: ReportKind;
  filter: ReportFilter;
  query: ReturnType<typeof usePassedTheoryExamsReport>;
}) {
  return (
    <ReportFrame
      report={report}
      filter={filter}
      query={query}
      isEmpty={(data) => data.total === 0 && data.exams.length === 0}
    >
      {(data) => <PassedExamsContent report={data} />}
    </ReportFrame>
  );
}

function PassedExamsContent({ report }: { report: PassedExamsReport }) {
  const { t } = useReportsTranslation();
  const [shown, setShown] = useState(PASSED_EXAMS_PAGE);
  const perMonth = useMemo(
    () => passedExamsPerMonth(report.exams, report.from, report.to),
    [report],
  );
  const rows = report.exams.slice(0, shown);
  const withInstructor = report.exams.some((exam) => exam.instructorName !== undefined);
  const columns: ReportColumn<PassedExam>[] = [
    {
      id: 'date',
      header: t('columns.date'),
      cell: (row) => formatDate(row.examDate),
      rowHeader: true,
    },
    {
      id: 'student',
      header: t('columns.student'),
      cell: (row) => `${row.firstName} ${row.lastName}`,
    },
    { id: 'class', header: t('columns.licenseClass'), cell: (row) => row.licenseClass },
    {
      id: 'attempt',
      header: t('columns.attempt'),
      cell: (row) =>
        row.attempt === 1 ? t('table.firstAttempt') : t('table.attempt', { number: row.attempt }),
    },
    ...(withInstructor
      ? [
          {
            id: 'instructor',
            header: t('columns.instructor'),
            cell: (row: PassedExam) => row.instructorName ?? t('table.unknown'),
          },
        ]
      : []),
  ];

  return (
    <>
      <KeyFigures
        items={[{ label: t('figures.passedTotal'), value: formatNumber(report.total, 0) }]}
      />
      {report.total > report.exams.length ? (
        <p className="rounded-[var(--radius-card)] bg-warning-50 px-4 py-2 text-sm text-neutral-800">
          {t('passed.cut', {
            shown: formatNumber(report.exams.length, 0),
            total: formatNumber(report.total, 0),
          })}
        </p>
      ) : null}
      <ChartFrame label={t('chart.passed')}>
        <BarChart data={perMonth} accessibilityLayer={false} margin={{ left: 8, bottom: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={formatMonth}
            tick={AXIS_TICK}
            label={xAxisLabel(t('columns.month'))}
          />
          <YAxis
            allowDecimals={false}
            tick={AXIS_TICK}
            width={64}
            label={yAxisLabel(t('chart.count'))}
          />
          <Tooltip labelFormatter={(month) => formatMonth(String(month))} />
          <Bar dataKey="count" name={t('chart.passedPerMonth')} fill={SERIES_COLORS[1]} />
        </BarChart>
      </ChartFrame>
      <ReportTable
        caption={t('caption.passed')}
        columns={columns}
        rows={rows}
        rowKey={(row, index) => `${row.studentId}-${row.examDate}-${index}`}
      />
      {report.exams.length > PASSED_EXAMS_PAGE ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-neutral-700">
          <span>
            {t('passed.shownRows', {
              shown: formatNumber(rows.length, 0),
              total: formatNumber(report.exams.length, 0),
            })}
          </span>
          {rows.length < report.exams.length ? (
            <Button
              size="sm"
              variant="secondary"
              onPress={() => setShown((count) => count + PASSED_EXAMS_PAGE)}
            >
              {t('passed.showMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
