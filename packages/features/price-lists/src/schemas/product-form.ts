import { HOUR_TYPES, LICENSE_CLASSES, PRODUCT_TYPES } from '@fahrwerk/api';
import { z } from 'zod';
import type { Product, ProductInput, ProductType, VatRate } from '../api/price-queries';

// The products list's type filter takes the contract's types from here.

/** The rates offered; 16 and 5 only for corrections of the reduced period (2nd half 2020). */
export const VAT_RATES = [19, 7, 0, 16, 5] as const satisfies readonly VatRate[];

export const productFormSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES),
    name: z.string().trim().min(1, 'products.form.nameRequired').max(150),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    registrationInfo: z.string().max(2000),
    bookAtStudentRegistrationAllowed: z.boolean(),
    vatRate: z.union(VAT_RATES.map((rate) => z.literal(rate))),
    hourType: z.enum(HOUR_TYPES).nullable(),
    duration: z.number().int().nullable(),
  })
  .superRefine((form, context) => {
    if (form.type === 'DRIVING_LESSON' && !form.hourType) {
      context.addIssue({
        code: 'custom',
        path: ['hourType'],
        message: 'products.form.hourTypeRequired',
      });
    }
    const d = form.duration;
    if (form.type === 'DRIVING_LESSON' && d !== null && (d < 15 || d > 240 || d % 5 !== 0)) {
      context.addIssue({
        code: 'custom',
        path: ['duration'],
        message: 'products.form.durationInvalid',
      });
    }
  });

export type ProductForm = z.infer<typeof productFormSchema>;

export const emptyProductForm = (type: ProductType): ProductForm => ({
  type,
  name: '',
  licenseClasses: [],
  registrationInfo: '',
  bookAtStudentRegistrationAllowed: false,
  vatRate: 19,
  hourType: type === 'DRIVING_LESSON' ? 'NORMAL' : null,
  duration: null,
});

export const productToForm = (product: Product): ProductForm => ({
  type: product.type,
  name: product.name,
  licenseClasses: product.licenseClasses,
  registrationInfo: product.registrationInfo ?? '',
  bookAtStudentRegistrationAllowed: product.bookAtStudentRegistrationAllowed,
  vatRate: product.vatRate,
  hourType: product.hourType ?? null,
  duration: product.duration ?? null,
});

/** Hour type and duration belong to driving lessons only; the others never send them. */
export function formToProductInput(form: ProductForm): ProductInput {
  const lesson = form.type === 'DRIVING_LESSON';
  return {
    type: form.type,
    name: form.name.trim(),
    licenseClasses: form.licenseClasses,
    ...(form.registrationInfo.trim() ? { registrationInfo: form.registrationInfo.trim() } : {}),
    bookAtStudentRegistrationAllowed: form.bookAtStudentRegistrationAllowed,
    vatRate: form.vatRate,
    ...(lesson && form.hourType ? { hourType: form.hourType } : {}),
    ...(lesson && form.duration !== null ? { duration: form.duration } : {}),
  };
}
