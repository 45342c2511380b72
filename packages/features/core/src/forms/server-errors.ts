import { isApiError, isCancelledError } from '@fahrwerk/api';

/**
 * One line of a form's alert: a text key, and for a field error the form shows no field
 * for, the server's field name (the alert then says "Field: error", as the toast does).
 */
export type AlertMessage = { key: string; field?: string };

/** Where a failed submit's messages go: onto named form fields, or into the form's alert. */
export type ServerErrorPlacement<TName extends string = string> = {
  /** Field errors the form shows at a field (message: a text key). */
  fields: { name: TName; message: string }[];
  /** The alert above the form: what has no field, in the server's order. */
  alert: AlertMessage[];
};

export type ReadServerErrorsOptions<TName extends string> = {
  /** The form field a server field name (`address.postalCode`) lands on; `null`: none. */
  fieldFor: (serverField: string) => TName | null;
  /**
   * `'every-failure'`: any failed call says something in the alert.
   * `'validation'`: only refused input (422); other failures are the global toast's job.
   */
  alertOn: 'every-failure' | 'validation';
  /** The key for a failure that is not the API's (a thrown error); else `errors.unknown`. */
  describeFailure?: (error: unknown) => string | undefined;
};

/**
 * Splits a failed submit into field errors and alert texts (spec 000 §8): each of a 422's
 * `fieldErrors` goes to its field when the form has one, else into the alert with the
 * `globalErrors`; an answer without either says its `error_message`. Cancelled calls say
 * nothing.
 */
export function readServerErrors<TName extends string>(
  error: unknown,
  { fieldFor, alertOn, describeFailure }: ReadServerErrorsOptions<TName>,
): ServerErrorPlacement<TName> {
  const placement: ServerErrorPlacement<TName> = { fields: [], alert: [] };
  if (isCancelledError(error)) return placement;
  const described = describeFailure?.(error);
  if (described) {
    placement.alert.push({ key: described });
    return placement;
  }
  if (!isApiError(error)) {
    placement.alert.push({ key: 'errors.unknown' });
    return placement;
  }
  if (alertOn === 'validation' && error.status !== 422) return placement;
  for (const fieldError of error.fieldErrors) {
    const name = fieldFor(fieldError.field);
    if (name) placement.fields.push({ name, message: fieldError.error });
    else placement.alert.push({ key: fieldError.error, field: fieldError.field });
  }
  placement.alert.push(...error.globalErrors.map((key) => ({ key })));
  if (error.fieldErrors.length === 0 && error.globalErrors.length === 0) {
    placement.alert.push({ key: error.body.error_message || error.body.message });
  }
  return placement;
}
