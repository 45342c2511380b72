import { Badge, type BadgeTone, cn, ErrorState, formatDate, Link, Spinner } from '@fahrwerk/ui';
import { type ReactNode, useId } from 'react';
import {
  type DashboardExamWindow,
  type DashboardFailedDebit,
  type DashboardRevenue,
  type DashboardTheoryCourse,
  type DashboardTodos,
  type DashboardVehicleDue,
  type OfficeDashboard,
  useOfficeDashboard,
} from './api/office-dashboard-queries';
import {
  courseDates,
  examWindowUrgency,
  examWindowWording,
  firstOf,
  formatEuro,
  formatPercent,
  monthName,
  previousToDateDay,
  revenueChange,
  todoDueWording,
  vehicleDueWording,
} from './tile-wording';
import { useDashboardTranslation } from './use-dashboard-translation';

export type OfficeDashboardTilesProps = {
  /**
   * Turns a back-office path (`/todo`, `/students/edit/7?tab=payments`, `/theory?course=3`)
   * into the href of a link; a host under another base path or with other routes maps them
   * here. Default: the path as it is.
   */
  linkTo?: (path: string) => string;
  className?: string;
};

type LinkTo = (path: string) => string;

const asIs: LinkTo = (path) => path;

/** How many entries a list tile shows before "und 3 weitere Einträge". */
const LIST_LIMIT = 5;

/**
 * The start page's "what needs me today" (`GET /office-dashboard`, one call): a responsive grid
 * of tiles, each leading to its screen — new registrations, unread e-mails, open to-dos,
 * vehicles with HU/SP due, failed direct debits, practical-exam windows closing, the next
 * theory courses and this month's revenue. The server answers only the sections the user may
 * see; a present section always gets its tile (a calm "Nichts offen" when there is nothing to
 * do), an absent one none.
 */
export function OfficeDashboardTiles({ linkTo = asIs, className }: OfficeDashboardTilesProps) {
  const { t } = useDashboardTranslation();
  const dashboard = useOfficeDashboard();
  const titleId = useId();

  // Tiles once there are any (a failed refresh in the background keeps the last answer).
  let body: ReactNode;
  if (dashboard.data) {
    body = <Tiles dashboard={dashboard.data} linkTo={linkTo} />;
  } else if (dashboard.isError) {
    body = (
      <ErrorState
        className="rounded-lg border border-neutral-200 bg-white"
        message={t('loadError')}
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
      />
    );
  } else {
    body = <TilesLoading label={t('loading')} />;
  }

  return (
    <section aria-labelledby={titleId} className={cn('@container flex flex-col gap-3', className)}>
      <h2 id={titleId} className="text-lg font-semibold text-neutral-900">
        {t('title')}
      </h2>
      {body}
    </section>
  );
}

const GRID = 'grid gap-4 @xl:grid-cols-2 @5xl:grid-cols-3';

function TilesLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3">
      <span className="text-brand-600">
        <Spinner label={label} />
      </span>
      <div className={GRID} aria-hidden="true">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="h-32 animate-pulse rounded-lg bg-neutral-100" />
        ))}
      </div>
    </div>
  );
}

function Tiles({ dashboard, linkTo }: { dashboard: OfficeDashboard; linkTo: LinkTo }) {
  const { t } = useDashboardTranslation();
  const { today } = dashboard;
  // The counts are small: a row of their own, so they do not stretch beside a list.
  const counts: ReactNode[] = [];
  if (dashboard.registrations) {
    counts.push(
      <CountTile
        key="registrations"
        area="registrations"
        count={dashboard.registrations.count}
        href={linkTo('/registration')}
      />,
    );
  }
  if (dashboard.mails) {
    counts.push(
      <CountTile key="mails" area="mails" count={dashboard.mails.count} href={linkTo('/email')} />,
    );
  }
  const lists: ReactNode[] = [];
  if (dashboard.todos) {
    lists.push(<TodosTile key="todos" todos={dashboard.todos} today={today} linkTo={linkTo} />);
  }
  if (dashboard.vehiclesDue) {
    lists.push(
      <VehiclesTile
        key="vehicles"
        vehicles={dashboard.vehiclesDue}
        today={today}
        linkTo={linkTo}
      />,
    );
  }
  if (dashboard.failedDebits) {
    lists.push(
      <FailedDebitsTile key="failedDebits" debits={dashboard.failedDebits} linkTo={linkTo} />,
    );
  }
  if (dashboard.examWindows) {
    lists.push(
      <ExamWindowsTile key="examWindows" windows={dashboard.examWindows} linkTo={linkTo} />,
    );
  }
  if (dashboard.theoryCourses) {
    lists.push(
      <TheoryCoursesTile key="theory" courses={dashboard.theoryCourses} linkTo={linkTo} />,
    );
  }
  if (dashboard.revenue) {
    lists.push(
      <RevenueTile key="revenue" revenue={dashboard.revenue} today={today} linkTo={linkTo} />,
    );
  }
  if (counts.length === 0 && lists.length === 0) {
    return <NothingOpen>{t('nothingOpen')}</NothingOpen>;
  }
  return (
    <div className="flex flex-col gap-4">
      {counts.length > 0 && <div className="grid gap-4 @md:grid-cols-2">{counts}</div>}
      {lists.length > 0 && <div className={GRID}>{lists}</div>}
    </div>
  );
}

type TileProps = {
  title: string;
  description?: string;
  /** The screen the tile leads to. */
  link?: { href: string; label: string };
  /** Something is overdue or failed: a red edge (the text says so too). */
  attention?: boolean;
  children: ReactNode;
};

function Tile({ title, description, link, attention, children }: TileProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs',
        attention && 'border-l-4 border-l-danger-500',
      )}
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={headingId} className="text-base font-semibold text-neutral-900">
          {title}
        </h3>
        {description && <p className="text-sm text-neutral-600">{description}</p>}
      </div>
      <div className="flex flex-1 flex-col gap-3">{children}</div>
      {link && (
        <Link href={link.href} className="self-start text-sm font-medium">
          {link.label}
        </Link>
      )}
    </section>
  );
}

function NothingOpen({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-600">
      <span aria-hidden="true" className="text-success-600">
        ✓
      </span>
      {children}
    </p>
  );
}

/** A big number with its words after it, read as one phrase: "3 neue Anmeldungen". */
function BigCount({ count, label }: { count: number; label: string }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-neutral-700">
      <span className="text-3xl font-semibold text-neutral-900 tabular-nums">{count}</span>{' '}
      <span>{label}</span>
    </p>
  );
}

/** "und 3 weitere Einträge" below a shortened list. */
function More({ count }: { count: number }) {
  const { t } = useDashboardTranslation();
  return count > 0 ? <p className="text-sm text-neutral-600">{t('more', { count })}</p> : null;
}

const LIST = 'flex flex-col divide-y divide-neutral-100';
const ROW = 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm';

function CountTile({
  area,
  count,
  href,
}: {
  area: 'registrations' | 'mails';
  count: number;
  href: string;
}) {
  const { t } = useDashboardTranslation();
  return (
    <Tile title={t(`${area}.title`)} link={{ href, label: t(`${area}.link`) }}>
      {count === 0 ? (
        <NothingOpen>{t('nothingOpen')}</NothingOpen>
      ) : (
        <BigCount count={count} label={t(`${area}.count`, { count })} />
      )}
    </Tile>
  );
}

function TodosTile({
  todos,
  today,
  linkTo,
}: {
  todos: DashboardTodos;
  today: string;
  linkTo: LinkTo;
}) {
  const { t } = useDashboardTranslation();
  return (
    <Tile
      title={t('todos.title')}
      link={{ href: linkTo('/todo'), label: t('todos.link') }}
      attention={todos.overdue > 0}
    >
      {todos.open === 0 ? (
        <NothingOpen>{t('nothingOpen')}</NothingOpen>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <BigCount count={todos.open} label={t('todos.count', { count: todos.open })} />
            {todos.overdue > 0 && (
              <Badge tone="danger">{t('todos.overdue', { count: todos.overdue })}</Badge>
            )}
          </div>
          {todos.items.length > 0 && (
            <ul aria-label={t('todos.next')} className={LIST}>
              {todos.items.map((item) => {
                const due = todoDueWording(item.dueDate, today);
                return (
                  <li key={item.id} className={ROW}>
                    <span className="min-w-0 break-words text-neutral-900">{item.title}</span>
                    <span
                      className={cn(
                        'tabular-nums',
                        due.overdue ? 'font-medium text-danger-700' : 'text-neutral-600',
                      )}
                    >
                      {t(due.key, due.values)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Tile>
  );
}

function VehiclesTile({
  vehicles,
  today,
  linkTo,
}: {
  vehicles: DashboardVehicleDue[];
  today: string;
  linkTo: LinkTo;
}) {
  const { t } = useDashboardTranslation();
  const { shown, more } = firstOf(vehicles, LIST_LIMIT);
  const wordings = shown.map((vehicle) => vehicleDueWording(vehicle, today));
  return (
    <Tile
      title={t('vehicles.title')}
      description={vehicles.length > 0 ? t('vehicles.description') : undefined}
      link={{ href: linkTo('/vehicles'), label: t('vehicles.link') }}
      attention={wordings.some((wording) => wording.urgency === 'danger')}
    >
      {vehicles.length === 0 ? (
        <NothingOpen>{t('nothingOpen')}</NothingOpen>
      ) : (
        <>
          <ul className={LIST}>
            {shown.map((vehicle, index) => {
              const due = wordings[index] ?? vehicleDueWording(vehicle, today);
              return (
                <li key={`${vehicle.vehicleId}-${vehicle.check}`} className={ROW}>
                  <span>
                    <span className="font-medium text-neutral-900">{vehicle.name}</span>{' '}
                    <span className="whitespace-nowrap text-neutral-600">{vehicle.plate}</span>
                  </span>
                  <Badge tone={due.urgency}>{t(due.key, due.values)}</Badge>
                </li>
              );
            })}
          </ul>
          <More count={more} />
        </>
      )}
    </Tile>
  );
}

function FailedDebitsTile({ debits, linkTo }: { debits: DashboardFailedDebit[]; linkTo: LinkTo }) {
  const { t } = useDashboardTranslation();
  const { shown, more } = firstOf(debits, LIST_LIMIT);
  return (
    <Tile
      title={t('failedDebits.title')}
      description={debits.length > 0 ? t('failedDebits.description') : undefined}
      link={{ href: linkTo('/automatic-payments-live-pay'), label: t('failedDebits.link') }}
      attention={debits.length > 0}
    >
      {debits.length === 0 ? (
        <NothingOpen>{t('nothingOpen')}</NothingOpen>
      ) : (
        <>
          <ul className={LIST}>
            {shown.map((debit) => (
              <li key={debit.studentEducationId} className={ROW}>
                <span className="flex flex-col">
                  <Link href={linkTo(`/students/edit/${debit.studentId}?tab=payments`)}>
                    {debit.firstName} {debit.lastName}
                  </Link>
                  <span className="text-neutral-600">
                    {t('licenseClass', { licenseClass: debit.licenseClass })} ·{' '}
                    {t('failedDebits.date', { date: formatDate(debit.paymentDate) })}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-medium text-neutral-900 tabular-nums">
                    {formatEuro(debit.amount)}
                  </span>
                  <Badge tone="danger">
                    {t(`failedDebits.status.${debit.status}`, { defaultValue: debit.status })}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
          <More count={more} />
        </>
      )}
    </Tile>
  );
}

const URGENCY_TONE: Record<ReturnType<typeof examWindowUrgency>, BadgeTone> = {
  danger: 'danger',
  warning: 'warning',
  neutral: 'neutral',
};

function ExamWindowsTile({ windows, linkTo }: { windows: DashboardExamWindow[]; linkTo: LinkTo }) {
  const { t } = useDashboardTranslation();
  const { shown, more } = firstOf(windows, LIST_LIMIT);
  return (
    <Tile
      title={t('examWindows.title')}
      description={windows.length > 0 ? t('examWindows.description') : undefined}
      attention={windows.some((exam) => examWindowUrgency(exam.daysLeft) === 'danger')}
    >
      {windows.length === 0 ? (
        <NothingOpen>{t('nothingOpen')}</NothingOpen>
      ) : (
        <>
          <ul className={LIST}>
            {shown.map((exam) => {
              const left = examWindowWording(exam.daysLeft);
              const date = formatDate(exam.closesOn);
              return (
                <li key={exam.studentEducationId} className={ROW}>
                  <span className="flex flex-col">
                    <Link href={linkTo(`/students/edit/${exam.studentId}?tab=educations`)}>
                      {exam.firstName} {exam.lastName}
                    </Link>
                    <span className="text-neutral-600">
                      {t('licenseClass', { licenseClass: exam.licenseClass })} ·{' '}
                      {t(exam.daysLeft < 0 ? 'examWindows.closedOn' : 'examWindows.closesOn', {
                        date,
                      })}
                    </span>
                  </span>
                  <Badge tone={URGENCY_TONE[examWindowUrgency(exam.daysLeft)]}>
                    {t(left.key, left.values)}
                  </Badge>
                </li>
              );
            })}
          </ul>
          <More count={more} />
        </>
      )}
    </Tile>
  );
}

function TheoryCoursesTile({
  courses,
  linkTo,
}: {
  courses: DashboardTheoryCourse[];
  linkTo: LinkTo;
}) {
  const { t } = useDashboardTranslation();
  return (
    <Tile
      title={t('theoryCourses.title')}
      link={{ href: linkTo('/theory'), label: t('theoryCourses.link') }}
    >
      {courses.length === 0 ? (
        <NothingOpen>{t('theoryCourses.empty')}</NothingOpen>
      ) : (
        <ul className={LIST}>
          {courses.map((course) => (
            <li key={course.id} className={ROW}>
              <span className="flex flex-col">
                <Link href={linkTo(`/theory?course=${course.id}`)}>{course.shortDescription}</Link>
                <span className="text-neutral-600 tabular-nums">
                  {courseDates(course.start, course.end)}
                </span>
              </span>
              <span className="flex items-center gap-2 text-neutral-700">
                {t('theoryCourses.booked', { booked: course.booked, quantity: course.quantity })}
                {course.quantity > 0 && course.booked >= course.quantity && (
                  <Badge tone="warning">{t('theoryCourses.full')}</Badge>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Tile>
  );
}

const CHANGE_STYLE = {
  up: { arrow: '▲', className: 'text-success-700' },
  down: { arrow: '▼', className: 'text-danger-700' },
  same: { arrow: '▶', className: 'text-neutral-700' },
} as const;

function RevenueTile({
  revenue,
  today,
  linkTo,
}: {
  revenue: DashboardRevenue;
  today: string;
  linkTo: LinkTo;
}) {
  const { t, i18n } = useDashboardTranslation();
  const language = i18n.language;
  const previousMonth = monthName(revenue.previousMonth, language);
  const day = previousToDateDay(today, revenue.previousMonth);
  const period =
    day === 1
      ? t('revenue.periodOneDay', { month: previousMonth })
      : t('revenue.period', { month: previousMonth, day });
  const change = revenueChange(revenue.amount, revenue.previousToDate);
  const style = CHANGE_STYLE[change.direction];
  return (
    <Tile
      title={t('revenue.title')}
      description={t('revenue.month', { month: monthName(revenue.month, language, true) })}
      link={{ href: linkTo('/finances'), label: t('revenue.link') }}
    >
      <p className="text-3xl font-semibold text-neutral-900 tabular-nums">
        {formatEuro(revenue.amount)}
      </p>
      {change.percent === null ? (
        <p className="text-sm text-neutral-700">{t('revenue.noComparison', { period })}</p>
      ) : (
        <p className={cn('flex items-baseline gap-1.5 text-sm font-medium', style.className)}>
          <span aria-hidden="true">{style.arrow}</span>
          <span>
            {t('revenue.change', {
              percent: formatPercent(change.percent),
              period,
              amount: formatEuro(revenue.previousToDate),
            })}
          </span>
        </p>
      )}
      <p className="text-sm text-neutral-600">
        {t('revenue.previousFull', {
          month: previousMonth,
          amount: formatEuro(revenue.previousAmount),
        })}
      </p>
    </Tile>
  );
}
