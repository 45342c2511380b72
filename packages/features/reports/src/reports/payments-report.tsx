import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type PaymentsPerDrivingSchoolReport,
  type ReportFilter,
  usePaymentsReport,
} from '../api/report-queries';
import {
  AXIS_TICK,
  ChartFrame,
  seriesColor,
  xAxisLabel,
  yAxisLabel,
} from '../components/chart-frame';
import { KeyFigures } from '../components/key-figures';
import { ReportFrame } from '../components/report-frame';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { formatEuro, formatEuroAxis, formatMonth, formatNumber } from '../format';
import { type PaymentsMonth, paymentMethodsOf, paymentsPerMonth } from '../report-data';
import { useReportsTranslation } from '../use-reports-translation';

/** "Zahlungseingänge": payments received per month, stacked by payment method. */
export function PaymentsReport({ filter }: { filter: ReportFilter }) {
  const query = usePaymentsReport(filter);
  return (
    <ReportFrame
      report="PAYMENTS_PER_DRIVING_SCHOOL"
      filter={filter}
      query={query}
      isEmpty={(report) => report.rows.length === 0}
    >
      {(report) => <PaymentsContent report={report} />}
    </ReportFrame>
  );
}

function PaymentsContent({ report }: { report: PaymentsPerDrivingSchoolReport }) {
  const { t } = useReportsTranslation();
  const methods = paymentMethodsOf(report);
  const months = paymentsPerMonth(report);
  const methodTotal = (method: string) =>
    report.methods.find((row) => row.method === method)?.amount ?? 0;
  const count = report.methods.reduce((sum, row) => sum + row.count, 0);
  const columns: ReportColumn<PaymentsMonth>[] = [
    {
      id: 'month',
      header: t('columns.month'),
      cell: (row) => formatMonth(row.month),
      rowHeader: true,
    },
    ...methods.map(
      (method): ReportColumn<PaymentsMonth> => ({
        id: method,
        header: t(`paymentMethod.${method}`),
        cell: (row) => formatEuro(row[method] ?? 0),
        align: 'end',
      }),
    ),
    {
      id: 'total',
      header: t('columns.total'),
      cell: (row) => formatEuro(row.total),
      align: 'end',
    },
  ];

  return (
    <>
      <KeyFigures
        items={[
          { label: t('figures.paymentsTotal'), value: formatEuro(report.total) },
          { label: t('figures.paymentCount'), value: formatNumber(count, 0) },
          ...report.methods.map((row) => ({
            label: t(`paymentMethod.${row.method}`),
            value: formatEuro(row.amount),
          })),
        ]}
      />
      <ChartFrame label={t('chart.payments')}>
        <BarChart data={months} accessibilityLayer={false} margin={{ left: 8, bottom: 16 }}>
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
          {methods.map((method, index) => (
            <Bar
              key={method}
              dataKey={method}
              name={t(`paymentMethod.${method}`)}
              stackId="payments"
              fill={seriesColor(index)}
            />
          ))}
        </BarChart>
      </ChartFrame>
      <ReportTable
        caption={t('caption.payments')}
        columns={columns}
        rows={months}
        rowKey={(row) => row.month}
        footer={[
          t('table.total'),
          ...methods.map((method) => formatEuro(methodTotal(method))),
          formatEuro(report.total),
        ]}
      />
    </>
  );
}
