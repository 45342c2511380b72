import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';
import { cn } from './utils';

export type FormProps = RACFormProps;

/**
 * A form that lays out its fields in a column. `validationErrors` (`{ [name]: message }`)
 * shows server-side errors, e.g. a 422 answer's `fieldErrors`, on the fields with that
 * `name`. Validation is `aria` by default: react-hook-form and zod decide, the browser does
 * not block the submit; pass `validationBehavior="native"` for plain forms.
 */
export function Form({ validationBehavior = 'aria', ...props }: FormProps) {
  return (
    <RACForm
      validationBehavior={validationBehavior}
      {...props}
      className={cn('flex flex-col gap-4', props.className)}
    />
  );
}
