import type { ReactNode } from 'react';
import { FieldColumns } from './field-layout';
import { cn } from './utils';

export type SectionProps = {
  /** The section's heading (an h2). */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the heading's right. */
  actions?: ReactNode;
  children: ReactNode;
  /** Lay the children out in a responsive two-column grid (forms). @default false */
  columns?: boolean;
  className?: string;
};

/** A titled card grouping fields or content: "Person", "Kontakt", "Führerschein" … */
export function Section({
  title,
  description,
  actions,
  children,
  columns,
  className,
}: SectionProps) {
  return (
    <section
      className={cn('rounded-lg border border-neutral-200 bg-white p-5 shadow-xs', className)}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
          {description && <p className="text-sm text-neutral-600">{description}</p>}
        </div>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
      {columns ? (
        <FieldColumns>{children}</FieldColumns>
      ) : (
        <div className="flex flex-col gap-4">{children}</div>
      )}
    </section>
  );
}

export type DescriptionListProps = {
  items: { label: ReactNode; value: ReactNode }[];
  className?: string;
};

/** Label/value pairs for read-only details (a student's key data, a vehicle's dates). */
export function DescriptionList({ items, className }: DescriptionListProps) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]', className)}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per render
        <div key={index} className="contents">
          <dt className="text-neutral-600">{item.label}</dt>
          <dd className="text-neutral-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
