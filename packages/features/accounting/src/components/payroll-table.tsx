import { Button, cn, formatDate } from '@fahrwerk/ui';
import { useState } from 'react';
import type { PayrollColumn, PayrollOverview } from '../api/accounting-queries';
import {
  formatHours,
  type PayrollFigures,
  sumOfInstructors,
  usedColumns,
} from '../lib/payroll-figures';
import { useAccountingTranslation } from '../use-accounting-translation';

export type PayrollTableProps = {
  overview: PayrollOverview;
  /** The month as the screen names it (`Oktober 2026`). */
  monthLabel: string;
};

const cell = 'px-3 py-2 text-end whitespace-nowrap tabular-nums';

/**
 * The month's figures: one row per instructor (their month), which opens into their days, and
 * the sum of all at the foot. Only the minute columns someone has minutes in are shown.
 */
export function PayrollTable({ overview, monthLabel }: PayrollTableProps) {
  const { t } = useAccountingTranslation();
  const columns = usedColumns(overview);
  const sum = sumOfInstructors(overview);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const withDays = overview.instructors.filter((instructor) => instructor.days.length > 0);
  const allOpen = withDays.every((instructor) => open.has(instructor.instructorId));

  const toggle = (instructorId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(instructorId)) next.add(instructorId);
      return next;
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-neutral-600">
          {columns.length < overview.columns.length ? t('persoFix.hiddenColumns') : null}
        </p>
        <Button
          variant="quiet"
          size="sm"
          onPress={() =>
            setOpen(
              allOpen ? new Set() : new Set(withDays.map((instructor) => instructor.instructorId)),
            )
          }
        >
          {t(allOpen ? 'persoFix.hideAllDays' : 'persoFix.showAllDays')}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-[var(--radius-card)] border border-neutral-200 bg-white">
        <table
          aria-label={t('persoFix.tableLabel', { month: monthLabel })}
          className="w-full border-collapse text-sm text-neutral-800"
        >
          <thead className="bg-neutral-50 text-xs font-semibold text-neutral-700">
            <tr className="border-b border-neutral-200">
              <th scope="col" className="px-3 py-2.5 text-start">
                {t('persoFix.instructor')}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2.5 text-end">
                  {column.title}
                </th>
              ))}
              <th scope="col" className="px-3 py-2.5 text-end">
                {t('persoFix.totalMinutes')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-end">
                {t('persoFix.hours')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-end">
                {t('persoFix.km')}
              </th>
            </tr>
          </thead>
          {overview.instructors.map((instructor) => {
            const isOpen = open.has(instructor.instructorId);
            return (
              <tbody key={instructor.instructorId} className="border-b border-neutral-200">
                <tr>
                  <th scope="row" className="px-1 py-1 text-start font-medium whitespace-nowrap">
                    {instructor.days.length > 0 ? (
                      <Button
                        variant="quiet"
                        size="sm"
                        aria-expanded={isOpen}
                        onPress={() => toggle(instructor.instructorId)}
                      >
                        <span aria-hidden="true" className="w-3 text-neutral-600">
                          {isOpen ? '▾' : '▸'}
                        </span>
                        {instructor.instructorName}
                        <span className="font-normal text-neutral-600">
                          ({t('persoFix.days', { count: instructor.days.length })})
                        </span>
                      </Button>
                    ) : (
                      <span className="inline-flex h-8 items-center gap-2 px-3">
                        <span aria-hidden="true" className="w-3" />
                        {instructor.instructorName}
                        <span className="font-normal text-neutral-600">
                          ({t('persoFix.noDays')})
                        </span>
                      </span>
                    )}
                  </th>
                  <FigureCells columns={columns} figures={instructor.total} />
                </tr>
                {isOpen &&
                  instructor.days.map((day) => (
                    <tr key={day.date} className="border-t border-neutral-100 bg-neutral-50">
                      <th
                        scope="row"
                        className="py-1.5 ps-12 pe-3 text-start font-normal whitespace-nowrap tabular-nums"
                      >
                        {formatDate(day.date)}
                      </th>
                      <FigureCells columns={columns} figures={day} />
                    </tr>
                  ))}
              </tbody>
            );
          })}
          <tfoot>
            <tr className="border-t-2 border-neutral-300 bg-neutral-50 font-semibold text-neutral-900">
              <th scope="row" className="px-3 py-2.5 text-start">
                {t('persoFix.sum')}
              </th>
              <FigureCells columns={columns} figures={sum} />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function FigureCells({ columns, figures }: { columns: PayrollColumn[]; figures: PayrollFigures }) {
  const zero = (value: number) => cn(cell, value === 0 && 'text-neutral-600');
  return (
    <>
      {columns.map((column) => (
        <td key={column.key} className={zero(figures.minutes[column.key])}>
          {figures.minutes[column.key]}
        </td>
      ))}
      <td className={zero(figures.totalMinutes)}>{figures.totalMinutes}</td>
      <td className={zero(figures.totalMinutes)}>{formatHours(figures.totalMinutes)}</td>
      <td className={zero(figures.km)}>{figures.km}</td>
    </>
  );
}
