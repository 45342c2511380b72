import { Button, Link } from '@fahrwerk/ui';
import { useNavigate } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApp, useTabs } from '../use-app';

/** The open pages of the active context (fsc, lms or unterricht) as tabs. */
export function NavigationTabs() {
  const { t } = useTranslation('backoffice');
  const { tabs } = useApp();
  const state = useTabs();
  const navigate = useNavigate();
  const context = state.contexts[state.activeContext];

  return (
    <nav aria-label={t('shell.tabs')} className="min-w-0 flex-1 overflow-x-auto">
      <ul className="flex items-center gap-1">
        {context.tabs.map((tab) => {
          const label = tab.customLabel ? tab.label : t(tab.translationKey);
          const isActive = tab.id === context.activeTabId;
          return (
            <li
              key={tab.id}
              className={`flex items-center rounded-md border text-sm ${
                isActive
                  ? 'border-brand-300 bg-brand-50 text-brand-800'
                  : 'border-transparent text-neutral-700 hover:bg-neutral-100'
              }`}
            >
              <Link
                href={tab.route}
                variant="quiet"
                aria-current={isActive ? 'page' : undefined}
                className="max-w-48 truncate py-1 ps-3 pe-1"
              >
                {label}
              </Link>
              <Button
                variant="quiet"
                size="icon"
                className="size-7"
                aria-label={t('shell.closeTab', { label })}
                onPress={() => {
                  const next = tabs.close(state.activeContext, tab.id);
                  if (isActive) void navigate({ href: next ?? '/' });
                }}
              >
                <X className="size-3.5" aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
