import { type ReactNode, useId } from 'react';

export type AuthCardProps = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame of the sign-in and password pages: a titled card. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="w-full max-w-md rounded-xl border border-neutral-200 bg-white p-8 shadow-sm"
    >
      <h1 id={titleId} className="text-2xl font-semibold text-neutral-900">
        {title}
      </h1>
      {intro ? <p className="mt-2 text-sm text-neutral-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 text-sm">{footer}</div> : null}
    </section>
  );
}

/** A success message inside a card, announced to screen readers (errors: `FormAlert`). */
export function FormMessage({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-md border border-success-200 bg-success-50 px-3 py-2 text-sm text-success-800"
    >
      {children}
    </div>
  );
}
