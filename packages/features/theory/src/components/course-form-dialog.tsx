import { LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type EditDialogProps,
  FormCheckboxGroup,
  FormDateField,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import type { TheoryCourse, TheoryCourseInput } from '../api/theory-queries';
import {
  courseFormSchema,
  courseToForm,
  emptyCourseForm,
  formToCourseInput,
  MAX_PLACES,
} from '../schemas/course-form';
import { useTheoryTranslation } from '../use-theory-translation';

export type PickerOption = { id: number; label: string };

export type CourseFormDialogProps = EditDialogProps<TheoryCourseInput> & {
  /** The course to edit; a new one without. */
  course?: TheoryCourse;
  branches: PickerOption[];
  instructors: PickerOption[];
  /** Learning-material products. */
  teachingMaterials: PickerOption[];
  /** Basic-fee products. */
  basicFees: PickerOption[];
};

/** Create or edit a theory course in a modal; 422 field errors land at their fields. */
export function CourseFormDialog({
  course,
  branches,
  instructors,
  teachingMaterials,
  basicFees,
  onSubmit,
  ...dialog
}: CourseFormDialogProps) {
  const { t } = useTheoryTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(course ? 'courseForm.titleEdit' : 'courseForm.titleNew')}
      schema={courseFormSchema}
      defaultValues={course ? courseToForm(course) : emptyCourseForm()}
      submit={(values) => onSubmit(formToCourseInput(values))}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          <FieldSpan>
            <FormTextField
              control={control}
              name="shortDescription"
              label={t('courseForm.shortDescription')}
              description={t('courseForm.shortDescriptionHint')}
              isRequired
              maxLength={255}
            />
          </FieldSpan>
          <FormDateField control={control} name="start" label={t('courseForm.start')} isRequired />
          <FormDateField control={control} name="end" label={t('courseForm.end')} isRequired />
          <FormNumberField
            control={control}
            name="quantity"
            label={t('courseForm.quantity')}
            isRequired
            minValue={1}
            maxValue={MAX_PLACES}
          />
          <FormSelect
            control={control}
            name="branchId"
            label={t('courseForm.branch')}
            isRequired
            emptyValue={null}
            options={branches}
          />
          <FormSelect
            control={control}
            name="instructorId"
            label={t('courseForm.instructor')}
            noneLabel={t('courseForm.noInstructor')}
            emptyValue={null}
            options={instructors}
          />
          <FormSelect
            control={control}
            name="teachingMaterialProductId"
            label={t('courseForm.teachingMaterial')}
            noneLabel={t('courseForm.noTeachingMaterial')}
            emptyValue={null}
            options={teachingMaterials}
          />
          <FormSelect
            control={control}
            name="basicFeeProductId"
            label={t('courseForm.basicFee')}
            noneLabel={t('courseForm.basicFeeDefault')}
            emptyValue={null}
            options={basicFees}
          />
          <FieldSpan>
            <FormCheckboxGroup
              control={control}
              name="licenseClasses"
              label={t('courseForm.licenseClasses')}
              description={t('courseForm.licenseClassesHint')}
              layout="row"
              options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
            />
          </FieldSpan>
          <FormSwitch control={control} name="shownOnWebPage">
            {t('courseForm.shownOnWebPage')}
          </FormSwitch>
          <FormSwitch control={control} name="showForOnboarding">
            {t('courseForm.showForOnboarding')}
          </FormSwitch>
        </FieldColumns>
      )}
    </FormDialog>
  );
}
