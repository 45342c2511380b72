import { cva } from 'class-variance-authority';
import { useTranslation } from 'react-i18next';
import { cn } from './utils';

const spinnerStyles = cva('animate-spin shrink-0', {
  variants: {
    size: { sm: 'size-4', md: 'size-6', lg: 'size-10' },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Text announced to assistive technology. @default 'Wird geladen …' */
  label?: string;
  /** Hide from assistive technology, e.g. inside a pending button that announces itself. */
  isDecorative?: boolean;
  className?: string;
};

/** An indeterminate loading indicator. */
export function Spinner({ size, label, isDecorative, className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const svg = (
    <svg
      className={cn(spinnerStyles({ size }), 'text-current', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (isDecorative) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}
