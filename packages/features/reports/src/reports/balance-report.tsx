import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type BalancePerDrivingSchoolReport,
  type ReportFilter,
  useBalanceReport,
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
import { ReportTable } from '../components/report-table';
import { formatEuro, formatEuroAxis, formatMonth, formatNumber } from '../format';
import { useReportsTranslation } from '../use-reports-translation';

type BalanceMonth = BalancePerDrivingSchoolReport['months'][number];

/** Nothing moved and nothing is open: no months, or only months without any amount. */
const isEmptyBalance = (report: BalancePerDrivingSchoolReport) =>
  report.months.every((month) => month.invoiced === 0 && month.paid === 0) &&
  report.openingBalance === 0 &&
  report.closingBalance === 0;

/** "Saldo": the balance per month (line) with the amounts invoiced and paid (bars). */
export function BalanceReport({ filter }: { filter: ReportFilter }) {
  const query = useBalanceReport(filter);
  return (
    <ReportFrame
      report="BALANCE_PER_DRIVING_SCHOOL"
      filter={filter}
      query={query}
      isEmpty={isEmptyBalance}
    >
      {(report) => <BalanceContent report={report} />}
    </ReportFrame>
  );
}

function BalanceContent({ report }: { report: BalancePerDrivingSchoolReport }) {
  const { t } = useReportsTranslation();
  return (
    <>
      <KeyFigures
        items={[
          { label: t('figures.openingBalance'), value: formatEuro(report.openingBalance) },
          { label: t('figures.closingBalance'), value: formatEuro(report.closingBalance) },
          { label: t('figures.receivables'), value: formatEuro(report.receivables) },
          { label: t('figures.credits'), value: formatEuro(report.credits) },
          { label: t('figures.debtorCount'), value: formatNumber(report.debtorCount, 0) },
        ]}
      />
      <ChartFrame label={t('chart.balance')}>
        <ComposedChart
          data={report.months}
          accessibilityLayer={false}
          margin={{ left: 8, bottom: 16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={formatMonth}
            tick={AXIS_TICK}
            label={xAxisLabel(t('columns.month'))}
          />
          <YAxis
            tickFormatter={formatEuroAxis}
            tick={AXIS_TICK}
            width={96}
            label={yAxisLabel(t('chart.amount'))}
          />
          <Tooltip
            formatter={(value) => formatEuro(Number(value))}
            labelFormatter={(month) => formatMonth(String(month))}
          />
          <Legend verticalAlign="top" itemSorter={null} />
          <Bar dataKey="invoiced" name={t('columns.invoiced')} fill={SERIES_COLORS[0]} />
          <Bar dataKey="paid" name={t('columns.paid')} fill={SERIES_COLORS[1]} />
          <Line
            dataKey="balance"
            name={t('columns.balance')}
            type="monotone"
            stroke={SERIES_COLORS[4]}
            strokeWidth={2}
            dot={{ r: 3 }}
          />
        </ComposedChart>
      </ChartFrame>
      <ReportTable<BalanceMonth>
        caption={t('caption.balance')}
        rows={report.months}
        rowKey={(row) => row.month}
        columns={[
          {
            id: 'month',
            header: t('columns.month'),
            cell: (row) => formatMonth(row.month),
            rowHeader: true,
          },
          {
            id: 'invoiced',
            header: t('columns.invoiced'),
            cell: (row) => formatEuro(row.invoiced),
            align: 'end',
          },
          {
            id: 'paid',
            header: t('columns.paid'),
            cell: (row) => formatEuro(row.paid),
            align: 'end',
          },
          {
            id: 'change',
            header: t('columns.change'),
            cell: (row) => formatEuro(row.change),
            align: 'end',
          },
          {
            id: 'balance',
            header: t('columns.balance'),
            cell: (row) => formatEuro(row.balance),
            align: 'end',
          },
        ]}
      />
    </>
  );
}
