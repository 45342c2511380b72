import { Bar, BarChart, CartesianGrid, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type EducationDurationReport as DurationReport,
  type EducationDurationOfClass,
  type ReportFilter,
  useEducationDurationReport,
} from '../api/report-queries';
import {
  AXIS_TICK,
  ChartFrame,
  SERIES_COLORS,
  xAxisLabel,
  yAxisLabel,
} from '../components/chart-frame';
import { ReportFrame } from '../components/report-frame';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { formatNumber } from '../format';
import { durationBars } from '../report-data';
import { useReportsTranslation } from '../use-reports-translation';

/**
 * "Ausbildungsdauer": the median days per class as bars, the middle half (25th to 75th
 * percentile) as an error bar around it, and every figure in the table.
 */
export function EducationDurationReport({ filter }: { filter: ReportFilter }) {
  const { t } = useReportsTranslation();
  const query = useEducationDurationReport(filter);
  return (
    <ReportFrame
      report="EDUCATION_DURATION"
      filter={filter}
      query={query}
      isEmpty={(report) => report.classes.length === 0}
      note={t('duration.note')}
    >
      {(report) => <DurationContent report={report} />}
    </ReportFrame>
  );
}

function DurationContent({ report }: { report: DurationReport }) {
  const { t } = useReportsTranslation();
  const days = (key: keyof EducationDurationOfClass, header: string) => ({
    id: key,
    header,
    cell: (row: EducationDurationOfClass) => formatNumber(Number(row[key])),
    align: 'end' as const,
  });
  const columns: ReportColumn<EducationDurationOfClass>[] = [
    {
      id: 'class',
      header: t('columns.licenseClass'),
      cell: (row) => row.licenseClass,
      rowHeader: true,
    },
    {
      id: 'count',
      header: t('columns.educations'),
      cell: (row) => formatNumber(row.educationCount, 0),
      align: 'end',
    },
    days('averageDays', t('columns.averageDays')),
    days('medianDays', t('columns.medianDays')),
    days('minDays', t('columns.minDays')),
    days('maxDays', t('columns.maxDays')),
    days('p25Days', t('columns.p25Days')),
    days('p75Days', t('columns.p75Days')),
    days('averageDrivingLessons', t('columns.averageDrivingLessons')),
  ];
  return (
    <>
      <ChartFrame label={t('chart.duration')}>
        <BarChart
          data={durationBars(report.classes)}
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
            tick={AXIS_TICK}
            width={64}
            tickFormatter={(value: number) => formatNumber(value, 0)}
            label={yAxisLabel(t('chart.days'))}
          />
          <Tooltip formatter={(value) => formatNumber(Number(value))} />
          <Bar dataKey="medianDays" name={t('columns.medianDays')} fill={SERIES_COLORS[0]}>
            <ErrorBar dataKey="spread" width={10} strokeWidth={2} stroke="#262626" />
          </Bar>
        </BarChart>
      </ChartFrame>
      <ReportTable
        caption={t('caption.duration')}
        columns={columns}
        rows={report.classes}
        rowKey={(row) => row.licenseClass}
      />
    </>
  );
}
