import { useMemo } from 'react';
import { usePayrollInstructors } from '../api/accounting-queries';
import { type IsoDate, recentMonths } from '../lib/periods';
import { useAccountingTranslation } from '../use-accounting-translation';

/*
 * What the payroll screens (the export on `/export`, the hand-over on `/perso-fix`) offer to
 * choose: the months and the instructors, with the same labels on both.
 */

/** How many months back the payroll screens offer. */
export const PAYROLL_MONTHS = 24;

/** The months up to today's, newest first, as `Oktober 2026`: never one in the future. */
export function usePayrollMonthOptions(today: IsoDate): { id: string; label: string }[] {
  const { t } = useAccountingTranslation();
  return useMemo(
    () =>
      recentMonths(today, PAYROLL_MONTHS).map((month) => ({
        id: month,
        label: t('payroll.monthLabel', {
          month: t(`months.${Number(month.slice(5))}`),
          year: month.slice(0, 4),
        }),
      })),
    [today, t],
  );
}

/**
 * The school's instructors (`usePayrollInstructors`: active ones, then those archived since) as
 * options `Nachname, Vorname`, the archived ones marked; ids as strings, as checkboxes give them.
 */
export function usePayrollInstructorChoices() {
  const { t } = useAccountingTranslation();
  const instructors = usePayrollInstructors();
  const options = instructors.data.map((user) => ({
    id: String(user.id),
    label: user.archived
      ? t('payroll.archivedInstructor', { name: `${user.lastName}, ${user.firstName}` })
      : `${user.lastName}, ${user.firstName}`,
  }));
  return { ...instructors, options };
}
