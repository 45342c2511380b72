import { LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import type {
  LicenseClass,
  Price,
  PriceInput,
  PriceList,
  PriceListInput,
} from '../api/price-queries';
import { VAT_RATES } from './product-form';

export const priceListFormSchema = z.object({
  name: z.string().trim().min(1, 'editor.nameRequired').max(100),
  template: z.boolean(),
  vatRate: z.union(VAT_RATES.map((rate) => z.literal(rate))),
  standard: z.boolean(),
});

export type PriceListForm = z.infer<typeof priceListFormSchema>;

export const emptyPriceListForm = (): PriceListForm => ({
  name: '',
  template: false,
  vatRate: 19,
  standard: false,
});

export const priceListToForm = (list: PriceList): PriceListForm => ({
  name: list.name,
  template: list.template,
  vatRate: list.vatRate,
  standard: list.standard,
});

export const formToPriceListInput = (form: PriceListForm): PriceListInput => ({
  ...form,
  name: form.name.trim(),
});

/** The name of a copy or a renamed list. */
export const nameFormSchema = z.object({
  name: z.string().trim().min(1, 'editor.nameRequired').max(100),
});
export type NameForm = z.infer<typeof nameFormSchema>;

export const priceFormSchema = z.object({
  productId: z
    .number()
    .int()
    .nullable()
    .refine((value) => value !== null, 'editor.priceForm.productRequired'),
  licenseClass: z.enum(LICENSE_CLASSES).nullable(),
  price: z
    .number()
    .int()
    .min(0)
    .nullable()
    .refine((value) => value !== null, 'editor.priceForm.priceRequired'),
  combinedTrainingPrice: z.number().int().min(0).nullable(),
});

/** The form's values (before validation: product and price may still be empty). */
export type PriceForm = z.input<typeof priceFormSchema>;

export const emptyPriceForm = (): PriceForm => ({
  productId: null,
  licenseClass: null,
  price: null,
  combinedTrainingPrice: null,
});

export const priceToForm = (price: Price): PriceForm => ({
  productId: price.productId,
  licenseClass: (price.licenseClass as LicenseClass | undefined) ?? null,
  price: price.price,
  combinedTrainingPrice: price.combinedTrainingPrice ?? null,
});

export const formToPriceInput = (priceListId: number, form: PriceForm): PriceInput => ({
  priceListId,
  productId: form.productId as number,
  ...(form.licenseClass ? { licenseClass: form.licenseClass } : {}),
  price: form.price as number,
  ...(form.combinedTrainingPrice !== null
    ? { combinedTrainingPrice: form.combinedTrainingPrice }
    : {}),
});
