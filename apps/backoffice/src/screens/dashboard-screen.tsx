import { type components, type PermissionKey, useApi } from '@fahrwerk/api';
import { hasPermissions, usePermissions } from '@fahrwerk/core';
import { Button, cn, formatDate, Link, PageHeader, Spinner, toIsoDate } from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleSidebar } from '../shell/sidebar-items';
import { useSession } from '../use-app';

type CalendarEntry = components['schemas']['CalendarEntry'];

// The tiles come in their own chunk, fetched with the start page: the entry chunk stays within
// its budget (250 kB gzip, vite.config.ts), and the calendar's call starts meanwhile.
const OfficeDashboardTiles = lazy(() =>
  import('@fahrwerk/dashboard').then((module) => ({ default: module.OfficeDashboardTiles })),
);

/** The days "Meine Termine" shows: today and the next six. */
export const OWN_CALENDAR_DAYS = 7;

/** `YYYY-MM-DD` plus whole days (calendar days: no time zone, no daylight saving). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `HH:mm` plus minutes, on the 24-hour clock. */
export function endTime(startTime: string, minutes: number): string {
  const [hours = 0, mins = 0] = startTime.split(':').map(Number);
  const end = (hours * 60 + mins + minutes) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** The entries by day (only days with entries), each day's entries by start time. */
export function groupByDay(entries: CalendarEntry[]): { date: string; entries: CalendarEntry[] }[] {
  const days = new Map<string, CalendarEntry[]>();
  const sorted = [...entries].sort((a, b) =>
    `${a.appointment.date}T${a.appointment.startTime}`.localeCompare(
      `${b.appointment.date}T${b.appointment.startTime}`,
    ),
  );
  for (const entry of sorted) {
    const day = days.get(entry.appointment.date) ?? [];
    day.push(entry);
    days.set(entry.appointment.date, day);
  }
  return [...days].map(([date, dayEntries]) => ({ date, entries: dayEntries }));
}

/** "Heute", "Morgen", else the weekday and `DD.MM.` ("Mittwoch, 02.12."). */
export function dayLabel(date: string, today: string, t: TFunction, language: string): string {
  if (date === today) return t('dashboard.appointments.today');
  if (date === addDays(today, 1)) return t('dashboard.appointments.tomorrow');
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString(language, {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return t('dashboard.appointments.day', { weekday, date: formatDate(date).slice(0, 6) });
}

/** One line: type (and hour type), the student or the appointment's title, the vehicle. */
function entryText(entry: CalendarEntry, t: TFunction): string {
  const { appointment } = entry;
  const kind = appointment.hourType
    ? `${t(`appointmentTypes.${appointment.type}`)} (${t(`hourTypes.${appointment.hourType}`)})`
    : t(`appointmentTypes.${appointment.type}`);
  return [kind, entry.studentName ?? appointment.title, entry.vehicleName]
    .filter(Boolean)
    .join(' · ');
}

export type OwnAppointmentsProps = {
  /** The signed-in user: the calendar shown. */
  userId: number;
  /** The moment "today" is taken from (Europe/Berlin). @default now */
  now?: Date;
};

/**
 * "Meine Termine": the signed-in user's appointments of today and the next six days
 * (`POST /calendar/filter` for their own calendar), by day, with a link to the scheduler.
 * Plain lists on purpose: the dashboard is in the entry chunk, the calendar is not.
 */
export function OwnAppointments({ userId, now }: OwnAppointmentsProps) {
  const { t, i18n } = useTranslation('backoffice');
  const api = useApi();
  const today = toIsoDate(now ?? new Date());
  const query = useQuery({
    ...api.query.queryOptions('post', '/calendar/filter', {
      body: { from: today, to: addDays(today, OWN_CALENDAR_DAYS - 1), instructorIds: [userId] },
    }),
    meta: { silentError: true },
  });
  const days = query.data ? groupByDay(query.data.data) : [];

  return (
    <section
      aria-labelledby="dashboard-own-appointments"
      className="rounded-lg border border-neutral-200 bg-white p-4"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-own-appointments" className="text-lg font-semibold text-neutral-900">
          {t('dashboard.appointments.title')}
        </h2>
        <Link href="/scheduler">{t('dashboard.appointments.toCalendar')}</Link>
      </div>
      {query.isPending ? (
        <Spinner label={t('dashboard.appointments.loading')} />
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-neutral-700">
          <p role="alert">{t('dashboard.appointments.loadError')}</p>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => query.refetch()}
            isPending={query.isFetching}
          >
            {t('dashboard.appointments.retry')}
          </Button>
        </div>
      ) : days.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('dashboard.appointments.empty')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {days.map((day) => {
            const label = dayLabel(day.date, today, t, i18n.language);
            return (
              <section key={day.date} aria-label={label}>
                <h3 className="mb-1 text-sm font-semibold text-neutral-700">{label}</h3>
                <ul className="divide-y divide-neutral-100">
                  {day.entries.map((entry) => (
                    <li key={entry.appointment.id} className="flex gap-3 py-1.5 text-sm">
                      <span className="w-28 shrink-0 font-medium text-neutral-900 tabular-nums">
                        {entry.appointment.startTime}–
                        {endTime(entry.appointment.startTime, entry.appointment.minutes)}
                      </span>
                      <span className="text-neutral-800">{entryText(entry, t)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

/**
 * The landing page after sign-in: who is signed in and today, then what needs them — "Meine
 * Termine" (the own calendar, the page's first call) beside the tiles of @fahrwerk/dashboard
 * (`GET /office-dashboard`, the second and last call; the server answers only the sections the
 * user may see, the next theory courses among them) — and the areas they may open.
 */
export function DashboardScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const session = useSession();
  const permissions = usePermissions();
  const canPlan = hasPermissions(permissions, ['MODULE_TIME_PLANNER']);
  const calendarUser = canPlan ? session?.user : undefined;
  const today = new Date();
  const weekday = today.toLocaleDateString(i18n.language, {
    weekday: 'long',
    timeZone: 'Europe/Berlin',
  });
  const sections = visibleSidebar((keys: PermissionKey[]) => hasPermissions(permissions, keys))
    .filter((section) => section.id !== 'help')
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => entry.to !== '/' && !entry.search),
    }))
    .filter((section) => section.entries.length > 0);

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        eyebrow={t('routes.dashboard')}
        title={t('dashboard.greeting', { name: session?.user.firstName ?? '' })}
        description={`${t('dashboard.today', { weekday, date: formatDate(today) })} ${
          session?.user.roleNames[0] ? t('dashboard.role', { role: session.user.roleNames[0] }) : ''
        }`}
      />
      <div
        className={cn(
          'grid items-start gap-6',
          calendarUser && 'xl:grid-cols-[minmax(18rem,1fr)_minmax(0,2fr)]',
        )}
      >
        {calendarUser && <OwnAppointments userId={calendarUser.id} now={today} />}
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <OfficeDashboardTiles />
        </Suspense>
      </div>
      <section aria-labelledby="dashboard-areas">
        <h2 id="dashboard-areas" className="mb-3 text-lg font-semibold text-neutral-900">
          {t('dashboard.quickLinks')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map((section) => (
            <div key={section.id} className="rounded-lg border border-neutral-200 bg-white p-4">
              <h3 className="mb-2 text-sm font-semibold tracking-wide text-neutral-600 uppercase">
                {t(section.label)}
              </h3>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {section.entries.map((entry) => (
                  <li key={entry.id}>
                    <Link href={entry.to}>{t(entry.label)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
