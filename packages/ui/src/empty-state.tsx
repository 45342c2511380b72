import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './utils';

export type EmptyStateProps = {
  /** @default 'Nichts gefunden' */
  title?: ReactNode;
  description?: ReactNode;
  /** An icon element; a neutral inbox icon by default. */
  icon?: ReactNode;
  /** A call to action, e.g. a "Schüler anlegen" button. */
  action?: ReactNode;
  className?: string;
};

/** Shown where a list or screen has nothing to show yet. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 px-6 py-10 text-center',
        className,
      )}
    >
      <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-500">
        {icon ?? <Inbox className="size-6" aria-hidden="true" />}
      </div>
      <p className="text-base font-semibold text-neutral-900">{title ?? t('state.emptyTitle')}</p>
      {description && <p className="max-w-md text-sm text-neutral-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
