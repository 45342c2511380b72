import type { ReactNode } from 'react';

/** A tick or a cross beside its text: right and wrong never rely on colour alone. */
export function VerdictIcon({ correct, className }: { correct: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`size-5 shrink-0 ${correct ? 'text-success-700' : 'text-danger-700'} ${className ?? ''}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="10" cy="10" r="8.5" strokeWidth="1.5" />
      {correct ? <path d="M6 10.5l2.5 2.5L14 7.5" /> : <path d="M7 7l6 6M13 7l-6 6" />}
    </svg>
  );
}

/** A line marked right (tick) or wrong (cross), with its text. */
export function Verdict({ correct, children }: { correct: boolean; children: ReactNode }) {
  return (
    <span className="inline-flex items-start gap-2">
      <VerdictIcon correct={correct} />
      <span>{children}</span>
    </span>
  );
}
