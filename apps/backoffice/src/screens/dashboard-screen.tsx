import type { PermissionKey } from '@fahrwerk/api';
import { hasPermissions, usePermissions } from '@fahrwerk/core';
import { formatDate, Link, PageHeader } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';
import { visibleSidebar } from '../shell/sidebar-items';
import { useSession } from '../use-app';

/** The landing page after sign-in: who is signed in, today, and the areas they may open. */
export function DashboardScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const session = useSession();
  const permissions = usePermissions();
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
      <p className="text-sm text-neutral-600">{t('dashboard.widgetsLater')}</p>
    </div>
  );
}
