import {
  type ApiFormOf,
  FormComboBox,
  type FormOption,
  useDebounced,
  useStudentPicker,
} from '@fahrwerk/core';
import { useEffect, useMemo, useState } from 'react';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import type { appointmentFormSchema } from './appointment-form';
import type { StudentListItem } from './booking-types';

export type StudentPickerProps = {
  form: ApiFormOf<typeof appointmentFormSchema>;
  isReadOnly?: boolean;
  isRequired?: boolean;
  /** The name of the stored appointment's student (the calendar entry knows it). */
  studentName?: string;
};

const toOption = (student: StudentListItem): FormOption<number> => ({
  id: student.id,
  label: `${student.firstName} ${student.lastName}`,
});

/**
 * The student of an appointment: a search over `POST /students-filter/filter`. The server
 * answers only the students the caller may see, so an instructor limited to their own
 * students is offered only those.
 */
export function StudentPicker({ form, isReadOnly, isRequired, studentName }: StudentPickerProps) {
  const { t } = useSchedulerTranslation();
  const { control, watch } = form;
  const studentId = watch('studentId');
  const [search, setSearch] = useState('');
  const query = useStudentPicker(useDebounced(search, 250), { enabled: !isReadOnly });
  // The chosen student stays an option while another search shows other rows.
  const [chosen, setChosen] = useState<FormOption<number> | null>(() =>
    studentId === null || studentId === undefined
      ? null
      : {
          id: studentId,
          label: studentName ?? t('booking.form.studentUnknown', { id: studentId }),
        },
  );

  const found = query.data;
  useEffect(() => {
    if (studentId === null || studentId === undefined) return;
    const student = found?.find((row) => row.id === studentId);
    if (student) setChosen(toOption(student));
  }, [studentId, found]);

  const options = useMemo(() => {
    const rows = (found ?? []).map(toOption);
    if (chosen && chosen.id === studentId && !rows.some((row) => row.id === chosen.id)) {
      rows.unshift(chosen);
    }
    return rows;
  }, [found, chosen, studentId]);

  return (
    <FormComboBox
      control={control}
      name="studentId"
      label={t('booking.form.student')}
      placeholder={t('booking.form.studentPlaceholder')}
      options={options}
      emptyValue={null}
      isRequired={isRequired}
      isReadOnly={isReadOnly}
      isClearable={!isReadOnly}
      onInputChange={(text) => {
        // Choosing a row writes its name into the input: that is no new search.
        setSearch(options.some((option) => option.label === text) ? '' : text);
      }}
    />
  );
}
