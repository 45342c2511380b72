import { LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormDateField,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormTextField,
  FormTimeField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan, Select } from '@fahrwerk/ui';
import { useEffect, useRef } from 'react';
import type { TheoryLesson, TheoryLessonInput } from '../api/theory-queries';
import {
  emptyLessonForm,
  formToLessonInput,
  type LessonDefaults,
  lessonFormSchema,
  lessonToForm,
} from '../schemas/lesson-form';
import { lessonNumbers, syllabusTopicKey } from '../syllabus';
import { useTheoryTranslation } from '../use-theory-translation';
import type { PickerOption } from './course-form-dialog';

export type LessonFormDialogProps = EditDialogProps<TheoryLessonInput> & {
  /** The lesson to edit; a new one without. */
  lesson?: TheoryLesson;
  /** The course the lesson belongs to. */
  theoryCourseId?: number;
  /** A new lesson's branch, instructor, classes and number (from the course). */
  defaults?: LessonDefaults;
  branches: PickerOption[];
  instructors: PickerOption[];
};

/** Create or edit a theory lesson; the topic follows the syllabus number until it is changed. */
export function LessonFormDialog({
  lesson,
  theoryCourseId,
  defaults,
  branches,
  instructors,
  onSubmit,
  ...dialog
}: LessonFormDialogProps) {
  const { t } = useTheoryTranslation();
  const initial = lesson ? lessonToForm(lesson) : emptyLessonForm(defaults);
  if (!lesson) {
    initial.topic = t(syllabusTopicKey(false, initial.lessonNumber), {
      number: initial.lessonNumber,
    });
  }
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(lesson ? 'lessonForm.titleEdit' : 'lessonForm.titleNew')}
      schema={lessonFormSchema}
      defaultValues={initial}
      submit={(values) =>
        onSubmit(formToLessonInput(values, lesson?.theoryCourseId ?? theoryCourseId))
      }
      t={t}
    >
      {(form) => <LessonFields form={form} branches={branches} instructors={instructors} />}
    </FormDialog>
  );
}

function LessonFields({
  form,
  branches,
  instructors,
}: {
  form: ApiFormOf<typeof lessonFormSchema>;
  branches: PickerOption[];
  instructors: PickerOption[];
}) {
  const { t } = useTheoryTranslation();
  const { control, watch, setValue, getValues } = form;
  const additional = watch('additional');
  const lessonNumber = watch('lessonNumber');
  const topicOf = (isAdditional: boolean, number: number) =>
    t(syllabusTopicKey(isAdditional, number), { number });

  // The topic follows the syllabus while it is the syllabus title (or empty); an own topic stays.
  const previous = useRef({ additional, lessonNumber });
  useEffect(() => {
    const before = previous.current;
    previous.current = { additional, lessonNumber };
    if (before.additional === additional && before.lessonNumber === lessonNumber) return;
    const topic = getValues('topic').trim();
    if (topic === '' || topic === topicOf(before.additional, before.lessonNumber)) {
      setValue('topic', topicOf(additional, lessonNumber));
    }
    if (!additional && lessonNumber > 12) setValue('lessonNumber', 1);
  });

  return (
    <FieldColumns>
      <Select
        label={t('lessonForm.syllabus')}
        items={[
          { id: 'basic', label: t('lessonForm.basic') },
          { id: 'additional', label: t('lessonForm.additional') },
        ]}
        selectedKey={additional ? 'additional' : 'basic'}
        onSelectionChange={(key) => setValue('additional', key === 'additional')}
      />
      <FormSelect
        control={control}
        name="lessonNumber"
        label={t('lessonForm.lessonNumber')}
        isRequired
        options={lessonNumbers(additional).map((number) => ({
          id: number,
          label: t('lessonForm.lessonNumberOption', { number, topic: topicOf(additional, number) }),
        }))}
      />
      <FieldSpan>
        <FormTextField
          control={control}
          name="topic"
          label={t('lessonForm.topic')}
          description={t('lessonForm.topicHint')}
          maxLength={255}
        />
      </FieldSpan>
      {additional && (
        <FieldSpan>
          <FormCheckboxGroup
            control={control}
            name="licenseClasses"
            label={t('lessonForm.licenseClasses')}
            isRequired
            layout="row"
            options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
          />
        </FieldSpan>
      )}
      <FormDateField control={control} name="date" label={t('lessonForm.date')} isRequired />
      <FormTimeField
        control={control}
        name="startTime"
        label={t('lessonForm.startTime')}
        isRequired
      />
      <FormNumberField
        control={control}
        name="minutes"
        label={t('lessonForm.minutes')}
        isRequired
        minValue={5}
        maxValue={600}
      />
      <FormSelect
        control={control}
        name="instructorId"
        label={t('lessonForm.instructor')}
        isRequired
        emptyValue={null}
        options={instructors}
      />
      <FormSelect
        control={control}
        name="branchId"
        label={t('lessonForm.branch')}
        isRequired
        emptyValue={null}
        options={branches}
      />
      <FormTextField control={control} name="room" label={t('lessonForm.room')} maxLength={100} />
    </FieldColumns>
  );
}
