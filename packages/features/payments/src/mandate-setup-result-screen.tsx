import { usePaymentsTranslation } from './use-payments-translation';

export type MandateSetupResultScreenProps = {
  /** `/set-up-mandate/success` or `/set-up-mandate/failure`. */
  kind: 'success' | 'failure';
};

/**
 * The page after the public mandate form (no sign-in, made for a phone): thanks when the
 * mandate was given; when the link was unknown, used or expired, what to do instead.
 */
export function MandateSetupResultScreen({ kind }: MandateSetupResultScreenProps) {
  const { t } = usePaymentsTranslation();
  const success = kind === 'success';
  return (
    <div className="flex min-h-screen items-start justify-center bg-neutral-50 px-4 py-10 sm:items-center">
      <main
        className={
          success
            ? 'w-full max-w-lg rounded-lg border border-success-200 bg-white p-6 text-center shadow-sm sm:p-8'
            : 'w-full max-w-lg rounded-lg border border-danger-200 bg-white p-6 text-center shadow-sm sm:p-8'
        }
      >
        <p
          aria-hidden="true"
          className={success ? 'text-4xl text-success-600' : 'text-4xl text-danger-600'}
        >
          {success ? '✓' : '!'}
        </p>
        <h1 className="mt-2 text-xl font-semibold text-neutral-900">
          {t(success ? 'publicMandateResult.successTitle' : 'publicMandateResult.failureTitle')}
        </h1>
        <p className="mt-3 text-neutral-700">
          {t(success ? 'publicMandateResult.successText' : 'publicMandateResult.failureText')}
        </p>
        {success && (
          <p className="mt-3 text-sm text-neutral-600">{t('publicMandateResult.close')}</p>
        )}
      </main>
    </div>
  );
}
