import {
  NumberField as RACNumberField,
  type NumberFieldProps as RACNumberFieldProps,
} from 'react-aria-components';
import {
  BorderedInput,
  Description,
  FieldError,
  type FieldProps,
  fieldStyles,
  Label,
} from './field';
import { composeTailwindRenderProps } from './utils';

export type NumberFieldProps = Omit<RACNumberFieldProps, 'children'> &
  FieldProps & {
    placeholder?: string;
    /** A unit after the label, e.g. "Minuten" or "km". */
    unit?: string;
  };

/** A labelled number input (German decimal comma by the locale); minutes, km, percentages. */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  unit,
  ...props
}: NumberFieldProps) {
  return (
    <RACNumberField {...props} className={composeTailwindRenderProps(props.className, fieldStyles)}>
      {label && (
        <Label isRequired={props.isRequired}>
          {label}
          {unit ? ` (${unit})` : ''}
        </Label>
      )}
      <BorderedInput placeholder={placeholder} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACNumberField>
  );
}
