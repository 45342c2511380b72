import { FieldSet } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';
import { type BoundFieldProps, FormTextField } from './form-fields';

/** The parts of a postal address, by the contract's names (`Address` without `country`). */
export const ADDRESS_PARTS = ['street', 'houseNumber', 'postalCode', 'city'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

type AddressText = string | null | undefined;

/** A form value that holds the four parts under the contract's names. */
export type AddressValues = Record<AddressPart, AddressText>;

/** The most a part holds, as the contract allows (the postal code: five digits). */
const MAX_LENGTH: Record<AddressPart, number> = {
  street: 100,
  houseNumber: 10,
  postalCode: 5,
  city: 100,
};

/**
 * Where the parts are in the form: under the contract's names at the top (nothing to say),
 * in an object (`prefix="address"`: `address.street`, …), or each named (`names`).
 */
type AddressNaming<T extends FieldValues> =
  | (T extends AddressValues ? { prefix?: undefined; names?: undefined } : never)
  | {
      /** The path of an object holding the parts: `address` → `address.street`, …. */
      prefix: FieldPathByValue<T, AddressValues>;
      names?: undefined;
    }
  | {
      prefix?: undefined;
      /** The form's name of each part. */
      names: Record<AddressPart, FieldPathByValue<T, AddressText>>;
    };

export type AddressFieldsProps<T extends FieldValues, TOutput> = Pick<
  BoundFieldProps<T, TOutput, AddressText>,
  'control'
> &
  AddressNaming<T> & {
    /**
     * Makes the address its own captioned group (`FieldSet`, wide and narrow column:
     * street | house number, city | postal code). Without it the four fields go into the
     * surrounding `FieldColumns` (a `Section` with `columns`), two to a row: street | house
     * number, postal code | city — start them at the beginning of a row.
     */
    legend?: ReactNode;
    isReadOnly?: boolean;
  };

/**
 * Street, house number, postal code and city of a form, bound like the `Form*` fields: each
 * shows its own error, translated with the form's `t`. The labels are the shared `core`
 * texts (`address.*`: "Straße", "Hausnummer", "PLZ", "Ort").
 */
export function AddressFields<T extends FieldValues, TOutput = T>({
  control,
  prefix,
  names,
  legend,
  isReadOnly,
}: AddressFieldsProps<T, TOutput>) {
  const { t } = useTranslation(CORE_NAMESPACE);
  // The props' types checked the names; here they are only strings.
  const nameOf = (part: AddressPart) =>
    (names?.[part] ?? (prefix ? `${prefix}.${part}` : part)) as FieldPathByValue<T, AddressText>;
  const field = (part: AddressPart) => (
    <FormTextField
      key={part}
      control={control}
      name={nameOf(part)}
      label={t(`address.${part}`)}
      isReadOnly={isReadOnly}
      maxLength={MAX_LENGTH[part]}
      inputMode={part === 'postalCode' ? 'numeric' : undefined}
    />
  );
  if (legend === undefined) return <>{ADDRESS_PARTS.map(field)}</>;
  return (
    <FieldSet legend={legend} layout="wide-narrow">
      {(['street', 'houseNumber', 'city', 'postalCode'] as const).map(field)}
    </FieldSet>
  );
}
