import type { ReactNode } from 'react';

export type KeyFigure = { label: string; value: ReactNode };

/** The report's headline figures as label/value tiles (a description list). */
export function KeyFigures({ items }: { items: KeyFigure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <div
          key={item.label}
          className="flex flex-col gap-1 rounded-[var(--radius-card)] border border-neutral-200 bg-white px-4 py-3"
        >
          <dt className="text-xs font-medium text-neutral-600">{item.label}</dt>
          <dd className="text-lg font-semibold text-neutral-900 tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
