import type { ReactNode } from 'react';

/**
 * react-aria field props for a react-hook-form field state, with the message translated.
 * New forms use the `Form*` fields of `./forms` instead, which do this themselves.
 */
export function invalidProps(
  error: { message?: string | undefined } | undefined,
  t: (key: string) => string,
) {
  return {
    isInvalid: Boolean(error),
    errorMessage: error?.message ? t(error.message) : undefined,
    validationBehavior: 'aria' as const,
  };
}

/** An error summary at the top of a form (what the server refused without a field). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800"
    >
      {children}
    </div>
  );
}
