import { TESTING_ORGANIZATION_KINDS } from '@fahrwerk/api';
import {
  AddressFields,
  type EditDialogProps,
  FormDialog,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns } from '@fahrwerk/ui';
import type {
  StudentCategory,
  StudentCategoryInput,
  TestingOrganization,
  TestingOrganizationInput,
} from '../api/settings-queries';
import {
  formToStudentCategory,
  formToTestingOrganization,
  studentCategorySchema,
  studentCategoryToForm,
  TESTING_ORGANIZATION_SERVER_FIELDS,
  testingOrganizationSchema,
  testingOrganizationToForm,
} from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';

export type TestingOrganizationDialogProps = EditDialogProps<TestingOrganizationInput> & {
  organization?: TestingOrganization;
};

export function TestingOrganizationDialog({
  organization,
  onSubmit,
  ...dialog
}: TestingOrganizationDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(organization ? 'testingOrganizations.titleEdit' : 'testingOrganizations.titleNew')}
      schema={testingOrganizationSchema}
      defaultValues={testingOrganizationToForm(organization)}
      submit={(values) => onSubmit(formToTestingOrganization(values))}
      serverFields={TESTING_ORGANIZATION_SERVER_FIELDS}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          <FormTextField
            control={control}
            name="name"
            label={t('testingOrganizations.name')}
            isRequired
            maxLength={150}
          />
          <FormSelect
            control={control}
            name="kind"
            label={t('testingOrganizations.kind')}
            isRequired
            options={TESTING_ORGANIZATION_KINDS.map((kind) => ({
              id: kind,
              label: t(`testingOrganizations.kinds.${kind}`),
            }))}
          />
          <AddressFields control={control} />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('testingOrganizations.phone')}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('testingOrganizations.email')}
          />
        </FieldColumns>
      )}
    </FormDialog>
  );
}

export type StudentCategoryDialogProps = EditDialogProps<StudentCategoryInput> & {
  category?: StudentCategory;
};

export function StudentCategoryDialog({
  category,
  onSubmit,
  ...dialog
}: StudentCategoryDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t(category ? 'studentCategories.titleEdit' : 'studentCategories.titleNew')}
      schema={studentCategorySchema}
      defaultValues={studentCategoryToForm(category)}
      submit={(values) => onSubmit(formToStudentCategory(values))}
      t={t}
    >
      {({ control, watch }) => {
        const [abbreviation, appearance] = watch(['abbreviation', 'appearance']);
        return (
          <>
            <FormTextField
              control={control}
              name="name"
              label={t('studentCategories.name')}
              isRequired
              maxLength={100}
            />
            <FormTextField
              control={control}
              name="abbreviation"
              label={t('studentCategories.abbreviation')}
              isRequired
              maxLength={10}
            />
            <div className="flex items-end gap-3">
              <FormTextField
                control={control}
                name="appearance"
                label={t('studentCategories.appearance')}
                type="color"
              />
              <span className="text-sm text-neutral-700">
                {t('studentCategories.preview')}:{' '}
                <CategoryBadge abbreviation={abbreviation || '–'} appearance={appearance} />
              </span>
            </div>
          </>
        );
      }}
    </FormDialog>
  );
}

/** The category's badge: its colour as background, black or white text for contrast. */
export function CategoryBadge({
  abbreviation,
  appearance,
}: {
  abbreviation: string;
  appearance: string;
}) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(appearance) ? appearance : '#e5e7eb';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(valid.slice(i, i + 2), 16) / 255);
  const lin = (c = 0) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  // Black text has the better contrast above about 0.18 luminance.
  const color = luminance > 0.18 ? '#000000' : '#ffffff';
  return (
    <span
      className="inline-block rounded px-2 py-0.5 text-xs font-semibold"
      style={{ backgroundColor: valid, color }}
    >
      {abbreviation}
    </span>
  );
}
