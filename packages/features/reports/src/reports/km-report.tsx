import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type KmPerDrivingLessonReport,
  type ReportFilter,
  useKmReport,
} from '../api/report-queries';
import { AXIS_TICK, ChartFrame, SERIES_COLORS, xAxisLabel } from '../components/chart-frame';
import { KeyFigures } from '../components/key-figures';
import { ReportFrame } from '../components/report-frame';
import { ReportTable } from '../components/report-table';
import { formatNumber } from '../format';
import { useReportsTranslation } from '../use-reports-translation';

type KmVehicle = KmPerDrivingLessonReport['vehicles'][number];
type KmInstructor = KmPerDrivingLessonReport['instructors'][number];

const vehicleName = (row: KmVehicle) => (row.plate ? `${row.name} (${row.plate})` : row.name);
const instructorName = (row: KmInstructor) => `${row.firstName} ${row.lastName}`;

/** "Kilometer je Fahrstunde": km per 45-minute lesson, per vehicle and per instructor. */
export function KmReport({ filter }: { filter: ReportFilter }) {
  const { t } = useReportsTranslation();
  const query = useKmReport(filter);
  return (
    <ReportFrame
      report="KM_PER_DRIVING_LESSON"
      filter={filter}
      query={query}
      isEmpty={(report) => report.vehicles.length === 0 && report.instructors.length === 0}
      note={t('km.note')}
    >
      {(report) => <KmContent report={report} />}
    </ReportFrame>
  );
}

function KmBars({ label, bars }: { label: string; bars: { name: string; kmPerLesson: number }[] }) {
  const { t } = useReportsTranslation();
  return (
    <ChartFrame label={label} height={Math.max(160, 56 + bars.length * 36)}>
      <BarChart
        data={bars}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ left: 8, right: 24, bottom: 16 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          tick={AXIS_TICK}
          tickFormatter={(value: number) => formatNumber(value)}
          label={xAxisLabel(t('chart.kmPerLesson'))}
        />
        <YAxis type="category" dataKey="name" width={170} tick={AXIS_TICK} />
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Bar dataKey="kmPerLesson" name={t('chart.kmPerLesson')} fill={SERIES_COLORS[2]} />
      </BarChart>
    </ChartFrame>
  );
}

function KmContent({ report }: { report: KmPerDrivingLessonReport }) {
  const { t } = useReportsTranslation();
  const totals = {
    lessons: formatNumber(report.lessonCount, 0),
    km: formatNumber(report.km, 0),
    kmPerLesson: formatNumber(report.kmPerLesson),
  };
  const figures = <T extends KmVehicle | KmInstructor>() => [
    {
      id: 'units',
      header: t('columns.units'),
      cell: (row: T) => formatNumber(row.lessonCount, 0),
      align: 'end' as const,
    },
    {
      id: 'minutes',
      header: t('columns.minutes'),
      cell: (row: T) => formatNumber(row.minutes, 0),
      align: 'end' as const,
    },
    {
      id: 'km',
      header: t('columns.km'),
      cell: (row: T) => formatNumber(row.km, 0),
      align: 'end' as const,
    },
    {
      id: 'kmPerLesson',
      header: t('columns.kmPerLesson'),
      cell: (row: T) => formatNumber(row.kmPerLesson),
      align: 'end' as const,
    },
  ];

  return (
    <>
      <KeyFigures
        items={[
          { label: t('figures.km'), value: totals.km },
          { label: t('figures.units'), value: totals.lessons },
          { label: t('figures.kmPerLesson'), value: totals.kmPerLesson },
        ]}
      />
      {report.vehicles.length > 0 ? (
        <>
          <KmBars
            label={t('chart.kmVehicles')}
            bars={report.vehicles.map((row) => ({
              name: vehicleName(row),
              kmPerLesson: row.kmPerLesson,
            }))}
          />
          <ReportTable<KmVehicle>
            caption={t('caption.kmVehicles')}
            rows={report.vehicles}
            rowKey={(row) => row.vehicleId}
            columns={[
              {
                id: 'vehicle',
                header: t('columns.vehicle'),
                cell: (row) => row.name,
                rowHeader: true,
              },
              { id: 'plate', header: t('columns.plate'), cell: (row) => row.plate ?? '–' },
              ...figures<KmVehicle>(),
            ]}
            footer={[t('table.total'), '', totals.lessons, '', totals.km, totals.kmPerLesson]}
          />
        </>
      ) : null}
      {report.instructors.length > 0 ? (
        <>
          <KmBars
            label={t('chart.kmInstructors')}
            bars={report.instructors.map((row) => ({
              name: instructorName(row),
              kmPerLesson: row.kmPerLesson,
            }))}
          />
          <ReportTable<KmInstructor>
            caption={t('caption.kmInstructors')}
            rows={report.instructors}
            rowKey={(row) => row.instructorId}
            columns={[
              {
                id: 'instructor',
                header: t('columns.instructor'),
                cell: instructorName,
                rowHeader: true,
              },
              ...figures<KmInstructor>(),
            ]}
            footer={[t('table.total'), totals.lessons, '', totals.km, totals.kmPerLesson]}
          />
        </>
      ) : null}
    </>
  );
}
