import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useCallback, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type Mode,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import type { Translate } from './form-texts';
import { type AlertMessage, type ReadServerErrorsOptions, readServerErrors } from './server-errors';

export type UseApiFormOptions<TValues extends FieldValues, TOutput> = {
  /** The zod schema; its messages are text keys (`validation.required`, `form.invalid.iban`). */
  schema: z.ZodType<TOutput, TValues>;
  defaultValues: DefaultValues<TValues>;
  /**
   * Sends the checked values. Resolve when saved; reject with the call's `ApiError` and its
   * field errors land on the fields, the rest in the form's alert.
   */
  submit: (values: TOutput) => Promise<unknown> | unknown;
  /** The feature's `t` (its texts, then the shared `core` texts): fields and alert use it. */
  t: Translate;
  /**
   * Server field names that differ from the form's (`'address.postalCode': 'postalCode'`).
   * Any other server field lands on the form field of the same name, when the form has a
   * value there; the rest goes into the alert.
   */
  serverFields?: Partial<Record<string, FieldPath<TValues>>>;
  /**
   * Which failures the alert reports. `'every-failure'` for calls with
   * `meta: { silentError: true }`; `'validation'` when the global toast already reports
   * the other failures of the call. @default 'every-failure'
   */
  alertOn?: ReadServerErrorsOptions<string>['alertOn'];
  /** A text key for a failure the form explains itself (e.g. a 404); `undefined`: the default. */
  describeFailure?: (error: unknown) => string | undefined;
  /** When zod checks. @default 'onSubmit' */
  mode?: Mode;
};

/** A react-hook-form form that submits to the API; hand it to `ApiForm`. */
export type ApiFormApi<TValues extends FieldValues, TOutput> = UseFormReturn<
  TValues,
  unknown,
  TOutput
> & {
  /** The form's submit handler: checks, calls `submit`, places what the server refused. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** What the form's alert shows (server answers without a field). */
  problems: AlertMessage[];
  /** Replaces the alert's lines, e.g. `[]` when a dialog reopens. */
  setProblems: (problems: AlertMessage[]) => void;
  t: Translate;
};

/** The form of a zod schema, for a fields component: `form: ApiFormOf<typeof branchFormSchema>`. */
export type ApiFormOf<TSchema extends z.ZodType<unknown, FieldValues>> = ApiFormApi<
  z.input<TSchema>,
  z.output<TSchema>
>;

/**
 * The one hook for a form that saves through the API: zod checks the input, `submit`
 * sends it, and a 422's `fieldErrors` appear at their fields while `globalErrors` and field
 * errors without a field appear in one `FormAlert` (rendered by `ApiForm`).
 */
export function useApiForm<TValues extends FieldValues, TOutput = TValues>({
  schema,
  defaultValues,
  submit,
  t,
  serverFields,
  alertOn = 'every-failure',
  describeFailure,
  mode,
}: UseApiFormOptions<TValues, TOutput>): ApiFormApi<TValues, TOutput> {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode,
  });
  const [problems, setProblems] = useState<AlertMessage[]>([]);
  const { handleSubmit, setError, getValues } = form;

  const fieldFor = useCallback(
    (serverField: string): FieldPath<TValues> | null => {
      const mapped = serverFields?.[serverField];
      if (mapped) return mapped;
      // A leaf of the form's values (not a group like `address`): a field shows it.
      const value = get(getValues(), serverField);
      if (value === undefined) return null;
      const isGroup = typeof value === 'object' && value !== null && !Array.isArray(value);
      return isGroup ? null : (serverField as FieldPath<TValues>);
    },
    [serverFields, getValues],
  );

  const onSubmit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      await submit(values);
    } catch (error) {
      const placement = readServerErrors(error, { fieldFor, alertOn, describeFailure });
      for (const field of placement.fields) {
        setError(field.name, { type: 'server', message: field.message });
      }
      setProblems(placement.alert);
    }
  });

  return { ...form, onSubmit, problems, setProblems, t };
}
