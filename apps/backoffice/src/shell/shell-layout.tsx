import type { PermissionKey } from '@fahrwerk/api';
import { hasPermissions, usePermissions } from '@fahrwerk/core';
import { useUnreadEmailCount } from '@fahrwerk/mailbox';
import { AppShell, Sidebar, type SidebarLinkProps, type SidebarSection } from '@fahrwerk/ui';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Link as RACLink } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { NavigationTabs } from './navigation-tabs';
import { visibleSidebar } from './sidebar-items';
import { UserMenu } from './user-menu';

/** The sidebar entry that shows the number of unread e-mails (GET /emails/count-unread). */
const UNREAD_MAIL_ENTRY = 'mailInbox';

/** The home shell: sidebar (entries by permission), top bar with tabs and user menu, page. */
export function ShellLayout() {
  const { t } = useTranslation('backoffice');
  const permissions = usePermissions();
  const unreadMail = useUnreadEmailCount(hasPermissions(permissions, ['MODULE_COMMUNICATION']));
  const unread = unreadMail.data ?? 0;
  const renderLink = ({ item, isActive: _isActive, children, ...link }: SidebarLinkProps) => (
    <RACLink {...link}>
      {children}
      {item.id === UNREAD_MAIL_ENTRY && unread > 0 && (
        <span className="ms-auto rounded-full bg-white px-2 text-xs font-semibold text-brand-900">
          {unread}
          <span className="sr-only"> {t('sidebar.unread')}</span>
        </span>
      )}
    </RACLink>
  );
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
          renderLink={renderLink}
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
