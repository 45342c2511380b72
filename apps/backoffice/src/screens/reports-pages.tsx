import {
  filterFromSearch,
  type ReportArea,
  type ReportFilterState,
  type ReportKind,
  ReportsScreen,
  reportOfArea,
  searchOfFilter,
} from '@fahrwerk/reports';
import { toIsoDate } from '@fahrwerk/ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { Pages } from './screens';

const AREA_PATHS: Record<ReportArea, string> = {
  finances: '/finances',
  training: '/training',
  learn: '/learn',
  planning: '/planning',
};

/**
 * A report screen whose tab and filter live in the URL (`?report=…&period=lastMonth&branch=2`
 * or `?from=…&to=…`), so a reload, the back button and a shared link show the same report.
 * Without a query: the area's first report over this year.
 */
function ReportsPage({ area }: { area: ReportArea }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const today = toIsoDate(new Date());
  const filter = useMemo(() => filterFromSearch(search, today), [search, today]);
  const report = reportOfArea(area, search.report);
  const show = (nextFilter: ReportFilterState, nextReport: ReportKind) => {
    const query = new URLSearchParams({
      ...(nextReport === reportOfArea(area, undefined) ? {} : { report: nextReport }),
      ...searchOfFilter(nextFilter),
    }).toString();
    void navigate({
      href: query ? `${AREA_PATHS[area]}?${query}` : AREA_PATHS[area],
      replace: true,
    });
  };
  return (
    <ReportsScreen
      key={area}
      area={area}
      today={today}
      filter={filter}
      onFilterChange={(next) => show(next, report)}
      report={report}
      onReportChange={(next) => show(filter, next)}
    />
  );
}

/**
 * The reports (`/finances`, `/training`, `/learn`, `/planning`): `reports.<area>` in the
 * route table. Their own chunk, loaded with the first report route: Recharts comes with it.
 */
export const REPORT_PAGES = {
  finances: () => <ReportsPage area="finances" />,
  training: () => <ReportsPage area="training" />,
  learn: () => <ReportsPage area="learn" />,
  planning: () => <ReportsPage area="planning" />,
} satisfies Pages;
