import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './utils';

export type ErrorStateProps = {
  /** @default 'Etwas ist schiefgelaufen' */
  title?: ReactNode;
  /** The (translated) error text. @default 'Bitte versuche es später erneut.' */
  message?: ReactNode;
  /** Shows a "Erneut versuchen" button. */
  onRetry?: () => void;
  /** Shows the retry button as pending. */
  isRetrying?: boolean;
  className?: string;
};

/** Shown where loading failed; announced to screen readers. */
export function ErrorState({ title, message, onRetry, isRetrying, className }: ErrorStateProps) {
  const { t } = useTranslation('ui');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-2 px-6 py-10 text-center',
        className,
      )}
    >
      <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-600">
        <AlertCircle className="size-6" aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-neutral-900">{title ?? t('state.errorTitle')}</p>
      <p className="max-w-md text-sm text-neutral-600">{message ?? t('state.errorMessage')}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-2" onPress={onRetry} isPending={isRetrying}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
