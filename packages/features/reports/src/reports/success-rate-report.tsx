import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type ExamSuccessRate,
  type ExamSuccessRateReport,
  type ReportFilter,
  type ReportKind,
  usePracticalSuccessReport,
  useTheorySuccessReport,
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
import { formatNumber, formatPercent } from '../format';
import { useReportsTranslation } from '../use-reports-translation';

const PERCENT_TICKS = [0, 25, 50, 75, 100];

/** No exam held: nothing attempted and nobody absent. */
const isEmptyRate = (report: ExamSuccessRateReport) =>
  report.total.attempts === 0 && report.total.absent === 0;

/** "Erfolgsquote praktische Prüfung" (`/training`). */
export function PracticalExamSuccessReport({ filter }: { filter: ReportFilter }) {
  const query = usePracticalSuccessReport(filter);
  return <SuccessRateFrame report="PRACTICAL_EXAM_SUCCESS_RATE" filter={filter} query={query} />;
}

/** "Erfolgsquote Theorieprüfung" (`/learn`). */
export function TheoryExamSuccessReport({ filter }: { filter: ReportFilter }) {
  const query = useTheorySuccessReport(filter);
  return <SuccessRateFrame report="THEORY_EXAM_SUCCESS_RATE" filter={filter} query={query} />;
}

function SuccessRateFrame({
  report,
  filter,
  query,
}: {
  report: ReportKind;
  filter: ReportFilter;
  query: ReturnType<typeof useTheorySuccessReport>;
}) {
  const { t } = useReportsTranslation();
  return (
    <ReportFrame
      report={report}
      filter={filter}
      query={query}
      isEmpty={isEmptyRate}
      note={t('success.note')}
    >
      {(data) => <SuccessRateContent report={data} />}
    </ReportFrame>
  );
}

function SuccessRateContent({ report }: { report: ExamSuccessRateReport }) {
  const { t } = useReportsTranslation();
  const figures: ReportColumn<ExamSuccessRate>[] = [
    {
      id: 'attempts',
      header: t('columns.attempts'),
      cell: (row) => formatNumber(row.attempts, 0),
      align: 'end',
    },
    {
      id: 'passed',
      header: t('columns.passed'),
      cell: (row) => formatNumber(row.passed, 0),
      align: 'end',
    },
    {
      id: 'failed',
      header: t('columns.failed'),
      cell: (row) => formatNumber(row.failed, 0),
      align: 'end',
    },
    {
      id: 'absent',
      header: t('columns.absent'),
      cell: (row) => formatNumber(row.absent, 0),
      align: 'end',
    },
    {
      id: 'rate',
      header: t('columns.rate'),
      cell: (row) => formatPercent(row.rate),
      align: 'end',
    },
    {
      id: 'firstAttempts',
      header: t('columns.firstAttempts'),
      cell: (row) => formatNumber(row.firstAttempts, 0),
      align: 'end',
    },
    {
      id: 'firstAttemptRate',
      header: t('columns.firstAttemptRate'),
      cell: (row) => formatPercent(row.firstAttemptRate),
      align: 'end',
    },
  ];
  const totals = (label: string) => [label, ...figures.map((column) => column.cell(report.total))];
  const unknown = t('table.unknown');

  return (
    <>
      <KeyFigures
        items={[
          { label: t('figures.rate'), value: formatPercent(report.total.rate) },
          {
            label: t('figures.firstAttemptRate'),
            value: formatPercent(report.total.firstAttemptRate),
          },
          { label: t('figures.attempts'), value: formatNumber(report.total.attempts, 0) },
          { label: t('columns.passed'), value: formatNumber(report.total.passed, 0) },
          { label: t('figures.absent'), value: formatNumber(report.total.absent, 0) },
        ]}
      />
      {report.classes.length > 0 ? (
        <ChartFrame label={t('chart.success')}>
          <BarChart
            data={report.classes}
            accessibilityLayer={false}
            margin={{ left: 8, bottom: 16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="licenseClass"
              tick={AXIS_TICK}
              label={xAxisLabel(t('columns.licenseClass'))}
            />
            <YAxis
              domain={[0, 100]}
              ticks={PERCENT_TICKS}
              tickFormatter={formatPercent}
              tick={AXIS_TICK}
              width={72}
              label={yAxisLabel(t('chart.percent'))}
            />
            <Tooltip formatter={(value) => formatPercent(Number(value))} />
            <Legend verticalAlign="top" itemSorter={null} />
            <Bar dataKey="rate" name={t('columns.rate')} fill={SERIES_COLORS[0]} />
            <Bar
              dataKey="firstAttemptRate"
              name={t('columns.firstAttemptRate')}
              fill={SERIES_COLORS[1]}
            />
          </BarChart>
        </ChartFrame>
      ) : null}
      <ReportTable
        caption={t('caption.successClasses')}
        rows={report.classes}
        rowKey={(row, index) => row.licenseClass ?? index}
        columns={[
          {
            id: 'class',
            header: t('columns.licenseClass'),
            cell: (row) => row.licenseClass ?? unknown,
            rowHeader: true,
          },
          ...figures,
        ]}
        footer={totals(t('table.total'))}
      />
      {report.instructors.length > 0 ? (
        <ReportTable
          caption={t('caption.successInstructors')}
          rows={report.instructors}
          rowKey={(row, index) => row.instructorId ?? `none-${index}`}
          columns={[
            {
              id: 'instructor',
              header: t('columns.instructor'),
              cell: (row) => row.instructorName ?? t('table.withoutInstructor'),
              rowHeader: true,
            },
            ...figures,
          ]}
        />
      ) : null}
      {report.testingOrganizations.length > 0 ? (
        <ReportTable
          caption={t('caption.successOrganizations')}
          rows={report.testingOrganizations}
          rowKey={(row, index) => row.testingOrganizationId ?? `none-${index}`}
          columns={[
            {
              id: 'organization',
              header: t('columns.testingOrganization'),
              cell: (row) => row.testingOrganizationName ?? unknown,
              rowHeader: true,
            },
            ...figures,
          ]}
        />
      ) : null}
    </>
  );
}
