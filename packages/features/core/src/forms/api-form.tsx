import { Form, type FormProps } from '@fahrwerk/ui';
import { type FieldValues, FormProvider } from 'react-hook-form';
import { FormAlert } from '../form-helpers';
import { FormTextsContext, type Translate } from './form-texts';
import type { ApiFormApi } from './use-api-form';

export type ApiFormProps<TValues extends FieldValues, TOutput> = Omit<
  FormProps,
  'onSubmit' | 'validationBehavior' | 'validationErrors'
> & {
  /** The answer of `useApiForm`. */
  form: ApiFormApi<TValues, TOutput>;
};

/** "Field: error" for a field error without a field in the form (spec 000 §8), else the text. */
function alertText(t: Translate, key: string, field: string | undefined): string {
  if (!field) return t(key);
  const label = t(`fields.${field}`);
  return label === `fields.${field}` ? t(key) : `${label}: ${t(key)}`;
}

/**
 * The `<form>` of `useApiForm`: submits through it, shows its alert (what the server refused
 * without a field) above the fields, and gives the fields inside the form's `t`.
 */
export function ApiForm<TValues extends FieldValues, TOutput>({
  form,
  children,
  ...props
}: ApiFormProps<TValues, TOutput>) {
  const { onSubmit, problems, setProblems: _setProblems, t, ...methods } = form;
  return (
    <FormProvider {...methods}>
      <FormTextsContext.Provider value={t}>
        <Form {...props} onSubmit={onSubmit}>
          {problems.length > 0 && (
            <FormAlert>
              {problems.map(({ key, field }) => (
                <p key={`${field}:${key}`}>{alertText(t, key, field)}</p>
              ))}
            </FormAlert>
          )}
          {children}
        </Form>
      </FormTextsContext.Provider>
    </FormProvider>
  );
}
