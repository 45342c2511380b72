import { E_INVOICE_FORMATS } from '@fahrwerk/api';
import { z } from 'zod';
import type { Appointment, CostBearer, CostBearerInvoiceInput, VatRate } from '../api/form-queries';
import { type LineForm, lineFormSchema } from './payment-document-form';

/*
 * The cost bearer's invoice (screen `/payers/services/{id}`): the service invoice of chosen
 * signed appointments, or the course invoice with further lines (other services only through
 * a course invoice, spec 001 §5). Messages are keys of the forms texts or core's.
 */

export const costBearerInvoiceFormSchema = z
  .object({
    kind: z.enum(['service', 'course']),
    periodFrom: z.string().nullable(),
    periodTo: z.string().nullable(),
    studentEducationIds: z.array(z.string()),
    appointmentIds: z.array(z.string()),
    // Checked below, and only on a course invoice: the service invoice sends no lines.
    lines: z.array(z.custom<LineForm>()).max(500, 'validation.max_items'),
    issueDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    eInvoiceFormat: z.enum(E_INVOICE_FORMATS),
    buyerReference: z.string().trim().max(100, 'validation.max_length'),
    voucherNumber: z.string().trim().max(50, 'validation.max_length'),
    footnote: z.string().max(2000, 'validation.max_length'),
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (form.studentEducationIds.length === 0) {
      issue('studentEducationIds', 'payers.errors.educationsRequired');
    }
    if (form.kind === 'service' && form.appointmentIds.length === 0) {
      issue('appointmentIds', 'payers.errors.appointmentsRequired');
    }
    if (form.kind === 'course' && form.appointmentIds.length === 0 && form.lines.length === 0) {
      issue('appointmentIds', 'payers.errors.nothingToBill');
    }
    if (form.kind === 'course') {
      form.lines.forEach((line, index) => {
        const result = lineFormSchema.safeParse(line);
        if (result.success) return;
        for (const problem of result.error.issues) {
          context.addIssue({
            code: 'custom',
            path: ['lines', index, ...problem.path.map(String)],
            message: problem.message,
          });
        }
      });
    }
    if (form.eInvoiceFormat === 'XRECHNUNG' && !form.buyerReference.trim()) {
      issue('buyerReference', 'errors.buyer_reference_required');
    }
    if (form.periodFrom && form.periodTo && form.periodTo < form.periodFrom) {
      issue('periodTo', 'forms.errors.periodOrder');
    }
    if (form.issueDate && form.dueDate && form.dueDate < form.issueDate) {
      issue('dueDate', 'forms.errors.dueBeforeIssue');
    }
  });

export type CostBearerInvoiceForm = z.input<typeof costBearerInvoiceFormSchema>;

export function emptyCostBearerInvoiceForm(
  costBearer: Pick<CostBearer, 'eInvoiceFormat' | 'leitwegId'>,
): CostBearerInvoiceForm {
  return {
    kind: 'service',
    periodFrom: null,
    periodTo: null,
    studentEducationIds: [],
    appointmentIds: [],
    lines: [],
    issueDate: null,
    dueDate: null,
    eInvoiceFormat: costBearer.eInvoiceFormat,
    buyerReference: costBearer.leitwegId ?? '',
    voucherNumber: '',
    footnote: '',
  };
}

/** An appointment the cost bearer can be billed for: signed and not billed yet. */
export function isBillable(appointment: Appointment): boolean {
  return (
    appointment.signed && !appointment.invoiced && appointment.studentEducationId !== undefined
  );
}

/** The billable appointments of the chosen educations in the period, oldest first. */
export function billableAppointments(
  appointments: readonly Appointment[],
  form: Pick<CostBearerInvoiceForm, 'studentEducationIds' | 'periodFrom' | 'periodTo'>,
): Appointment[] {
  return appointments
    .filter(
      (row) =>
        isBillable(row) &&
        form.studentEducationIds.includes(String(row.studentEducationId)) &&
        (!form.periodFrom || row.date >= form.periodFrom) &&
        (!form.periodTo || row.date <= form.periodTo),
    )
    .sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime));
}

/**
 * The body of the preview and of `create-cost-bearer-invoice`: only appointments still shown
 * (chosen education, in the period); lines only on a course invoice; empty values left out.
 */
export function formToCostBearerInvoiceInput(
  form: CostBearerInvoiceForm,
  costBearerId: number,
  appointments: readonly Appointment[],
): CostBearerInvoiceInput {
  const shown = new Set(billableAppointments(appointments, form).map((row) => String(row.id)));
  const optional = <K extends string>(key: K, value: string | null) =>
    (value?.trim() ? { [key]: value.trim() } : {}) as Partial<Record<K, string>>;
  return {
    costBearerId,
    serviceInvoice: form.kind === 'service',
    studentEducationIds: form.studentEducationIds.map(Number),
    appointmentIds: form.appointmentIds.filter((id) => shown.has(id)).map(Number),
    ...(form.kind === 'course' && form.lines.length > 0
      ? {
          lines: form.lines.map((line) => ({
            description: line.description.trim(),
            quantity: line.quantity ?? 0,
            unitPrice: line.unitPrice ?? 0,
            ...(line.vatRate === null ? {} : { vatRate: line.vatRate as VatRate }),
            ...(line.productId === null ? {} : { productId: line.productId }),
          })),
        }
      : {}),
    ...optional('servicePeriodFrom', form.periodFrom),
    ...optional('servicePeriodTo', form.periodTo),
    ...optional('issueDate', form.issueDate),
    ...optional('dueDate', form.dueDate),
    eInvoiceFormat: form.eInvoiceFormat,
    ...optional('buyerReference', form.buyerReference),
    ...optional('voucherNumber', form.voucherNumber),
    ...optional('footnote', form.footnote),
  };
}
