import { EDUCATION_STATUSES, LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormDateField,
  FormDialog,
  FormSwitch,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSet, Select, toIsoDate } from '@fahrwerk/ui';
import {
  type Broadcast,
  type BroadcastInput,
  useBroadcastTemplates,
  useRecipientCount,
  useRecipientGroupLookups,
} from '../api/broadcast-queries';
import {
  BROADCAST_SERVER_FIELDS,
  broadcastFormSchema,
  broadcastToForm,
  emptyBroadcastForm,
  formToBroadcastInput,
  formToRecipientCount,
} from '../schemas/broadcast-form';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';
import { BodyField } from './body-field';

export type BroadcastFormDialogProps = EditDialogProps<BroadcastInput> & {
  /** The broadcast to edit (CREATED or PREPARED); a new one without. */
  broadcast?: Broadcast;
};

/**
 * Create or edit a broadcast: name, recipient group (with the live number of students it
 * reaches), fast lane, subject and text (a new one may start from a template), the period
 * and "Auch per E-Mail senden". Saving a prepared broadcast returns it to CREATED.
 */
export function BroadcastFormDialog({ broadcast, onSubmit, ...dialog }: BroadcastFormDialogProps) {
  const { t } = useBroadcastsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(broadcast ? 'form.titleEdit' : 'form.titleNew')}
      schema={broadcastFormSchema}
      defaultValues={
        broadcast ? broadcastToForm(broadcast) : emptyBroadcastForm(toIsoDate(new Date()))
      }
      submit={(values) => onSubmit(formToBroadcastInput(values))}
      serverFields={BROADCAST_SERVER_FIELDS}
      t={t}
    >
      {(form) => <BroadcastFields form={form} broadcast={broadcast} />}
    </FormDialog>
  );
}

function BroadcastFields({
  form,
  broadcast,
}: {
  form: ApiFormOf<typeof broadcastFormSchema>;
  broadcast?: Broadcast;
}) {
  const { t } = useBroadcastsTranslation();
  const { control } = form;
  const lookups = useRecipientGroupLookups();
  return (
    <>
      {broadcast?.state === 'PREPARED' && (
        <p className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          {t('form.preparedHint')}
        </p>
      )}
      {!broadcast && <TemplatePicker form={form} />}
      <FormTextField
        control={control}
        name="name"
        label={t('fields.name')}
        isRequired
        maxLength={100}
      />
      <FieldSet legend={t('form.recipientGroup')} description={t('form.recipientGroupHint')}>
        <FieldColumns>
          <FormCheckboxGroup
            control={control}
            name="branchIds"
            label={t('fields.branches')}
            options={lookups.branches}
          />
          <FormCheckboxGroup
            control={control}
            name="studentCategoryIds"
            label={t('fields.studentCategories')}
            options={lookups.categories}
          />
          <FormCheckboxGroup
            control={control}
            name="educationStatuses"
            label={t('fields.educationStatuses')}
            options={EDUCATION_STATUSES.map((id) => ({ id, label: t(`educationStatuses.${id}`) }))}
          />
          {lookups.courses && (
            <FormCheckboxGroup
              control={control}
              name="theoryCourseIds"
              label={t('fields.theoryCourses')}
              options={lookups.courses}
            />
          )}
        </FieldColumns>
        <FormCheckboxGroup
          control={control}
          name="licenseClasses"
          label={t('fields.licenseClasses')}
          layout="row"
          options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
        />
        <FormSwitch control={control} name="fastlane">
          {t('fields.fastlane')}
        </FormSwitch>
        <RecipientCount form={form} />
      </FieldSet>
      <FieldSet legend={t('form.content')}>
        <FormTextField
          control={control}
          name="subject"
          label={t('fields.subject')}
          isRequired
          maxLength={255}
        />
        <BodyField form={form} />
      </FieldSet>
      <FieldSet legend={t('form.publication')}>
        <FieldColumns>
          <FormDateField
            control={control}
            name="publishFrom"
            label={t('fields.publishFrom')}
            isRequired
          />
          <FormDateField
            control={control}
            name="publishTo"
            label={t('fields.publishTo')}
            description={t('fields.publishToHint')}
          />
        </FieldColumns>
        <FormSwitch control={control} name="sendEmail">
          {t('fields.sendEmail')}
        </FormSwitch>
        <p className="-mt-2 text-sm text-neutral-600">{t('fields.sendEmailHint')}</p>
      </FieldSet>
    </>
  );
}

/** The number of students the group reaches today, counted as the group changes. */
function RecipientCount({ form }: { form: ApiFormOf<typeof broadcastFormSchema> }) {
  const { t } = useBroadcastsTranslation();
  const [
    branchIds,
    licenseClasses,
    studentCategoryIds,
    theoryCourseIds,
    educationStatuses,
    fastlane,
  ] = form.watch([
    'branchIds',
    'licenseClasses',
    'studentCategoryIds',
    'theoryCourseIds',
    'educationStatuses',
    'fastlane',
  ]);
  const count = useRecipientCount(
    formToRecipientCount({
      branchIds,
      licenseClasses,
      studentCategoryIds,
      theoryCourseIds,
      educationStatuses,
      fastlane,
    }),
  );
  const value = count.data?.count;
  const text = count.isError
    ? t('form.countFailed')
    : value === undefined
      ? t('form.counting')
      : value === 0
        ? t('form.countNone')
        : t('form.count', { count: value });
  return (
    <p
      role="status"
      className={
        value === 0 || count.isError
          ? 'rounded-md border border-warning-200 bg-warning-50 p-3 text-sm font-medium text-warning-800'
          : 'rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm font-medium text-neutral-900'
      }
    >
      {text}
    </p>
  );
}

/** A new broadcast may start from a template: its subject and text (and name, if empty). */
function TemplatePicker({ form }: { form: ApiFormOf<typeof broadcastFormSchema> }) {
  const { t } = useBroadcastsTranslation();
  const templates = useBroadcastTemplates();
  const rows = templates.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Select
      label={t('form.template')}
      description={t('form.templateHint')}
      placeholder={t('form.noTemplate')}
      items={rows.map((template) => ({ id: template.id, label: template.name }))}
      onSelectionChange={(key) => {
        const template = rows.find((row) => row.id === key);
        if (!template) return;
        const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
        form.setValue('subject', template.subject, options);
        form.setValue('body', template.body, options);
        if (!form.getValues('name').trim()) form.setValue('name', template.name, options);
      }}
    />
  );
}
