import { LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import type { TheoryCourse, TheoryCourseInput } from '../api/theory-queries';

/* The course form. Messages are keys of the theory texts (`courseForm.errors.*`) or core's. */

export const MAX_PLACES = 500;

export const courseFormSchema = z
  .object({
    shortDescription: z
      .string()
      .trim()
      .min(1, 'courseForm.errors.nameRequired')
      .max(255, 'validation.max_length'),
    start: z.string({ error: 'courseForm.errors.startRequired' }).nullable(),
    end: z.string().nullable(),
    quantity: z
      .number({ error: 'courseForm.errors.quantityRequired' })
      .int('courseForm.errors.quantityRange')
      .min(1, 'courseForm.errors.quantityRange')
      .max(MAX_PLACES, 'courseForm.errors.quantityRange')
      .nullable(),
    shownOnWebPage: z.boolean(),
    showForOnboarding: z.boolean(),
    teachingMaterialProductId: z.number().nullable(),
    basicFeeProductId: z.number().nullable(),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    branchId: z.number().nullable(),
    instructorId: z.number().nullable(),
  })
  .superRefine((form, context) => {
    const required = (path: 'start' | 'end' | 'quantity' | 'branchId', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!form.start) required('start', 'courseForm.errors.startRequired');
    if (!form.end) required('end', 'courseForm.errors.endRequired');
    if (form.quantity === null) required('quantity', 'courseForm.errors.quantityRequired');
    if (form.branchId === null) required('branchId', 'courseForm.errors.branchRequired');
    if (form.start && form.end && form.end < form.start) {
      context.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'courseForm.errors.endBeforeStart',
      });
    }
  });

export type CourseForm = z.input<typeof courseFormSchema>;

export const emptyCourseForm = (): CourseForm => ({
  shortDescription: '',
  start: null,
  end: null,
  quantity: 20,
  shownOnWebPage: false,
  showForOnboarding: false,
  teachingMaterialProductId: null,
  basicFeeProductId: null,
  licenseClasses: [],
  branchId: null,
  instructorId: null,
});

export const courseToForm = (course: TheoryCourse): CourseForm => ({
  shortDescription: course.shortDescription,
  start: course.start,
  end: course.end,
  quantity: course.quantity,
  shownOnWebPage: course.shownOnWebPage,
  showForOnboarding: course.showForOnboarding,
  teachingMaterialProductId: course.teachingMaterialProductId ?? null,
  basicFeeProductId: course.basicFeeProductId ?? null,
  licenseClasses: course.licenseClasses,
  branchId: course.branchId,
  instructorId: course.instructorId ?? null,
});

/**
 * The body of `POST /theory-courses` and `PUT /theory-courses/{id}` from checked values (the
 * schema made start, end, quantity and branch present). A PUT replaces the row: a product left
 * empty is left out, which clears it.
 */
export function formToCourseInput(form: CourseForm): TheoryCourseInput {
  const input: TheoryCourseInput = {
    shortDescription: form.shortDescription.trim(),
    start: form.start ?? '',
    end: form.end ?? '',
    quantity: form.quantity ?? 1,
    branchId: form.branchId ?? 0,
    shownOnWebPage: form.shownOnWebPage,
    showForOnboarding: form.showForOnboarding,
    licenseClasses: form.licenseClasses,
  };
  if (form.teachingMaterialProductId !== null) {
    input.teachingMaterialProductId = form.teachingMaterialProductId;
  }
  if (form.basicFeeProductId !== null) input.basicFeeProductId = form.basicFeeProductId;
  if (form.instructorId !== null) input.instructorId = form.instructorId;
  return input;
}
