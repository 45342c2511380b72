import { isApiError, SALUTATIONS } from '@fahrwerk/api';
import {
  ApiForm,
  FormCheckbox,
  FormCheckboxGroup,
  FormDateField,
  FormSelect,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import {
  Button,
  ErrorState,
  FieldColumns,
  FieldSpacer,
  formatDate,
  Link,
  Spinner,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type PublicRegistrationForm,
  usePublicRegistrationForm,
  useSubmitPublicRegistration,
} from './api/registration-queries';
import {
  emptyPublicRegistration,
  PUBLIC_SERVER_FIELDS,
  publicRegistrationSchema,
  toPublicRegistrationInput,
} from './schemas/public-registration-form';
import { useRegistrationsTranslation } from './use-registrations-translation';

export type PublicRegistrationScreenProps = {
  /** The school's token from the URL of its registration QR code. */
  token: string;
  /**
   * From the link's query: `fastlane` (`?fastlane=1`) offers only intensive courses (the
   * server marks them: `fastlane`, the reading broadcasts use too) and asks for one; `licenseClass`
   * (`?klasse=B`) ticks that class when the school offers it.
   */
  preset?: { fastlane?: boolean; licenseClass?: string };
};

/**
 * The school's public registration page (`/register/{token}`, no sign-in): the person,
 * contact, wanted licence classes, branch and theory course when offered, a message and the
 * privacy consent; a thank-you state after sending. Looks like the school's page, not the
 * back office.
 */
export function PublicRegistrationScreen({ token, preset = {} }: PublicRegistrationScreenProps) {
  const { t } = useRegistrationsTranslation();
  const form = usePublicRegistrationForm(token);
  const [sent, setSent] = useState(false);

  return (
    <div className="min-h-screen bg-neutral-50">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-6">
          <p className="text-sm text-neutral-600">{t('public.kicker')}</p>
          <h1 className="text-2xl font-semibold text-neutral-900">
            {form.data?.schoolName ?? t('public.titleFallback')}
          </h1>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        {form.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('public.loading')} />
          </div>
        ) : form.isError ? (
          <ErrorState
            title={t('public.unavailableTitle')}
            message={
              isApiError(form.error) && form.error.status === 404
                ? t('public.unknownLink')
                : t('public.loadError')
            }
            onRetry={
              isApiError(form.error) && form.error.status === 404 ? undefined : () => form.refetch()
            }
          />
        ) : sent ? (
          <section
            aria-labelledby="registration-thanks"
            className="rounded-lg border border-success-200 bg-white p-8 text-center shadow-sm"
          >
            <h2 id="registration-thanks" className="text-xl font-semibold text-neutral-900">
              {t('public.thanksTitle')}
            </h2>
            <p className="mt-2 text-neutral-700">
              {t('public.thanksText', { school: form.data.schoolName })}
            </p>
          </section>
        ) : (
          <PublicRegistrationFormView
            token={token}
            form={form.data}
            preset={preset}
            onSent={() => setSent(true)}
          />
        )}
      </main>
    </div>
  );
}

/** The courses the page offers for the chosen branch (all branches: none chosen). */
function offeredCourses(data: PublicRegistrationForm, branchId: number | null, fastlane: boolean) {
  return data.theoryCourses.filter(
    (course) =>
      (branchId === null || course.branchId === undefined || course.branchId === branchId) &&
      (!fastlane || course.fastlane),
  );
}

function PublicRegistrationFormView({
  token,
  form: data,
  preset,
  onSent,
}: {
  token: string;
  form: PublicRegistrationForm;
  preset: NonNullable<PublicRegistrationScreenProps['preset']>;
  onSent: () => void;
}) {
  const { t } = useRegistrationsTranslation();
  const send = useSubmitPublicRegistration(token);
  const fastlane = preset.fastlane === true;
  const presetClass = data.licenseClasses.find((c) => c === preset.licenseClass);
  const form = useApiForm({
    schema: publicRegistrationSchema,
    defaultValues: {
      ...emptyPublicRegistration(),
      licenseClasses: presetClass ? [presetClass] : [],
      branchId: data.branches.length === 1 ? (data.branches[0]?.id ?? null) : null,
    },
    submit: async (values) => {
      const offered = offeredCourses(data, values.branchId, fastlane);
      if (fastlane && offered.length > 0 && values.theoryCourseId === null) {
        form.setError('theoryCourseId', { message: t('validation.fastlaneCourse') });
        return;
      }
      await send.mutateAsync(toPublicRegistrationInput(values));
      onSent();
    },
    serverFields: PUBLIC_SERVER_FIELDS,
    t,
  });
  const { control } = form;
  const branchId = form.watch('branchId');
  const courses = offeredCourses(data, branchId, fastlane);

  const section = 'flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-6 shadow-sm';
  const heading = 'text-lg font-semibold text-neutral-900';

  return (
    <div className="flex flex-col gap-6">
      <p className="text-neutral-700">{t('public.intro')}</p>
      {fastlane && (
        <p className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          {courses.length > 0 ? t('public.fastlaneIntro') : t('public.fastlaneNone')}
        </p>
      )}
      <ApiForm form={form} aria-label={t('public.submit')} className="gap-6">
        <section aria-labelledby="reg-person" className={section}>
          <h2 id="reg-person" className={heading}>
            {t('public.person')}
          </h2>
          <FieldColumns>
            <FormSelect
              control={control}
              name="salutation"
              label={t('fields.salutation')}
              noneLabel={t('fields.noSalutation')}
              emptyValue={null}
              options={SALUTATIONS.map((id) => ({ id, label: t(`salutations.${id}`) }))}
            />
            <FieldSpacer />
            <FormTextField
              control={control}
              name="firstName"
              label={t('fields.firstName')}
              isRequired
              autoComplete="given-name"
              maxLength={100}
            />
            <FormTextField
              control={control}
              name="lastName"
              label={t('fields.lastName')}
              isRequired
              autoComplete="family-name"
              maxLength={100}
            />
            <FormDateField
              control={control}
              name="birthDate"
              label={t('fields.birthDate')}
              isRequired
            />
          </FieldColumns>
        </section>
        <section aria-labelledby="reg-contact" className={section}>
          <h2 id="reg-contact" className={heading}>
            {t('public.contact')}
          </h2>
          <p className="text-sm text-neutral-600">{t('public.contactHint')}</p>
          <FieldColumns>
            <FormTextField
              control={control}
              name="email"
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              maxLength={254}
            />
            <FormTextField
              control={control}
              name="phone"
              label={t('fields.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={30}
            />
            {(
              [
                ['street', 'street-address', 100],
                ['houseNumber', undefined, 10],
                ['postalCode', 'postal-code', 5],
                ['city', 'address-level2', 100],
              ] as const
            ).map(([name, autoComplete, maxLength]) => (
              <FormTextField
                key={name}
                control={control}
                name={name}
                label={t(`fields.${name}`)}
                autoComplete={autoComplete}
                maxLength={maxLength}
              />
            ))}
          </FieldColumns>
        </section>
        <section aria-labelledby="reg-training" className={section}>
          <h2 id="reg-training" className={heading}>
            {t('public.training')}
          </h2>
          <FormCheckboxGroup
            control={control}
            name="licenseClasses"
            label={t('fields.licenseClasses')}
            description={t('public.licenseClassesHint')}
            isRequired
            layout="row"
            options={data.licenseClasses.map((licenseClass) => ({
              id: licenseClass,
              label: t('public.classLabel', { licenseClass }),
            }))}
          />
          <FieldColumns>
            {data.branches.length > 1 && (
              <FormSelect
                control={control}
                name="branchId"
                label={t('fields.branch')}
                noneLabel={t('public.anyBranch')}
                emptyValue={null}
                options={data.branches.map((b) => ({
                  id: b.id,
                  label: b.address?.city ? `${b.name} (${b.address.city})` : b.name,
                }))}
              />
            )}
            {courses.length > 0 && (
              <FormSelect
                control={control}
                name="theoryCourseId"
                label={fastlane ? t('fields.fastlaneCourse') : t('fields.theoryCourse')}
                isRequired={fastlane}
                noneLabel={t('public.noCourse')}
                emptyValue={null}
                options={courses.map((c) => ({
                  id: c.id,
                  label: `${c.name} (${formatDate(c.start)}${c.end ? ` – ${formatDate(c.end)}` : ''})`,
                }))}
              />
            )}
          </FieldColumns>
          <FormTextField
            control={control}
            name="message"
            label={t('fields.message')}
            isMultiline
            rows={4}
            maxLength={2000}
            showRemaining
          />
        </section>
        <FormCheckbox
          control={control}
          name="privacyAccepted"
          isRequired
          details={
            data.privacyUrl && (
              <Link href={data.privacyUrl} target="_blank" rel="noreferrer" className="text-sm">
                {t('public.privacyLink')}
              </Link>
            )
          }
        >
          {t('public.privacyConsent', { school: data.schoolName })}
        </FormCheckbox>
        <div>
          <Button type="submit" size="lg" isPending={form.formState.isSubmitting}>
            {t('public.submit')}
          </Button>
        </div>
      </ApiForm>
    </div>
  );
}
