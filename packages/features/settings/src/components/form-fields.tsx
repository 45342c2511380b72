import { invalidProps } from '@fahrwerk/core';
import { TextField, type TextFieldProps } from '@fahrwerk/ui';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useSettingsTranslation } from '../use-settings-translation';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur'
> & {
  control: Control<T>;
  name: Path<T>;
};

/** A TextField bound to a react-hook-form string field, errors translated. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useSettingsTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...invalidProps(fieldState.error, t)}
        />
      )}
    />
  );
}
