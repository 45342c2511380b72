import { z } from 'zod';
import type { DatevExportRequest } from '../api/accounting-queries';
import { type IsoDate, lastMonth, spansFiscalYears } from '../lib/periods';

/* Messages are text keys: this package's `form.*`, else core's `validation.*` / `errors.*`. */

/**
 * The DATEV export form. With the fiscal year's first month known (from the accounts
 * configuration) a period over two fiscal years is refused here already, as the server would.
 */
export const datevExportSchema = (fiscalYearStartMonth: number | null) =>
  z
    .object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      documents: z.boolean(),
      payments: z.boolean(),
      includeExported: z.boolean(),
    })
    .superRefine((form, context) => {
      const issue = (path: 'from' | 'to' | 'documents', message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (!form.from) issue('from', 'validation.required');
      if (!form.to) issue('to', 'validation.required');
      if (!form.documents && !form.payments) issue('documents', 'form.nothingToExport');
      if (!form.from || !form.to) return;
      if (form.to < form.from) issue('to', 'validation.time_order');
      else if (
        fiscalYearStartMonth !== null &&
        spansFiscalYears({ from: form.from, to: form.to }, fiscalYearStartMonth)
      ) {
        issue('to', 'errors.datev_period_spans_fiscal_years');
      }
    });
export type DatevExportForm = z.input<ReturnType<typeof datevExportSchema>>;

/** The form as it opens: last month, invoices and payments, only what was not exported yet. */
export const emptyDatevExportForm = (today: IsoDate): DatevExportForm => ({
  ...lastMonth(today),
  documents: true,
  payments: true,
  includeExported: false,
});

export const formToDatevExport = (form: DatevExportForm): DatevExportRequest => ({
  from: form.from ?? '',
  to: form.to ?? '',
  documents: form.documents,
  payments: form.payments,
  includeExported: form.includeExported,
});
