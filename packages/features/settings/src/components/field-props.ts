import type { FieldError } from 'react-hook-form';

/** react-aria field props for a react-hook-form field state, with the message translated. */
export function invalidProps(error: FieldError | undefined, t: (key: string) => string) {
  return {
    isInvalid: Boolean(error),
    errorMessage: error?.message ? t(error.message) : undefined,
    validationBehavior: 'aria' as const,
  };
}
