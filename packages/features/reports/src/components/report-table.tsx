import { cn } from '@fahrwerk/ui';
import { type ReactNode, useId } from 'react';

export type ReportColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and amounts: right-aligned, tabular figures. @default 'start' */
  align?: 'start' | 'end';
  /** The cell names its row (`<th scope="row">`): the month, the instructor, the class. */
  rowHeader?: boolean;
};

export type ReportTableProps<T> = {
  /** Shown above the table and its accessible name (`<caption>`). */
  caption: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** The total row, one cell per column (the first names it). */
  footer?: ReactNode[];
};

/**
 * A report's figures as a plain table: the accessible equivalent of the chart beside it.
 * It scrolls sideways on narrow screens; the scroll pane takes focus for the arrow keys.
 */
export function ReportTable<T>({ caption, columns, rows, rowKey, footer }: ReportTableProps<T>) {
  const captionId = useId();
  const alignOf = (column: ReportColumn<T>) =>
    column.align === 'end' ? 'text-end tabular-nums whitespace-nowrap' : 'text-start';
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll pane of a wide table, reachable to scroll with the arrow keys
      tabIndex={0}
      className="overflow-x-auto rounded-[var(--radius-card)] border border-neutral-200 bg-white outline-0 focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full border-collapse text-sm">
        <caption
          id={captionId}
          className="px-4 pt-3 pb-2 text-start text-sm font-semibold text-neutral-900"
        >
          {caption}
        </caption>
        <thead className="bg-neutral-50">
          <tr className="border-y border-neutral-200">
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  'px-4 py-2 text-xs font-semibold text-neutral-700',
                  column.align === 'end' ? 'text-end' : 'text-start',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className="border-b border-neutral-100 last:border-0">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.id}
                    scope="row"
                    className={cn('px-4 py-2 font-medium text-neutral-900', alignOf(column))}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={cn('px-4 py-2 text-neutral-800', alignOf(column))}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr className="border-t-2 border-neutral-300 bg-neutral-50 font-semibold">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th
                    key={column.id}
                    scope="row"
                    className={cn('px-4 py-2 text-neutral-900', alignOf(column))}
                  >
                    {footer[index]}
                  </th>
                ) : (
                  <td key={column.id} className={cn('px-4 py-2 text-neutral-900', alignOf(column))}>
                    {footer[index]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
