import type { ReactNode } from 'react';

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
