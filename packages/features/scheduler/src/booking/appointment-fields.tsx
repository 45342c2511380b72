import { HOUR_TYPES, LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type ApiFormOf,
  FormCheckbox,
  FormDateField,
  FormNumberField,
  FormSelect,
  FormTextField,
  FormTimeField,
  useStudentEducations,
} from '@fahrwerk/core';
import { Button, FieldSet, FieldSpan } from '@fahrwerk/ui';
import { useEffect, useRef } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { type appointmentFormSchema, fieldsOfType } from './appointment-form';
import { formatIsoDate } from './booking-format';
import { useInstructors, useVehicles } from './booking-queries';
import {
  APPOINTMENT_TYPES,
  type Appointment,
  DOUBLE_LESSON_MINUTES,
  LESSON_MINUTES,
  PAYROLL_TYPES,
  REPEAT_RULES,
} from './booking-types';
import { StudentPicker } from './student-picker';

/** A calendar to book into: its user and the name shown. */
export type InstructorOption = { id: number; name: string };

export type AppointmentFieldsProps = {
  form: ApiFormOf<typeof appointmentFormSchema>;
  /** Shows the values only (released, invoiced, a calendar without write access). */
  isReadOnly?: boolean;
  /** The appointment being edited; a new one without. */
  appointment?: Appointment;
  /** The name of the appointment's student, when the caller knows it. */
  studentName?: string;
  /** The calendars to choose from; without it the school's instructors are loaded. */
  instructors?: InstructorOption[];
};

/** Runs `effect` when `value` changes after the first render (not for the loaded values). */
function useOnChange<T>(value: T, effect: (value: T) => void) {
  const previous = useRef(value);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    latest.current(value);
  }, [value]);
}

/** The fields of an appointment of any type, laid out in groups; what a type needs shows. */
export function AppointmentFields({
  form,
  isReadOnly = false,
  appointment,
  studentName,
  instructors: givenInstructors,
}: AppointmentFieldsProps) {
  const { t } = useSchedulerTranslation();
  const { control, watch, setValue } = form;
  const type = watch('type');
  const studentId = watch('studentId');
  const educationId = watch('studentEducationId');
  const kmStart = watch('kmStart');
  const kmEnd = watch('kmEnd');
  const repeatRule = watch('repeatRule');
  const shown = fieldsOfType(type);
  const isNew = appointment === undefined;
  // Required marks only where something can be entered.
  const required = !isReadOnly;

  const loadedInstructors = useInstructors(givenInstructors === undefined);
  const instructorOptions =
    givenInstructors?.map((option) => ({ id: option.id, label: option.name })) ??
    (loadedInstructors.data ?? []).map((user) => ({
      id: user.id,
      label: `${user.firstName} ${user.lastName}`,
    }));
  const vehicles = useVehicles(shown.vehicles);
  const educations = useStudentEducations(shown.student ? (studentId ?? null) : null, {
    activeOnly: true,
  });

  // Subscribed in render, so the effect below sees whether the user changed it.
  const payrollChanged = Boolean(form.formState.dirtyFields.includeInPayroll);

  const set = (name: Parameters<typeof setValue>[0], value: unknown) =>
    setValue(name, value as never, { shouldDirty: true });

  useOnChange(type, (next) => {
    if (next === 'DRIVING') {
      if (form.getValues('minutes') === null) set('minutes', LESSON_MINUTES);
      if (form.getValues('hourType') === null) set('hourType', 'NORMAL');
    }
    if (!payrollChanged) {
      setValue('includeInPayroll', PAYROLL_TYPES.includes(next));
    }
  });
  useOnChange(studentId, () => {
    set('studentEducationId', null);
    set('licenseClass', null);
  });
  useOnChange(educationId, (id) => {
    const education = educations.data?.find((row) => row.id === id);
    if (education) set('licenseClass', education.licenseClass);
  });
  // A student with one active education: that one.
  const onlyEducation = educations.data?.length === 1 ? educations.data[0] : undefined;
  useEffect(() => {
    if (isReadOnly || !onlyEducation || form.getValues('studentEducationId') !== null) return;
    setValue('studentEducationId', onlyEducation.id, { shouldDirty: true });
    setValue('licenseClass', onlyEducation.licenseClass, { shouldDirty: true });
  }, [onlyEducation, isReadOnly, form, setValue]);
  const kmComputed =
    kmStart !== null && kmStart !== undefined && kmEnd !== null && kmEnd !== undefined;
  useEffect(() => {
    if (!isReadOnly && kmComputed && kmEnd >= kmStart) setValue('kmDriven', kmEnd - kmStart);
  }, [isReadOnly, kmComputed, kmStart, kmEnd, setValue]);

  const vehicleOptions = (vehicles.data ?? [])
    .filter((vehicle) => vehicle.kind !== 'TRAILER')
    .map((vehicle) => ({ id: vehicle.id, label: `${vehicle.name} (${vehicle.plate})` }));
  const trailerOptions = (vehicles.data ?? [])
    .filter((vehicle) => vehicle.kind === 'TRAILER')
    .map((vehicle) => ({ id: vehicle.id, label: `${vehicle.name} (${vehicle.plate})` }));
  const educationOptions = (educations.data ?? []).map((education) => ({
    id: education.id,
    label: t('booking.form.educationOption', { class: education.licenseClass }),
  }));

  return (
    <div className="flex flex-col gap-6">
      <FieldSet legend={t('booking.form.sections.when')} layout="halves">
        <FormSelect
          control={control}
          name="type"
          label={t('booking.form.type')}
          isRequired={required}
          isReadOnly={isReadOnly}
          options={APPOINTMENT_TYPES.map((id) => ({ id, label: t(`booking.types.${id}`) }))}
        />
        <FormSelect
          control={control}
          name="instructorId"
          label={t('booking.form.instructor')}
          isRequired={required}
          isReadOnly={isReadOnly}
          emptyValue={null}
          options={instructorOptions}
        />
        <FormDateField
          control={control}
          name="date"
          label={t('booking.form.date')}
          isRequired={required}
          isReadOnly={isReadOnly}
        />
        <FormTimeField
          control={control}
          name="startTime"
          label={t('booking.form.startTime')}
          isRequired={required}
          isReadOnly={isReadOnly}
        />
        <div className="flex flex-col gap-2">
          <FormNumberField
            control={control}
            name="minutes"
            label={t('booking.form.minutes')}
            description={type === 'DRIVING' ? t('booking.form.minutesHint') : undefined}
            isRequired={required}
            isReadOnly={isReadOnly}
            minValue={5}
            maxValue={1440}
            step={5}
          />
          {type === 'DRIVING' && !isReadOnly && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onPress={() => set('minutes', LESSON_MINUTES)}>
                {t('booking.form.lesson')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onPress={() => set('minutes', DOUBLE_LESSON_MINUTES)}
              >
                {t('booking.form.doubleLesson')}
              </Button>
            </div>
          )}
        </div>
        {shown.hourType && (
          <FormSelect
            control={control}
            name="hourType"
            label={t('booking.form.hourType')}
            isRequired={required}
            isReadOnly={isReadOnly}
            emptyValue={null}
            options={HOUR_TYPES.map((id) => ({ id, label: t(`hourTypes.${id}`) }))}
          />
        )}
      </FieldSet>

      {shown.student && (
        <FieldSet legend={t('booking.form.sections.student')} layout="halves">
          <StudentPicker
            form={form}
            isReadOnly={isReadOnly}
            isRequired={required}
            studentName={studentName}
          />
          <FormSelect
            control={control}
            name="studentEducationId"
            label={t('booking.form.education')}
            isRequired={required}
            isReadOnly={isReadOnly || studentId === null}
            emptyValue={null}
            description={
              studentId === null
                ? t('booking.form.chooseStudentFirst')
                : educations.data?.length === 0
                  ? t('booking.form.noEducations')
                  : undefined
            }
            options={educationOptions}
          />
          <FormSelect
            control={control}
            name="licenseClass"
            label={t('booking.form.licenseClass')}
            description={t('booking.form.licenseClassHint')}
            isReadOnly={isReadOnly}
            emptyValue={null}
            options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
          />
        </FieldSet>
      )}

      {shown.vehicles && (
        <FieldSet legend={t('booking.form.sections.vehicles')} layout="halves">
          <FormSelect
            control={control}
            name="vehicleId"
            label={t('booking.form.vehicle')}
            noneLabel={t('booking.form.noVehicle')}
            emptyValue={null}
            isReadOnly={isReadOnly}
            options={vehicleOptions}
          />
          <FormSelect
            control={control}
            name="trailerId"
            label={t('booking.form.trailer')}
            noneLabel={t('booking.form.noTrailer')}
            emptyValue={null}
            isReadOnly={isReadOnly}
            options={trailerOptions}
          />
          <FormSelect
            control={control}
            name="escortVehicleId"
            label={t('booking.form.escortVehicle')}
            noneLabel={t('booking.form.noEscortVehicle')}
            emptyValue={null}
            isReadOnly={isReadOnly}
            options={vehicleOptions}
          />
        </FieldSet>
      )}

      {shown.km && (
        <FieldSet legend={t('booking.form.sections.km')} layout="halves">
          <FormNumberField
            control={control}
            name="kmStart"
            label={t('booking.form.kmStart')}
            isReadOnly={isReadOnly}
            minValue={0}
            formatOptions={{ useGrouping: false }}
          />
          <FormNumberField
            control={control}
            name="kmEnd"
            label={t('booking.form.kmEnd')}
            isReadOnly={isReadOnly}
            minValue={0}
            formatOptions={{ useGrouping: false }}
          />
          <FormNumberField
            control={control}
            name="kmDriven"
            label={t('booking.form.kmDriven')}
            description={kmComputed ? t('booking.form.kmDrivenComputed') : undefined}
            isReadOnly={isReadOnly || kmComputed}
            minValue={0}
            maxValue={5000}
            formatOptions={{ useGrouping: false }}
          />
        </FieldSet>
      )}

      <FieldSet legend={t('booking.form.sections.more')} layout="halves">
        {shown.title && (
          <FieldSpan>
            <FormTextField
              control={control}
              name="title"
              label={t('booking.form.title')}
              description={t('booking.form.titleHint')}
              isRequired={required && (type === 'PRIVATE' || type === 'OTHER')}
              isReadOnly={isReadOnly}
              maxLength={255}
            />
          </FieldSpan>
        )}
        <FieldSpan>
          <FormTextField
            control={control}
            name="note"
            label={t('booking.form.note')}
            isMultiline
            isReadOnly={isReadOnly}
            maxLength={10_000}
          />
        </FieldSpan>
        <FieldSpan>
          <FormCheckbox control={control} name="includeInPayroll" isReadOnly={isReadOnly}>
            {t('booking.form.includeInPayroll')}
          </FormCheckbox>
        </FieldSpan>
      </FieldSet>

      {isNew ? (
        <FieldSet legend={t('booking.form.sections.repeat')} layout="halves">
          <FormSelect
            control={control}
            name="repeatRule"
            label={t('booking.form.repeatRule')}
            isReadOnly={isReadOnly}
            options={REPEAT_RULES.map((id) => ({ id, label: t(`booking.repeatRules.${id}`) }))}
          />
          <FormDateField
            control={control}
            name="repeatUntil"
            label={t('booking.form.repeatUntil')}
            description={t('booking.form.repeatUntilHint')}
            isRequired={required && repeatRule !== 'NONE'}
            isDisabled={repeatRule === 'NONE'}
            isReadOnly={isReadOnly}
          />
        </FieldSet>
      ) : (
        appointment.seriesId !== undefined &&
        appointment.repeatRule !== 'NONE' && (
          <p className="text-sm text-neutral-700">
            {appointment.repeatUntil
              ? t('booking.form.series', {
                  rule: t(`booking.repeatRules.${appointment.repeatRule}`),
                  until: formatIsoDate(appointment.repeatUntil),
                })
              : t('booking.form.seriesOpenEnd', {
                  rule: t(`booking.repeatRules.${appointment.repeatRule}`),
                })}
          </p>
        )
      )}
    </div>
  );
}
