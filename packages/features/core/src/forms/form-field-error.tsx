import { type FieldValues, get, useFormState } from 'react-hook-form';
import type { BoundFieldProps } from './form-fields';
import { useFormTexts } from './form-texts';

export type FormFieldErrorProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  unknown
> & { id?: string };

/**
 * The translated error of one form value, for a field that has no place for it itself (a
 * `FormSwitch` the server refuses: "Eine Vorlage kann nicht Standard sein."); nothing
 * without an error.
 */
export function FormFieldError<T extends FieldValues, TOutput = T>({
  control,
  name,
  id,
}: FormFieldErrorProps<T, TOutput>) {
  const t = useFormTexts();
  const { errors } = useFormState({ control, name });
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-danger-700">
      {t(message)}
    </p>
  );
}
