import { isApiError } from '@fahrwerk/api';
import { FormAlert, invalidProps } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  DateField,
  ErrorState,
  formatDate,
  Link,
  Select,
  Spinner,
  TextField,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type PublicRegistrationForm,
  usePublicRegistrationForm,
  useSubmitPublicRegistration,
} from './api/registration-queries';
import {
  emptyPublicRegistration,
  PUBLIC_SERVER_FIELDS,
  type PublicRegistrationFormValues,
  publicRegistrationSchema,
  SALUTATIONS,
  toPublicRegistrationInput,
} from './schemas/public-registration-form';
import { applyServerErrors } from './server-errors';
import { useRegistrationsTranslation } from './use-registrations-translation';

export type PublicRegistrationScreenProps = {
  /** The school's token from the URL of its registration QR code. */
  token: string;
};

const NONE = 'none';

/**
 * The school's public registration page (`/register/{token}`, no sign-in): the person,
 * contact, wanted licence classes, branch and theory course when offered, a message and the
 * privacy consent; a thank-you state after sending. Looks like the school's page, not the
 * back office.
 */
export function PublicRegistrationScreen({ token }: PublicRegistrationScreenProps) {
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
          <PublicRegistrationFormView token={token} form={form.data} onSent={() => setSent(true)} />
        )}
      </main>
    </div>
  );
}

function PublicRegistrationFormView({
  token,
  form: data,
  onSent,
}: {
  token: string;
  form: PublicRegistrationForm;
  onSent: () => void;
}) {
  const { t, text } = useRegistrationsTranslation();
  const submit = useSubmitPublicRegistration(token);
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, watch } = useForm<PublicRegistrationFormValues>({
    resolver: zodResolver(publicRegistrationSchema),
    defaultValues: {
      ...emptyPublicRegistration(),
      branchId: data.branches.length === 1 ? (data.branches[0]?.id ?? null) : null,
    },
  });
  const branchId = watch('branchId');
  const courses = data.theoryCourses.filter(
    (course) => branchId === null || course.branchId === undefined || course.branchId === branchId,
  );

  const onSubmit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      await submit.mutateAsync(toPublicRegistrationInput(values));
      onSent();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, PUBLIC_SERVER_FIELDS));
    }
  });

  const section = 'flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-6 shadow-sm';
  const heading = 'text-lg font-semibold text-neutral-900';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-neutral-700">{t('public.intro')}</p>
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{text(problem)}</p>
          ))}
        </FormAlert>
      )}
      <section aria-labelledby="reg-person" className={section}>
        <h2 id="reg-person" className={heading}>
          {t('public.person')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="salutation"
            render={({ field, fieldState }) => (
              <Select
                label={t('fields.salutation')}
                items={[
                  { id: NONE, label: t('fields.noSalutation') },
                  ...SALUTATIONS.map((id) => ({ id, label: t(`salutations.${id}`) })),
                ]}
                selectedKey={field.value ?? NONE}
                onSelectionChange={(key) => field.onChange(key === NONE ? null : key)}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
          <div className="hidden sm:block" />
          <Controller
            control={control}
            name="firstName"
            render={({ field, fieldState }) => (
              <TextField
                label={t('fields.firstName')}
                isRequired
                autoComplete="given-name"
                maxLength={100}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
          <Controller
            control={control}
            name="lastName"
            render={({ field, fieldState }) => (
              <TextField
                label={t('fields.lastName')}
                isRequired
                autoComplete="family-name"
                maxLength={100}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
          <Controller
            control={control}
            name="birthDate"
            render={({ field, fieldState }) => (
              <DateField
                label={t('fields.birthDate')}
                isRequired
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
        </div>
      </section>
      <section aria-labelledby="reg-contact" className={section}>
        <h2 id="reg-contact" className={heading}>
          {t('public.contact')}
        </h2>
        <p className="text-sm text-neutral-600">{t('public.contactHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <TextField
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                maxLength={254}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <TextField
                label={t('fields.phone')}
                type="tel"
                autoComplete="tel"
                maxLength={30}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, text)}
              />
            )}
          />
          {(
            [
              ['street', 'street-address', 100],
              ['houseNumber', undefined, 10],
              ['postalCode', 'postal-code', 5],
              ['city', 'address-level2', 100],
            ] as const
          ).map(([name, autoComplete, maxLength]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <TextField
                  label={t(`fields.${name}`)}
                  autoComplete={autoComplete}
                  maxLength={maxLength}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  {...invalidProps(fieldState.error, text)}
                />
              )}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="reg-training" className={section}>
        <h2 id="reg-training" className={heading}>
          {t('public.training')}
        </h2>
        <Controller
          control={control}
          name="licenseClasses"
          render={({ field, fieldState }) => (
            <CheckboxGroup
              label={t('fields.licenseClasses')}
              description={t('public.licenseClassesHint')}
              isRequired
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, text)}
            >
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {data.licenseClasses.map((licenseClass) => (
                  <Checkbox key={licenseClass} value={licenseClass}>
                    {t('public.classLabel', { licenseClass })}
                  </Checkbox>
                ))}
              </div>
            </CheckboxGroup>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {data.branches.length > 1 && (
            <Controller
              control={control}
              name="branchId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('fields.branch')}
                  items={[
                    { id: NONE, label: t('public.anyBranch') },
                    ...data.branches.map((b) => ({
                      id: String(b.id),
                      label: b.address?.city ? `${b.name} (${b.address.city})` : b.name,
                    })),
                  ]}
                  selectedKey={field.value === null ? NONE : String(field.value)}
                  onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
                  {...invalidProps(fieldState.error, text)}
                />
              )}
            />
          )}
          {courses.length > 0 && (
            <Controller
              control={control}
              name="theoryCourseId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('fields.theoryCourse')}
                  items={[
                    { id: NONE, label: t('public.noCourse') },
                    ...courses.map((c) => ({
                      id: String(c.id),
                      label: `${c.name} (${formatDate(c.start)}${c.end ? ` – ${formatDate(c.end)}` : ''})`,
                    })),
                  ]}
                  selectedKey={field.value === null ? NONE : String(field.value)}
                  onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
                  {...invalidProps(fieldState.error, text)}
                />
              )}
            />
          )}
        </div>
        <Controller
          control={control}
          name="message"
          render={({ field, fieldState }) => (
            <TextField
              label={t('fields.message')}
              isMultiline
              rows={4}
              maxLength={2000}
              showRemaining
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, text)}
            />
          )}
        />
      </section>
      <Controller
        control={control}
        name="privacyAccepted"
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-1">
            <Checkbox
              isSelected={field.value}
              onChange={field.onChange}
              isInvalid={Boolean(fieldState.error)}
              isRequired
            >
              {t('public.privacyConsent', { school: data.schoolName })}
            </Checkbox>
            {data.privacyUrl && (
              <Link
                href={data.privacyUrl}
                target="_blank"
                rel="noreferrer"
                className="ms-7 text-sm"
              >
                {t('public.privacyLink')}
              </Link>
            )}
            {fieldState.error?.message && (
              <p className="ms-7 text-sm text-danger-700">{text(fieldState.error.message)}</p>
            )}
          </div>
        )}
      />
      <div>
        <Button type="submit" size="lg" isPending={submit.isPending}>
          {t('public.submit')}
        </Button>
      </div>
    </form>
  );
}
