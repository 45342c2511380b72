import { describe, expect, it } from 'vitest';
import {
  type AutomaticPaymentTriggerForm,
  automaticPaymentTriggerFormSchema,
  emptyTriggerForm,
  toTriggerInput,
  triggerToForm,
} from './automatic-payment-trigger-form';

const valid = (patch: Partial<AutomaticPaymentTriggerForm> = {}): AutomaticPaymentTriggerForm => ({
  ...emptyTriggerForm(),
  name: 'Grundgebühr bei Anmeldung',
  event: 'CREATED',
  paymentWorkflows: ['CLASSIC_PAY', 'LIVE_PAY'],
  productIds: ['7', '8'],
  ...patch,
});

/** The messages of the failed parse, by field. */
function problems(form: AutomaticPaymentTriggerForm): Record<string, string> {
  const result = automaticPaymentTriggerFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('automaticPaymentTriggerFormSchema', () => {
  it('accepts a complete trigger and builds the contract body', () => {
    const parsed = automaticPaymentTriggerFormSchema.parse(valid());
    expect(toTriggerInput(parsed)).toEqual({
      name: 'Grundgebühr bei Anmeldung',
      active: true,
      event: 'CREATED',
      paymentWorkflows: ['CLASSIC_PAY', 'LIVE_PAY'],
      licenseClasses: [],
      documentType: 'PAYMENT_REQUEST',
      productIds: [7, 8],
      dueInDays: 14,
    });
  });

  it('needs a name, an event, a workflow and a product', () => {
    expect(
      problems(valid({ name: '  ', event: '', paymentWorkflows: [], productIds: [] })),
    ).toEqual({
      name: 'validation.required',
      event: 'validation.required',
      paymentWorkflows: 'triggers.form.workflowsRequired',
      productIds: 'triggers.form.productsRequired',
    });
  });

  it('keeps the contract bounds', () => {
    expect(problems(valid({ name: 'x'.repeat(101) }))).toEqual({ name: 'validation.max_length' });
    expect(problems(valid({ dueInDays: 91 }))).toEqual({
      dueInDays: 'triggers.form.dueInDaysRange',
    });
    expect(problems(valid({ dueInDays: -1 }))).toEqual({
      dueInDays: 'triggers.form.dueInDaysRange',
    });
    expect(problems(valid({ dueInDays: null }))).toEqual({ dueInDays: 'validation.required' });
    expect(
      problems(valid({ productIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) })),
    ).toEqual({ productIds: 'triggers.form.productsMax' });
    expect(problems(valid({ event: 'DRIVING_LESSON', lessonCount: 0 }))).toEqual({
      lessonCount: 'triggers.form.lessonCountRange',
    });
    expect(problems(valid({ event: 'DRIVING_LESSON', lessonCount: 101 }))).toEqual({
      lessonCount: 'triggers.form.lessonCountRange',
    });
  });

  it('sends the exam kind and result only for exam events, the lesson count only for driving lessons', () => {
    const leftOver = { examKind: 'PRACTICAL', examStatus: 'FAILED', lessonCount: 10 } as const;
    const created = toTriggerInput(automaticPaymentTriggerFormSchema.parse(valid(leftOver)));
    expect(created).not.toHaveProperty('examKind');
    expect(created).not.toHaveProperty('examStatus');
    expect(created).not.toHaveProperty('lessonCount');

    const planned = toTriggerInput(
      automaticPaymentTriggerFormSchema.parse(valid({ ...leftOver, event: 'EXAM_PLANNED' })),
    );
    expect(planned).toMatchObject({ examKind: 'PRACTICAL' });
    expect(planned).not.toHaveProperty('examStatus');

    const result = toTriggerInput(
      automaticPaymentTriggerFormSchema.parse(valid({ ...leftOver, event: 'EXAM_RESULT' })),
    );
    expect(result).toMatchObject({ examKind: 'PRACTICAL', examStatus: 'FAILED' });

    const lessons = toTriggerInput(
      automaticPaymentTriggerFormSchema.parse(valid({ ...leftOver, event: 'DRIVING_LESSON' })),
    );
    expect(lessons).toMatchObject({ lessonCount: 10 });
    expect(lessons).not.toHaveProperty('examKind');
  });

  it('round-trips a stored trigger', () => {
    const form = triggerToForm({
      id: 3,
      name: 'Wiederholungsgebühr',
      active: false,
      event: 'EXAM_RESULT',
      examKind: 'THEORY',
      examStatus: 'FAILED',
      paymentWorkflows: ['FLASH_PAY'],
      licenseClasses: ['B', 'BE'],
      documentType: 'PARTIAL_INVOICE',
      productIds: [12],
      dueInDays: 7,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    expect(toTriggerInput(automaticPaymentTriggerFormSchema.parse(form))).toEqual({
      name: 'Wiederholungsgebühr',
      active: false,
      event: 'EXAM_RESULT',
      examKind: 'THEORY',
      examStatus: 'FAILED',
      paymentWorkflows: ['FLASH_PAY'],
      licenseClasses: ['B', 'BE'],
      documentType: 'PARTIAL_INVOICE',
      productIds: [12],
      dueInDays: 7,
    });
  });
});
