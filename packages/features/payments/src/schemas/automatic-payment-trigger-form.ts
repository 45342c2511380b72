import { LICENSE_CLASSES, PAYMENT_WORKFLOWS } from '@fahrwerk/api';
import { z } from 'zod';
import type {
  AutomaticPaymentTrigger,
  AutomaticPaymentTriggerInput,
  EducationEventType,
} from '../api/payment-workflow-queries';

/*
 * The form of an automatic service bundle, mirroring the contract's rules: a name of 1–100
 * characters, an event, at least one workflow, a payment request or a partial invoice, 1–50
 * products, due in 0–90 days; the exam kind only for exam events, the exam result only for
 * EXAM_RESULT, the lesson count (1–100) only for DRIVING_LESSON. Fields of another event
 * are dropped when the event changes, so they never reach the server (it answers 422).
 */

export const TRIGGER_EVENTS = [
  'CREATED',
  'DRIVING_LESSON',
  'THEORY_LESSON',
  'EXAM_PLANNED',
  'EXAM_RESULT',
  'PAYMENT',
  'DOCUMENT',
  'NOTE',
  'STATUS_CHANGE',
  'ARCHIVED',
  'UNARCHIVED',
] as const satisfies readonly EducationEventType[];

export const EXAM_KINDS = ['THEORY', 'PRACTICAL'] as const;
export const EXAM_STATUSES = [
  'PLANNED',
  'READY',
  'BOOKED',
  'PASSED',
  'FAILED',
  'ABSENT',
  'CANCELLED',
] as const;
export const TRIGGER_DOCUMENT_TYPES = ['PAYMENT_REQUEST', 'PARTIAL_INVOICE'] as const;

export const isExamEvent = (event: string) => event === 'EXAM_PLANNED' || event === 'EXAM_RESULT';

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(''), z.enum(values)]);

export const automaticPaymentTriggerFormSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'),
    active: z.boolean(),
    event: optionalChoice(TRIGGER_EVENTS).refine((value) => value !== '', 'validation.required'),
    /** `''`: both kinds. */
    examKind: optionalChoice(EXAM_KINDS),
    /** `''`: every result. */
    examStatus: optionalChoice(EXAM_STATUSES),
    /** Empty: after every signed driving lesson. */
    lessonCount: z.number().int('validation.invalid').nullable(),
    paymentWorkflows: z.array(z.enum(PAYMENT_WORKFLOWS)).min(1, 'triggers.form.workflowsRequired'),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    documentType: z.enum(TRIGGER_DOCUMENT_TYPES),
    productIds: z
      .array(z.string())
      .min(1, 'triggers.form.productsRequired')
      .max(50, 'triggers.form.productsMax'),
    dueInDays: z
      .number()
      .int('validation.invalid')
      .nullable()
      .refine((value) => value !== null, 'validation.required')
      .refine(
        (value) => value === null || (value >= 0 && value <= 90),
        'triggers.form.dueInDaysRange',
      ),
  })
  .superRefine((form, context) => {
    if (form.event === 'DRIVING_LESSON' && form.lessonCount !== null) {
      if (form.lessonCount < 1 || form.lessonCount > 100) {
        context.addIssue({
          code: 'custom',
          path: ['lessonCount'],
          message: 'triggers.form.lessonCountRange',
        });
      }
    }
  });

export type AutomaticPaymentTriggerForm = z.input<typeof automaticPaymentTriggerFormSchema>;

export function emptyTriggerForm(): AutomaticPaymentTriggerForm {
  return {
    name: '',
    active: true,
    event: '',
    examKind: '',
    examStatus: '',
    lessonCount: null,
    paymentWorkflows: [],
    licenseClasses: [],
    documentType: 'PAYMENT_REQUEST',
    productIds: [],
    dueInDays: 14,
  };
}

export function triggerToForm(trigger: AutomaticPaymentTrigger): AutomaticPaymentTriggerForm {
  return {
    name: trigger.name,
    active: trigger.active,
    event: trigger.event,
    examKind: trigger.examKind ?? '',
    examStatus: trigger.examStatus ?? '',
    lessonCount: trigger.lessonCount ?? null,
    paymentWorkflows: [...trigger.paymentWorkflows],
    licenseClasses: [...trigger.licenseClasses],
    documentType:
      trigger.documentType === 'PARTIAL_INVOICE' ? 'PARTIAL_INVOICE' : 'PAYMENT_REQUEST',
    productIds: trigger.productIds.map(String),
    dueInDays: trigger.dueInDays,
  };
}

/** The body of `POST`/`PUT /automatic-payment-triggers`: only the fields of the chosen event. */
export function toTriggerInput(
  form: z.output<typeof automaticPaymentTriggerFormSchema>,
): AutomaticPaymentTriggerInput {
  const exam = isExamEvent(form.event);
  return {
    name: form.name,
    active: form.active,
    event: form.event,
    ...(exam && form.examKind !== '' ? { examKind: form.examKind } : {}),
    ...(form.event === 'EXAM_RESULT' && form.examStatus !== ''
      ? { examStatus: form.examStatus }
      : {}),
    ...(form.event === 'DRIVING_LESSON' && form.lessonCount !== null
      ? { lessonCount: form.lessonCount }
      : {}),
    paymentWorkflows: [...new Set(form.paymentWorkflows)],
    licenseClasses: [...new Set(form.licenseClasses)],
    documentType: form.documentType,
    productIds: [...new Set(form.productIds.map(Number))],
    dueInDays: form.dueInDays ?? 14,
  };
}
