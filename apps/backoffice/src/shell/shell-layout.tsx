import type { PermissionKey } from '@fahrwerk/api';
import { hasPermissions, usePermissions } from '@fahrwerk/core';
import { AppShell, Sidebar, type SidebarSection } from '@fahrwerk/ui';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationTabs } from './navigation-tabs';
import { visibleSidebar } from './sidebar-items';
import { UserMenu } from './user-menu';

/** The home shell: sidebar (entries by permission), top bar with tabs and user menu, page. */
export function ShellLayout() {
  const { t } = useTranslation('backoffice');
  const permissions = usePermissions();
  const { pathname, searchStr } = useLocation();
  const sections = useMemo<SidebarSection[]>(
    () =>
      visibleSidebar((keys: PermissionKey[]) => hasPermissions(permissions, keys)).map(
        (section) => ({
          id: section.id,
          title: t(section.label),
          items: section.entries.map((entry) => ({
            id: entry.id,
            label: t(entry.label),
            href: entry.search
              ? `${entry.to}?${new URLSearchParams(entry.search).toString()}`
              : entry.to,
          })),
        }),
      ),
    [permissions, t],
  );
  return (
    <AppShell
      sidebar={
        <Sidebar
          aria-label={t('shell.navigation')}
          sections={sections}
          currentPath={`${pathname}${searchStr}`}
          header={<span className="text-lg font-semibold text-white">{t('app.name')}</span>}
        />
      }
      topBar={
        <div className="flex w-full items-center gap-4">
          <NavigationTabs />
          <UserMenu />
        </div>
      }
    >
      <Outlet />
    </AppShell>
  );
}
