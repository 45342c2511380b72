import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './utils';

export type AppShellProps = {
  /** Usually a `<Sidebar>`. */
  sidebar: ReactNode;
  /** The top bar: context tabs on the left, user menu on the right, as the caller arranges. */
  topBar?: ReactNode;
  /** The current screen. */
  children: ReactNode;
  className?: string;
};

/** The page frame of the back office: sidebar, top bar and the main content. */
export function AppShell({ sidebar, topBar, children, className }: AppShellProps) {
  const { t } = useTranslation('ui');
  const mainId = useId();
  return (
    <div className={cn('flex h-dvh overflow-hidden bg-neutral-50 text-neutral-900', className)}>
      <a
        href={`#${mainId}`}
        onClick={(event) => {
          // Focus the content without touching the URL: the router owns the location.
          event.preventDefault();
          const main = document.getElementById(mainId);
          main?.focus();
          main?.scrollIntoView({ block: 'start' });
        }}
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('shell.skipToContent')}
      </a>
      <div className="h-full shrink-0">{sidebar}</div>
      <div className="flex min-w-0 flex-1 flex-col">
        {topBar && (
          <header className="flex h-14 shrink-0 items-center gap-4 border-b border-neutral-200 bg-white px-6">
            {topBar}
          </header>
        )}
        <main id={mainId} tabIndex={-1} className="flex-1 overflow-y-auto px-6 py-6 outline-0">
          {children}
        </main>
      </div>
    </div>
  );
}
