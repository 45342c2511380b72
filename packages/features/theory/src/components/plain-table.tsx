import { cn } from '@fahrwerk/ui';
import type { ReactNode } from 'react';

export type PlainColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
};

export type PlainTableProps<T> = {
  'aria-label': string;
  columns: PlainColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  emptyText: ReactNode;
  /** Highlights a row (the lesson whose attendance is open). */
  isSelected?: (row: T) => boolean;
};

/**
 * A small unpaged table in the look of `DataTable` for the short lists of a course (its students,
 * a syllabus' lessons, a lesson's participants), which the server answers whole.
 */
export function PlainTable<T>({
  columns,
  rows,
  getRowId,
  emptyText,
  isSelected,
  ...props
}: PlainTableProps<T>) {
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-neutral-200 bg-white">
      <table aria-label={props['aria-label']} className="w-full border-collapse text-sm">
        <thead className="bg-neutral-50">
          <tr className="border-b border-neutral-200">
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className="px-4 py-2.5 text-start text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-neutral-600">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={getRowId(row)}
                aria-current={isSelected?.(row) ? 'true' : undefined}
                className={cn(
                  'border-b border-neutral-100 last:border-b-0',
                  isSelected?.(row) && 'bg-brand-50',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn('px-4 py-2.5 align-middle text-neutral-800', column.className)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
