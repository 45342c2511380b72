import type {
  PayrollColumn,
  PayrollInstructor,
  PayrollMinutes,
  PayrollOverview,
} from '../api/accounting-queries';

/*
 * Sums and formats of the payroll hand-over (`/perso-fix`) over the figures of
 * `POST /accounting/payroll-overview`. Pure functions.
 */

/** An instructor's month, a day, or the sum of all: minutes by column, their sum, km. */
export type PayrollFigures = Pick<PayrollInstructor['total'], 'minutes' | 'totalMinutes' | 'km'>;

/** Minutes as hours with two decimals and a decimal comma, as the export file writes them: `12,50 h`. */
export function formatHours(minutes: number): string {
  return `${(minutes / 60).toFixed(2).replace('.', ',')} h`;
}

/** The columns with minutes for someone this month (in the server's order); the rest are all zero. */
export function usedColumns(overview: PayrollOverview): PayrollColumn[] {
  return overview.columns.filter((column) =>
    overview.instructors.some((instructor) => instructor.total.minutes[column.key] > 0),
  );
}

/** True when someone has payroll-relevant minutes or kilometres this month. */
export function hasFigures(overview: PayrollOverview): boolean {
  return overview.instructors.some(
    (instructor) => instructor.total.totalMinutes > 0 || instructor.total.km > 0,
  );
}

/** The sum of the instructors' months (the table's last line). */
export function sumOfInstructors(overview: PayrollOverview): PayrollFigures {
  const minutes = Object.fromEntries(
    overview.columns.map((column) => [
      column.key,
      overview.instructors.reduce(
        (sum, instructor) => sum + instructor.total.minutes[column.key],
        0,
      ),
    ]),
  ) as PayrollMinutes;
  return {
    minutes,
    totalMinutes: overview.instructors.reduce((sum, i) => sum + i.total.totalMinutes, 0),
    km: overview.instructors.reduce((sum, i) => sum + i.total.km, 0),
  };
}
