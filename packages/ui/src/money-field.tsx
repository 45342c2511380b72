import { Input, NumberField, type NumberFieldProps } from 'react-aria-components';
import { Description, FieldError, type FieldProps, fieldStyles, inputStyles, Label } from './field';
import { cn, composeTailwindRenderProps } from './utils';

export type MoneyFieldProps = Omit<
  NumberFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'formatOptions' | 'children'
> &
  FieldProps & {
    /** Integer cents. */
    value?: number | null;
    defaultValue?: number | null;
    onChange?: (cents: number | null) => void;
    /** In cents. @default 0 — amounts are not negative unless allowed */
    minValue?: number;
    /** In cents. */
    maxValue?: number;
    placeholder?: string;
  };

const toEuros = (cents: number | null | undefined) =>
  cents === undefined ? undefined : cents === null ? Number.NaN : cents / 100;

/**
 * An amount in euros, shown the product's way (`1234,50 €`: comma decimal, no thousands
 * separator); values are integer cents.
 */
export function MoneyField({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  minValue = 0,
  maxValue,
  placeholder,
  ...props
}: MoneyFieldProps) {
  return (
    <NumberField
      {...props}
      value={toEuros(value)}
      defaultValue={toEuros(defaultValue)}
      minValue={minValue / 100}
      maxValue={maxValue === undefined ? undefined : maxValue / 100}
      onChange={(euros) => onChange?.(Number.isNaN(euros) ? null : Math.round(euros * 100))}
      formatOptions={{ style: 'currency', currency: 'EUR', useGrouping: false }}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <Input
        placeholder={placeholder}
        className={({ isFocused, isInvalid, isDisabled, isHovered }) =>
          cn(
            inputStyles({ isFocused, isInvalid, isDisabled }),
            'max-w-48 text-end tabular-nums',
            isHovered && !isFocused && !isInvalid && 'border-neutral-400',
          )
        }
      />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </NumberField>
  );
}
