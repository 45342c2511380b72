import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { cn } from './utils';

const badgeStyles = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        neutral: 'border-neutral-300 bg-neutral-100 text-neutral-800',
        brand: 'border-brand-200 bg-brand-50 text-brand-800',
        success: 'border-green-300 bg-green-50 text-green-800',
        warning: 'border-amber-300 bg-amber-50 text-amber-900',
        danger: 'border-red-300 bg-red-50 text-red-800',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeStyles>['tone']>;

export type BadgeProps = {
  /** @default 'neutral' */
  tone?: BadgeTone;
  /** An icon before the text (decorative). */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A short status text: "Archiviert", "Ungelesen", "TÜV fällig". Colour never carries meaning alone. */
export function Badge({ tone, icon, children, className }: BadgeProps) {
  return (
    <span className={cn(badgeStyles({ tone }), className)}>
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </span>
  );
}
