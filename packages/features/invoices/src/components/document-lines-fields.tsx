import { FormMoneyField, FormNumberField, FormSelect, FormTextField } from '@fahrwerk/core';
import { Button, ComboBox, formatMoney } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { AppliedPrice } from '../api/form-queries';
import {
  documentTotals,
  emptyLine,
  type LineForm,
  lineAmounts,
  MAX_AMOUNT,
  MAX_QUANTITY,
  QUANTITY_STEP,
  VAT_RATES,
} from '../schemas/payment-document-form';
import { useInvoicesTranslation } from '../use-invoices-translation';
import { DocumentTotalsTable } from './document-totals';

type LinesValues = { lines: LineForm[] };

export type DocumentLinesFieldsProps = {
  /** The prices that apply (the education's): each can become a line. */
  prices?: readonly AppliedPrice[];
  /** Whether the lines may stay empty (the cost bearer's course invoice bills appointments too). */
  allowEmpty?: boolean;
};

/**
 * The lines of a document inside an `ApiForm` whose values hold `lines`: free text or a
 * product from the price list, quantity in quarter steps, gross unit price (negative for a
 * discount), VAT rate (empty: the server decides by product, class and service date), the
 * line's gross amount, and below the net, VAT and gross per rate as the server will compute
 * them.
 */
const NO_PRICES: readonly AppliedPrice[] = [];

export function DocumentLinesFields({
  prices = NO_PRICES,
  allowEmpty = false,
}: DocumentLinesFieldsProps) {
  const { t } = useInvoicesTranslation();
  const { control } = useFormContext<LinesValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const totals = documentTotals(lines);
  const [pickerKey, setPickerKey] = useState(0);
  const rateOptions = useMemo(
    () => VAT_RATES.map((rate) => ({ id: rate, label: t('forms.totals.rateValue', { rate }) })),
    [t],
  );
  const priceOptions = useMemo(
    () =>
      prices.map((price) => ({
        id: `${price.productId}-${price.licenseClass}`,
        label: `${price.productName} (${price.licenseClass})`,
        description: `${formatMoney(price.price)} · ${t('forms.totals.rateValue', { rate: price.vatRate })}`,
      })),
    [prices, t],
  );

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3" aria-label={t('forms.lines.title')}>
        {fields.map((field, index) => {
          const line = lines[index];
          const amounts = line
            ? lineAmounts(line.quantity, line.unitPrice, line.vatRate ?? 0)
            : null;
          const position = index + 1;
          return (
            <li
              key={field.id}
              aria-label={t('forms.lines.position', { position })}
              className="grid grid-cols-1 items-start gap-3 rounded-md border border-neutral-200 p-3 md:grid-cols-[minmax(0,3fr)_7rem_10rem_10rem_8rem_auto]"
            >
              <FormTextField
                control={control}
                name={`lines.${index}.description`}
                label={t('forms.lines.description')}
                maxLength={500}
                isRequired
              />
              <FormNumberField
                control={control}
                name={`lines.${index}.quantity`}
                label={t('forms.lines.quantity')}
                step={QUANTITY_STEP}
                minValue={QUANTITY_STEP}
                maxValue={MAX_QUANTITY}
                formatOptions={{ maximumFractionDigits: 2 }}
                isRequired
              />
              <FormMoneyField
                control={control}
                name={`lines.${index}.unitPrice`}
                label={t('forms.lines.unitPrice')}
                minValue={-MAX_AMOUNT}
                maxValue={MAX_AMOUNT}
                isRequired
              />
              <FormSelect<LinesValues, LinesValues, number>
                control={control}
                name={`lines.${index}.vatRate`}
                label={t('forms.lines.vatRate')}
                options={rateOptions}
                noneLabel={t('forms.lines.vatAuto')}
                emptyValue={null}
              />
              <div className="flex flex-col gap-1 text-sm">
                <span className="font-medium text-neutral-800">{t('forms.lines.amount')}</span>
                <output
                  aria-label={t('forms.lines.amountOf', { position })}
                  className="h-9 content-center text-end tabular-nums"
                >
                  {amounts ? formatMoney(amounts.gross) : '–'}
                </output>
              </div>
              <Button
                variant="quiet"
                size="sm"
                className="mt-6"
                aria-label={t('forms.lines.remove', { position })}
                isDisabled={!allowEmpty && fields.length === 1}
                onPress={() => remove(index)}
              >
                {t('forms.lines.removeShort')}
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onPress={() => append(emptyLine())}>
          {t('forms.lines.add')}
        </Button>
        {prices.length > 0 && (
          <ComboBox
            key={pickerKey}
            className="min-w-72"
            label={t('forms.lines.fromPrices')}
            placeholder={t('forms.lines.fromPricesPlaceholder')}
            items={priceOptions}
            onSelectionChange={(key) => {
              const price = prices.find((row) => `${row.productId}-${row.licenseClass}` === key);
              if (!price) return;
              const last = lines[lines.length - 1];
              const blank = last && !last.description && last.unitPrice === null;
              const line: LineForm = {
                description: price.productName,
                quantity: 1,
                unitPrice: price.price,
                vatRate: price.vatRate,
                productId: price.productId,
              };
              if (blank) {
                remove(lines.length - 1);
              }
              append(line);
              setPickerKey((value) => value + 1);
            }}
          />
        )}
      </div>
      {(totals.byRate.length > 0 || totals.hasUnknownRate) && (
        <div className="flex flex-col items-end gap-1">
          {totals.byRate.length > 0 && (
            <DocumentTotalsTable
              label={t('forms.totals.estimate')}
              rows={totals.byRate}
              total={totals}
            />
          )}
          <p className="text-xs text-neutral-600">
            {t(
              totals.hasUnknownRate
                ? 'forms.totals.estimateUnknownRate'
                : 'forms.totals.estimateHint',
            )}
          </p>
        </div>
      )}
    </div>
  );
}
