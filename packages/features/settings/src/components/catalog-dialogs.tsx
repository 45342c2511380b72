import { invalidProps } from '@fahrwerk/core';
import { Button, Dialog, Modal, Select, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type {
  StudentCategory,
  StudentCategoryInput,
  TestingOrganization,
  TestingOrganizationInput,
} from '../api/settings-queries';
import {
  formToStudentCategory,
  formToTestingOrganization,
  STUDENT_CATEGORY_SERVER_FIELDS,
  type StudentCategoryForm,
  studentCategorySchema,
  studentCategoryToForm,
  TESTING_ORGANIZATION_SERVER_FIELDS,
  type TestingOrganizationForm,
  testingOrganizationSchema,
  testingOrganizationToForm,
} from '../schemas/settings-forms';
import { applyServerErrors } from '../server-errors';
import { useSettingsTranslation } from '../use-settings-translation';
import { FormTextField } from './form-fields';
import { FormAlert } from './form-message';

function Problems({ problems }: { problems: string[] }) {
  const { t } = useSettingsTranslation();
  if (problems.length === 0) return null;
  return (
    <FormAlert>
      {problems.map((problem) => (
        <p key={problem}>{t(problem)}</p>
      ))}
    </FormAlert>
  );
}

export type TestingOrganizationDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  organization?: TestingOrganization;
  onSubmit: (input: TestingOrganizationInput) => Promise<unknown>;
};

export function TestingOrganizationDialog({
  isOpen,
  onOpenChange,
  organization,
  onSubmit,
}: TestingOrganizationDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog
        title={t(organization ? 'testingOrganizations.titleEdit' : 'testingOrganizations.titleNew')}
      >
        {({ close }) => (
          <TestingOrganizationBody organization={organization} onSubmit={onSubmit} onDone={close} />
        )}
      </Dialog>
    </Modal>
  );
}

function TestingOrganizationBody({
  organization,
  onSubmit,
  onDone,
}: Pick<TestingOrganizationDialogProps, 'organization' | 'onSubmit'> & { onDone: () => void }) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<TestingOrganizationForm>({
    resolver: zodResolver(testingOrganizationSchema),
    defaultValues: testingOrganizationToForm(organization),
  });
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToTestingOrganization(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, TESTING_ORGANIZATION_SERVER_FIELDS));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Problems problems={problems} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="name"
          label={t('testingOrganizations.name')}
          isRequired
          maxLength={150}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <Select
              label={t('testingOrganizations.kind')}
              isRequired
              items={(['TUEV', 'DEKRA', 'OTHER'] as const).map((kind) => ({
                id: kind,
                label: t(`testingOrganizations.kinds.${kind}`),
              }))}
              selectedKey={field.value}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <FormTextField
          control={control}
          name="street"
          label={t('testingOrganizations.street')}
          maxLength={100}
        />
        <FormTextField
          control={control}
          name="houseNumber"
          label={t('testingOrganizations.houseNumber')}
          maxLength={10}
        />
        <FormTextField
          control={control}
          name="postalCode"
          label={t('testingOrganizations.postalCode')}
          maxLength={5}
        />
        <FormTextField
          control={control}
          name="city"
          label={t('testingOrganizations.city')}
          maxLength={100}
        />
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
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

export type StudentCategoryDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  category?: StudentCategory;
  onSubmit: (input: StudentCategoryInput) => Promise<unknown>;
};

export function StudentCategoryDialog({
  isOpen,
  onOpenChange,
  category,
  onSubmit,
}: StudentCategoryDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t(category ? 'studentCategories.titleEdit' : 'studentCategories.titleNew')}>
        {({ close }) => (
          <StudentCategoryBody category={category} onSubmit={onSubmit} onDone={close} />
        )}
      </Dialog>
    </Modal>
  );
}

function StudentCategoryBody({
  category,
  onSubmit,
  onDone,
}: Pick<StudentCategoryDialogProps, 'category' | 'onSubmit'> & { onDone: () => void }) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState, watch } = useForm<StudentCategoryForm>({
    resolver: zodResolver(studentCategorySchema),
    defaultValues: studentCategoryToForm(category),
  });
  const [abbreviation, appearance] = watch(['abbreviation', 'appearance']);
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToStudentCategory(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, STUDENT_CATEGORY_SERVER_FIELDS));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Problems problems={problems} />
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
      <Controller
        control={control}
        name="appearance"
        render={({ field, fieldState }) => (
          <div className="flex items-end gap-3">
            <TextField
              label={t('studentCategories.appearance')}
              type="color"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
            <span className="text-sm text-neutral-700">
              {t('studentCategories.preview')}:{' '}
              <CategoryBadge abbreviation={abbreviation || '–'} appearance={appearance} />
            </span>
          </div>
        )}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
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
