import type { ReactNode } from 'react';
import { cn } from './utils';

const columnLayouts = {
  /** Two equal columns from `sm` up, one column below. */
  halves: 'sm:grid-cols-2',
  /** A wide and a narrow column (street | house number, city | postal code). */
  'wide-narrow': 'sm:grid-cols-[3fr_1fr]',
} as const;

export type FieldColumnsLayout = keyof typeof columnLayouts;

export type FieldColumnsProps = {
  children: ReactNode;
  /** @default 'halves' */
  layout?: FieldColumnsLayout;
  className?: string;
};

/**
 * The grid fields of a form sit in: one column on small screens, two from `sm` up. Use
 * `FieldSpan` for a field across both columns and `FieldSpacer` to start the next field in
 * a new row.
 */
export function FieldColumns({ children, layout = 'halves', className }: FieldColumnsProps) {
  return (
    <div data-slot="field-columns" className={cn('grid gap-4', columnLayouts[layout], className)}>
      {children}
    </div>
  );
}

/** A field (or group of fields) across both columns of `FieldColumns`. */
export function FieldSpan({ children }: { children: ReactNode }) {
  return (
    <div data-slot="field-span" className="sm:col-span-2">
      {children}
    </div>
  );
}

/** An empty cell of `FieldColumns`: the next field starts in the next row (two columns only). */
export function FieldSpacer() {
  return <div data-slot="field-spacer" aria-hidden="true" className="hidden sm:block" />;
}

export type FieldSetProps = {
  /** The group's caption, read with each field's label by screen readers. */
  legend: ReactNode;
  /** A line under the legend. */
  description?: ReactNode;
  children: ReactNode;
  /** Lays the fields out in `FieldColumns`; without it they stack in one column. */
  layout?: FieldColumnsLayout;
  className?: string;
};

/** A captioned group of fields inside a form or dialog ("Stammdaten", "Anschrift", "Bank"). */
export function FieldSet({ legend, description, children, layout, className }: FieldSetProps) {
  return (
    <fieldset
      data-slot="field-set"
      className={cn(
        'grid grid-cols-1 gap-4',
        layout ? columnLayouts[layout] : undefined,
        className,
      )}
    >
      <legend className="mb-2 text-sm font-semibold text-neutral-900">{legend}</legend>
      {description && (
        <p className={cn('-mt-2 text-sm text-neutral-600', layout && 'sm:col-span-full')}>
          {description}
        </p>
      )}
      {children}
    </fieldset>
  );
}
