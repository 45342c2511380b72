import { TextField } from '@fahrwerk/ui';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import type { FormTextFieldProps } from './form-fields';
import { useFormTexts } from './form-texts';

export type FormCodeFieldProps<T extends FieldValues, TOutput> = FormTextFieldProps<T, TOutput>;

/**
 * A code written in capitals (licence plate, chassis number): what is typed in lower case
 * shows and is kept in upper case, since typing it so is no mistake. Otherwise a
 * `FormTextField`.
 */
export function FormCodeField<T extends FieldValues, TOutput = T>({
  control,
  name,
  onBlur,
  ...props
}: FormCodeFieldProps<T, TOutput>) {
  const t = useFormTexts();
  const { field, fieldState } = useController<T, FieldPath<T>, TOutput>({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      isInvalid={fieldState.invalid}
      errorMessage={message ? t(message, { max: props.maxLength }) : undefined}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value.toUpperCase())}
      onBlur={() => {
        field.onBlur();
        onBlur?.(field.value ?? '');
      }}
    />
  );
}
