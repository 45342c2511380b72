import { isApiError } from '@fahrwerk/api';
import { ApiForm, FormCheckbox, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, ErrorState, formatDateTime, Spinner } from '@fahrwerk/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type PublicMandateForm,
  usePublicMandateForm,
  useSubmitPublicMandate,
} from './api/mandate-queries';
import {
  emptyPublicMandateForm,
  publicMandateFormSchema,
  toPublicMandateInput,
} from './mandate-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type PublicMandateFormScreenProps = {
  /** The token of the dispatch e-mail's link (`/…/{token}`). */
  token: string;
  /** The mandate was given: the host shows `/set-up-mandate/success`. */
  onSuccess: () => void;
  /** The link is unknown, used or expired (404): the host shows `/set-up-mandate/failure`. */
  onFailure: () => void;
};

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The public page of the mandate e-mail's link (no sign-in, made for a phone): the school as
 * creditor with its creditor id, the mandate reference, student and class, the SEPA core
 * direct-debit mandate text, and the holder's account (IBAN checked at once, BIC optional)
 * with the consent. Giving it calls `onSuccess`; an unknown, used or expired link `onFailure`.
 */
export function PublicMandateFormScreen({
  token,
  onSuccess,
  onFailure,
}: PublicMandateFormScreenProps) {
  const { t } = usePaymentsTranslation();
  const form = usePublicMandateForm(token);
  const unknown = form.isError && isNotFound(form.error);

  // Once, even when the host passes a new callback on each render.
  const reported = useRef(false);
  useEffect(() => {
    if (!unknown || reported.current) return;
    reported.current = true;
    onFailure();
  }, [unknown, onFailure]);

  return (
    <div className="min-h-screen bg-neutral-50">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-5">
          <p className="text-sm text-neutral-600">{t('publicMandate.kicker')}</p>
          <h1 className="text-xl font-semibold text-neutral-900 sm:text-2xl">
            {form.data?.schoolName ?? t('publicMandate.titleFallback')}
          </h1>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
        {form.isPending || unknown ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('publicMandate.loading')} />
          </div>
        ) : form.isError ? (
          <ErrorState
            title={t('publicMandate.unavailable')}
            message={t('publicMandate.loadError')}
            onRetry={() => void form.refetch()}
            isRetrying={form.isFetching}
          />
        ) : (
          <MandateFormView
            token={token}
            data={form.data}
            onSuccess={onSuccess}
            onFailure={onFailure}
          />
        )}
      </main>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-4">
      <dt className="text-sm text-neutral-600 sm:w-56 sm:shrink-0">{label}</dt>
      <dd className="break-words text-neutral-900">{children}</dd>
    </div>
  );
}

function MandateFormView({
  token,
  data,
  onSuccess,
  onFailure,
}: {
  token: string;
  data: PublicMandateForm;
  onSuccess: () => void;
  onFailure: () => void;
}) {
  const { t } = usePaymentsTranslation();
  const submit = useSubmitPublicMandate(token);
  const school = data.schoolName;
  const form = useApiForm({
    schema: publicMandateFormSchema,
    defaultValues: emptyPublicMandateForm(),
    submit: async (values) => {
      try {
        await submit.mutateAsync(toPublicMandateInput(values));
      } catch (error) {
        // The link was used or ran out meanwhile: the failure page says what to do.
        if (isNotFound(error)) {
          onFailure();
          return;
        }
        throw error;
      }
      onSuccess();
    },
    t,
  });
  const { control } = form;

  return (
    <div className="flex flex-col gap-5">
      <p className="text-neutral-700">{t('publicMandate.intro', { school })}</p>
      <Card id="mandate-creditor" title={t('publicMandate.creditor')}>
        <dl className="flex flex-col gap-3">
          <Row label={t('publicMandate.creditor')}>
            <span className="block">{school}</span>
            {data.schoolAddress && <span className="block">{data.schoolAddress}</span>}
          </Row>
          <Row label={t('publicMandate.creditorId')}>
            <span className="font-mono">{data.creditorId}</span>
          </Row>
          <Row label={t('publicMandate.reference')}>
            <span className="font-mono">{data.reference}</span>
          </Row>
          <Row label={t('publicMandate.education')}>
            {t('publicMandate.educationValue', {
              student: data.studentName,
              licenseClass: data.licenseClass,
            })}
          </Row>
        </dl>
      </Card>
      <Card id="mandate-text" title={t('publicMandate.mandateText.title')}>
        <p className="text-neutral-800">
          {t('publicMandate.mandateText.authorisation', { school })}
        </p>
        <p className="text-neutral-800">{t('publicMandate.mandateText.refund')}</p>
        <p className="text-sm text-neutral-600">{t('publicMandate.mandateText.kind')}</p>
      </Card>
      <ApiForm form={form} aria-label={t('publicMandate.title')} className="flex flex-col gap-5">
        <Card id="mandate-payer" title={t('publicMandate.payer')}>
          <FormTextField
            control={control}
            name="holderName"
            label={t('mandates.fields.holderName')}
            autoComplete="name"
            maxLength={70}
            isRequired
          />
          <FormTextField
            control={control}
            name="iban"
            label={t('mandates.fields.iban')}
            autoComplete="off"
            inputMode="text"
            maxLength={42}
            isRequired
          />
          <FormTextField
            control={control}
            name="bic"
            label={t('mandates.fields.bic')}
            description={t('mandates.form.bicHint')}
            autoComplete="off"
            maxLength={11}
          />
          <FormCheckbox control={control} name="consent">
            {t('publicMandate.consent')}
          </FormCheckbox>
        </Card>
        <Button
          type="submit"
          className="w-full sm:w-auto sm:self-start"
          isPending={form.formState.isSubmitting}
        >
          {t('publicMandate.submit')}
        </Button>
        <p className="text-sm text-neutral-600">
          {t('publicMandate.expiresAt', { date: formatDateTime(data.expiresAt) })}
        </p>
      </ApiForm>
    </div>
  );
}
