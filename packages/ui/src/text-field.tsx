import { useState } from 'react';
import {
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  BorderedInput,
  Description,
  FieldError,
  type FieldProps,
  fieldStyles,
  Label,
  TextArea,
} from './field';
import { composeTailwindRenderProps } from './utils';

export type TextFieldProps = Omit<RACTextFieldProps, 'children'> &
  FieldProps & {
    placeholder?: string;
    /** Renders a multi-line text area. */
    isMultiline?: boolean;
    /** Rows of the text area when `isMultiline`. @default 3 */
    rows?: number;
    /** With `maxLength`, shows how many characters are left. */
    showRemaining?: boolean;
  };

/** A labelled text input with description and error message. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isMultiline,
  rows = 3,
  showRemaining,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation('ui');
  // Tracked for the remaining-characters hint when the field is uncontrolled.
  const [innerValue, setInnerValue] = useState(props.defaultValue ?? '');
  const length = (props.value ?? innerValue).length;
  return (
    <RACTextField
      {...props}
      onChange={(next) => {
        setInnerValue(next);
        props.onChange?.(next);
      }}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      {isMultiline ? (
        <TextArea placeholder={placeholder} rows={rows} />
      ) : (
        <BorderedInput placeholder={placeholder} />
      )}
      {description && <Description>{description}</Description>}
      {showRemaining && props.maxLength !== undefined && (
        <span className="text-xs text-neutral-600" aria-live="polite">
          {t('field.remainingCharacters', { count: Math.max(0, props.maxLength - length) })}
        </span>
      )}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
