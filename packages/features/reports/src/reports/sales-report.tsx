import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type InstructorSales,
  type ReportFilter,
  type SalesPerInstructorReport,
  useSalesReport,
} from '../api/report-queries';
import { AXIS_TICK, ChartFrame, SERIES_COLORS, xAxisLabel } from '../components/chart-frame';
import { KeyFigures } from '../components/key-figures';
import { ReportFrame } from '../components/report-frame';
import { ReportTable } from '../components/report-table';
import { formatEuro, formatEuroAxis, formatNumber } from '../format';
import { useReportsTranslation } from '../use-reports-translation';

const nameOf = (row: InstructorSales) => `${row.firstName} ${row.lastName}`;

/** "Umsatz je Fahrlehrer": gross sales per instructor as horizontal bars, and the details. */
export function SalesReport({ filter }: { filter: ReportFilter }) {
  const query = useSalesReport(filter);
  return (
    <ReportFrame
      report="SALES_PER_INSTRUCTOR"
      filter={filter}
      query={query}
      isEmpty={(report) => report.instructors.length === 0}
    >
      {(report) => <SalesContent report={report} />}
    </ReportFrame>
  );
}

function SalesContent({ report }: { report: SalesPerInstructorReport }) {
  const { t } = useReportsTranslation();
  const bars = report.instructors.map((row) => ({ name: nameOf(row), gross: row.gross }));
  return (
    <>
      <KeyFigures
        items={[
          { label: t('figures.gross'), value: formatEuro(report.gross) },
          { label: t('figures.net'), value: formatEuro(report.net) },
          { label: t('figures.instructors'), value: formatNumber(report.instructors.length, 0) },
        ]}
      />
      <ChartFrame label={t('chart.sales')} height={Math.max(180, 56 + bars.length * 36)}>
        <BarChart
          data={bars}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ left: 8, right: 24, bottom: 16 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={formatEuroAxis}
            tick={AXIS_TICK}
            label={xAxisLabel(t('columns.gross'))}
          />
          <YAxis type="category" dataKey="name" width={150} tick={AXIS_TICK} />
          <Tooltip formatter={(value) => formatEuro(Number(value))} />
          <Bar dataKey="gross" name={t('columns.gross')} fill={SERIES_COLORS[0]} />
        </BarChart>
      </ChartFrame>
      <ReportTable<InstructorSales>
        caption={t('caption.sales')}
        rows={report.instructors}
        rowKey={(row) => row.instructorId}
        columns={[
          { id: 'name', header: t('columns.instructor'), cell: nameOf, rowHeader: true },
          {
            id: 'lessons',
            header: t('columns.drivingLessons'),
            cell: (row) => formatNumber(row.drivingLessonCount, 0),
            align: 'end',
          },
          {
            id: 'minutes',
            header: t('columns.minutes'),
            cell: (row) => formatNumber(row.drivingMinutes, 0),
            align: 'end',
          },
          {
            id: 'exams',
            header: t('columns.exams'),
            cell: (row) => formatNumber(row.examCount, 0),
            align: 'end',
          },
          {
            id: 'theory',
            header: t('columns.theoryLessons'),
            cell: (row) => formatNumber(row.theoryLessonCount, 0),
            align: 'end',
          },
          {
            id: 'net',
            header: t('columns.net'),
            cell: (row) => formatEuro(row.net),
            align: 'end',
          },
          {
            id: 'gross',
            header: t('columns.gross'),
            cell: (row) => formatEuro(row.gross),
            align: 'end',
          },
        ]}
        footer={[
          t('table.total'),
          '',
          '',
          '',
          '',
          formatEuro(report.net),
          formatEuro(report.gross),
        ]}
      />
    </>
  );
}
