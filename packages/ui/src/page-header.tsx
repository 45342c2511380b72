import type { ReactNode } from 'react';
import { cn } from './utils';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right, e.g. "Neu anlegen". */
  actions?: ReactNode;
  /** Above the title, e.g. breadcrumbs or a back link. */
  eyebrow?: ReactNode;
  className?: string;
};

/** The title row of a screen: the page's one `h1`, a description and actions. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4 pb-5', className)}>
      <div className="flex min-w-0 flex-col gap-1">
        {eyebrow && <div className="text-sm text-neutral-600">{eyebrow}</div>}
        <h1 className="text-2xl leading-8 font-semibold tracking-tight text-neutral-900">
          {title}
        </h1>
        {description && <p className="text-sm text-neutral-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
