import { LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type EditDialogProps,
  FormDateField,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormTextField,
  FormTimeField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import type { Exam, ExamInput, TestingOrganization, User } from '../api/exam-queries';
import type { ExamKind } from '../exam-kind';
import { emptyExamForm, examFormSchema, examToForm, formToExamInput } from '../schemas/exam-form';
import { useExamsTranslation } from '../use-exams-translation';

export type ExamFormDialogProps = EditDialogProps<ExamInput> & {
  kind: ExamKind;
  /** The exam to edit; a new one without. */
  exam?: Exam;
  organizations: TestingOrganization[];
  /** The school's users: the proctor is one of them. */
  users: User[];
};

/** Create or edit an exam slot: date, time, duration, testing organization, list number, … */
export function ExamFormDialog({
  kind,
  exam,
  organizations,
  users,
  onSubmit,
  ...dialog
}: ExamFormDialogProps) {
  const { t } = useExamsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(exam ? 'form.titleEdit' : 'form.titleNew')}
      schema={examFormSchema}
      defaultValues={exam ? examToForm(exam) : emptyExamForm()}
      submit={(values) => onSubmit(formToExamInput(values, exam))}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          <FormDateField control={control} name="date" label={t('form.date')} isRequired />
          <FormTimeField
            control={control}
            name="startTime"
            label={t('form.startTime')}
            isRequired
          />
          <FormNumberField
            control={control}
            name="minutes"
            label={t('form.minutes')}
            isRequired
            minValue={5}
            maxValue={1440}
          />
          <FormSelect
            control={control}
            name="testingOrganizationId"
            label={t('form.organization')}
            isRequired
            emptyValue={null}
            options={organizations.map((organization) => ({
              id: organization.id,
              label: organization.name,
            }))}
          />
          <FormTextField
            control={control}
            name="listNumber"
            label={t('form.listNumber')}
            description={t('form.listNumberHint')}
            maxLength={50}
          />
          <FormSelect
            control={control}
            name="proctorId"
            label={t(kind === 'theory' ? 'form.proctorTheory' : 'form.proctorPractical')}
            noneLabel={t('form.noProctor')}
            emptyValue={null}
            options={users.map((user) => ({
              id: user.id,
              label: `${user.firstName} ${user.lastName}`,
            }))}
          />
          <FormTextField
            control={control}
            name="examiner"
            label={t('form.examiner')}
            description={t('form.examinerHint')}
            maxLength={100}
          />
          <FormTextField
            control={control}
            name="location"
            label={t('form.location')}
            maxLength={255}
          />
          <FormSelect
            control={control}
            name="licenseClass"
            label={t('form.licenseClass')}
            noneLabel={kind === 'theory' ? t('form.mixedClasses') : undefined}
            emptyValue={null}
            options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
          />
          <FormNumberField
            control={control}
            name="places"
            label={t('form.places')}
            minValue={1}
            maxValue={100}
          />
          <FieldSpan>
            <FormTextField control={control} name="note" label={t('form.note')} isMultiline />
          </FieldSpan>
        </FieldColumns>
      )}
    </FormDialog>
  );
}
