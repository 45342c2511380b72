import { isApiError } from '@fahrwerk/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the field errors of a failed save (422) at the form's fields; answers the keys of
 * what has no field in the form (global errors, fields the form does not show), so the
 * form can list them instead of dropping them.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Record<string, keyof T>,
): string[] {
  if (!isApiError(error)) return ['errors.unknown'];
  const rest: string[] = [];
  for (const fieldError of error.fieldErrors) {
    const field = fields[fieldError.field];
    if (field) setError(field as Path<T>, { type: 'server', message: fieldError.error });
    else rest.push(fieldError.error);
  }
  rest.push(...error.globalErrors);
  if (rest.length === 0 && error.fieldErrors.length === 0) rest.push(error.body.error_message);
  return rest;
}
