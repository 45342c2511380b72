import {
  GRANT_TYPES,
  LANGUAGES,
  LICENSE_CLASSES,
  PAYMENT_METHODS,
  PAYMENT_WORKFLOWS,
  SALUTATIONS,
} from '@fahrwerk/api';
import {
  AddressFields,
  ApiForm,
  FormCheckboxGroup,
  FormDateField,
  FormNumberField,
  type FormOption,
  FormSelect,
  FormSwitch,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, FieldSpacer, FieldSpan, Section } from '@fahrwerk/ui';
import { useState } from 'react';
import { type StudentForm as StudentFormValues, studentFormSchema } from '../schemas/student-form';
import { useStudentsTranslation } from '../use-students-translation';

export type StudentFormPickers = {
  branches: FormOption[];
  instructors: FormOption[];
  priceLists: FormOption[];
  testingOrganizations: FormOption[];
  categories: FormOption[];
};

export type StudentFormProps = {
  defaultValues: StudentFormValues;
  pickers: StudentFormPickers;
  /** Without write permission or for an archived student: every field read-only, no save. */
  isReadOnly?: boolean;
  /** Saves; a rejected `ApiError` 422 puts its field errors on the fields. */
  onSubmit: (values: StudentFormValues) => Promise<unknown>;
  /** `true` in use, `false` free, `null` unknown (`GET /students/email-check/{email}`). */
  checkEmail?: (email: string) => Promise<boolean | null>;
  onCancel?: () => void;
  submitLabel: string;
};

/** Every field of a student (spec 000 §3), grouped the way an office works through them. */
export function StudentForm({
  defaultValues,
  pickers,
  isReadOnly,
  onSubmit,
  checkEmail,
  onCancel,
  submitLabel,
}: StudentFormProps) {
  const { t } = useStudentsTranslation();
  const [emailHint, setEmailHint] = useState<string | undefined>();
  const form = useApiForm({
    schema: studentFormSchema,
    defaultValues,
    submit: onSubmit,
    t,
    // The save toasts other failures itself.
    alertOn: 'validation',
  });
  const { control, setError, clearErrors, formState } = form;

  const enumOptions = (group: string, values: readonly string[]): FormOption[] =>
    values.map((value) => ({ id: value, label: t(`enum.${group}.${value}`) }));
  const classOptions: FormOption[] = LICENSE_CLASSES.map((value) => ({ id: value, label: value }));

  // Checked when the address is entered or changed; the server checks again on save.
  const handleEmailBlur = async (value: string) => {
    const email = value.trim();
    setEmailHint(undefined);
    if (!checkEmail || !email || email === defaultValues.email) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return;
    setEmailHint(t('form.emailChecking'));
    const inUse = await checkEmail(email);
    setEmailHint(inUse === false ? t('form.emailFree') : undefined);
    if (inUse) setError('email', { type: 'server', message: 'validation.email_in_use' });
    else clearErrors('email');
  };

  const ro = isReadOnly;
  return (
    <ApiForm form={form} aria-label={submitLabel}>
      <Section title={t('form.sections.person')} columns>
        <FormSelect
          control={control}
          name="salutation"
          label={t('form.salutation')}
          isReadOnly={ro}
          options={enumOptions('salutation', SALUTATIONS)}
        />
        <FieldSpacer />
        <FormTextField
          control={control}
          name="firstName"
          label={t('form.firstName')}
          isReadOnly={ro}
          isRequired
          maxLength={100}
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t('form.lastName')}
          isReadOnly={ro}
          isRequired
          maxLength={100}
        />
        <FormDateField
          control={control}
          name="birthDate"
          label={t('form.birthDate')}
          isReadOnly={ro}
        />
        <FormTextField
          control={control}
          name="birthPlace"
          label={t('form.birthPlace')}
          isReadOnly={ro}
          maxLength={100}
        />
        <FormTextField
          control={control}
          name="nationality"
          label={t('form.nationality')}
          description={t('form.nationalityHint')}
          isReadOnly={ro}
          maxLength={2}
        />
        <FormSelect
          control={control}
          name="language"
          label={t('form.language')}
          isReadOnly={ro}
          isRequired
          options={enumOptions('language', LANGUAGES)}
        />
      </Section>

      <Section title={t('form.sections.contact')} columns>
        <AddressFields control={control} prefix="address" isReadOnly={ro} />
        <FormTextField
          control={control}
          name="phonePrivate"
          label={t('form.phonePrivate')}
          type="tel"
          isReadOnly={ro}
          maxLength={30}
        />
        <FormTextField
          control={control}
          name="phoneMobile"
          label={t('form.phoneMobile')}
          type="tel"
          isReadOnly={ro}
          maxLength={30}
        />
        <FormTextField
          control={control}
          name="phoneWork"
          label={t('form.phoneWork')}
          type="tel"
          isReadOnly={ro}
          maxLength={30}
        />
        <FormTextField
          control={control}
          name="email"
          label={t('form.email')}
          type="email"
          isReadOnly={ro}
          maxLength={254}
          description={emailHint}
          onBlur={handleEmailBlur}
        />
        <FormTextField
          control={control}
          name="payerEmail"
          label={t('form.payerEmail')}
          description={t('form.payerEmailHint')}
          type="email"
          isReadOnly={ro}
          maxLength={254}
        />
      </Section>

      <Section title={t('form.sections.licence')} columns>
        <FormTextField
          control={control}
          name="driverLicenseNumber"
          label={t('form.driverLicenseNumber')}
          isReadOnly={ro}
          maxLength={30}
        />
        <FormDateField
          control={control}
          name="licenseDate"
          label={t('form.licenseDate')}
          isReadOnly={ro}
        />
        <FormTextField
          control={control}
          name="keyNumber"
          label={t('form.keyNumber')}
          isReadOnly={ro}
          maxLength={6}
        />
        <FormSelect
          control={control}
          name="previousClass"
          label={t('form.previousClass')}
          isReadOnly={ro}
          options={classOptions}
        />
        <FieldSpan>
          <FormCheckboxGroup
            control={control}
            name="licenseClasses"
            label={t('form.licenseClasses')}
            isReadOnly={ro}
            options={classOptions}
            layout="row"
          />
        </FieldSpan>
        <FormSwitch control={control} name="visualAid" isReadOnly={ro}>
          {t('form.visualAid')}
        </FormSwitch>
      </Section>

      <Section title={t('form.sections.training')} columns>
        <FormSelect
          control={control}
          name="branchId"
          label={t('form.branch')}
          isReadOnly={ro}
          isRequired
          options={pickers.branches}
        />
        <FormSelect
          control={control}
          name="instructorId"
          label={t('form.instructor')}
          isReadOnly={ro}
          options={pickers.instructors}
        />
        <FormSelect
          control={control}
          name="mainClass"
          label={t('form.mainClass')}
          isReadOnly={ro}
          options={classOptions}
        />
        <FormSelect
          control={control}
          name="furtherClass"
          label={t('form.furtherClass')}
          isReadOnly={ro}
          options={classOptions}
        />
        <FormSelect
          control={control}
          name="grantType"
          label={t('form.grantType')}
          isReadOnly={ro}
          options={enumOptions('grantType', GRANT_TYPES)}
        />
        <FormDateField
          control={control}
          name="registrationDate"
          label={t('form.registrationDate')}
          isReadOnly={ro}
        />
        {pickers.categories.length > 0 && (
          <FieldSpan>
            <FormCheckboxGroup
              control={control}
              name="studentCategoryIds"
              label={t('form.categories')}
              isReadOnly={ro}
              options={pickers.categories}
              layout="row"
            />
          </FieldSpan>
        )}
      </Section>

      <Section title={t('form.sections.authority')} columns>
        <FormDateField
          control={control}
          name="applicationDate"
          label={t('form.applicationDate')}
          isReadOnly={ro}
        />
        <FormDateField
          control={control}
          name="applicationReturnDate"
          label={t('form.applicationReturnDate')}
          isReadOnly={ro}
        />
        <FormTextField
          control={control}
          name="returnNumber"
          label={t('form.returnNumber')}
          isReadOnly={ro}
          maxLength={50}
        />
        <FormTextField
          control={control}
          name="processNumber"
          label={t('form.processNumber')}
          isReadOnly={ro}
          maxLength={50}
        />
        <FormTextField
          control={control}
          name="testLocation"
          label={t('form.testLocation')}
          isReadOnly={ro}
          maxLength={100}
        />
        <FormSelect
          control={control}
          name="testingOrganizationId"
          label={t('form.testingOrganization')}
          isReadOnly={ro}
          options={pickers.testingOrganizations}
        />
      </Section>

      <Section title={t('form.sections.payment')} columns>
        <FormSelect
          control={control}
          name="paymentMethod"
          label={t('form.paymentMethod')}
          isReadOnly={ro}
          options={enumOptions('paymentMethod', PAYMENT_METHODS)}
        />
        <FormSelect
          control={control}
          name="paymentWorkflow"
          label={t('form.paymentWorkflow')}
          isReadOnly={ro}
          options={enumOptions('paymentWorkflow', PAYMENT_WORKFLOWS)}
        />
        <FormSelect
          control={control}
          name="priceListId"
          label={t('form.priceList')}
          description={t('form.priceListHint')}
          isReadOnly={ro}
          options={pickers.priceLists}
        />
        <FormNumberField
          control={control}
          name="discount"
          label={t('form.discount')}
          unit="%"
          minValue={0}
          maxValue={100}
          isReadOnly={ro}
        />
        <FormTextField
          control={control}
          name="iban"
          label={t('form.iban')}
          isReadOnly={ro}
          maxLength={42}
        />
        <FormTextField
          control={control}
          name="bic"
          label={t('form.bic')}
          isReadOnly={ro}
          maxLength={11}
        />
        <FormTextField
          control={control}
          name="accountHolder"
          label={t('form.accountHolder')}
          isReadOnly={ro}
          maxLength={70}
        />
      </Section>

      <Section title={t('form.sections.learningApp')} columns>
        <FormTextField
          control={control}
          name="learningAppEmail"
          label={t('form.learningAppEmail')}
          description={t('form.learningAppEmailHint')}
          type="email"
          isReadOnly={ro}
          maxLength={254}
        />
        <FormSwitch control={control} name="learningAppLoginAllowed" isReadOnly={ro}>
          {t('form.learningAppLoginAllowed')}
        </FormSwitch>
      </Section>

      <Section title={t('form.sections.commercial')} description={t('form.bkrfqgHint')} columns>
        <FormDateField
          control={control}
          name="adrExpiryDate"
          label={t('form.adrExpiryDate')}
          isReadOnly={ro}
        />
        <FormDateField
          control={control}
          name="driverCardExpiryDate"
          label={t('form.driverCardExpiryDate')}
          isReadOnly={ro}
        />
        <FormTextField
          control={control}
          name="fqnNumber"
          label={t('form.fqnNumber')}
          isReadOnly={ro}
          maxLength={30}
        />
        <FormDateField
          control={control}
          name="fqnExpiryDate"
          label={t('form.fqnExpiryDate')}
          isReadOnly={ro}
        />
      </Section>

      {!ro && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {Object.keys(formState.errors).length > 0 && (
            <p className="me-auto text-sm text-danger-700">{t('form.invalid.fixErrors')}</p>
          )}
          {onCancel && (
            <Button variant="secondary" onPress={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" isPending={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      )}
    </ApiForm>
  );
}
