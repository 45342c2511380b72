import { z } from 'zod';
import type { PayrollExportRequest } from '../api/accounting-queries';
import { type IsoDate, type IsoMonth, monthOf, previousMonth } from '../lib/periods';

export const PAYROLL_FORMATS = ['CSV', 'XLSX'] as const;

/** The payroll export form; `today` keeps the month from lying ahead. */
export const payrollExportSchema = (today: IsoDate) =>
  z.object({
    month: z
      .string('validation.required')
      .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'validation.required')
      .refine((month) => month <= monthOf(today), 'errors.payroll_month_future'),
    format: z.enum(PAYROLL_FORMATS),
    /** The instructors' ids as strings (as the checkbox group gives them); none means all. */
    instructorIds: z.array(z.string()).max(200, 'validation.max_items'),
  });
export type PayrollExportForm = z.input<ReturnType<typeof payrollExportSchema>>;

/** The form as it opens: last month, CSV, every instructor. */
export const emptyPayrollExportForm = (today: IsoDate): PayrollExportForm => ({
  month: previousMonth(today) as IsoMonth,
  format: 'CSV',
  instructorIds: [],
});

export const formToPayrollExport = (form: PayrollExportForm): PayrollExportRequest => ({
  month: form.month,
  format: form.format,
  ...(form.instructorIds.length > 0
    ? { instructorIds: [...new Set(form.instructorIds)].map(Number) }
    : {}),
});
