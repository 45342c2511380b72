import { useDebounced, useStudentEducations, useStudentPicker } from '@fahrwerk/core';
import { ComboBox, ErrorState, Select, Spinner } from '@fahrwerk/ui';
import { useEffect, useMemo, useState } from 'react';
import { useEducation, useStudentName } from '../api/learning-queries';
import { useLearningTranslation } from '../use-learning-translation';

export type EducationPickerProps = {
  /** The education chosen (from the host's URL or a choice made here), or null. */
  studentEducationId: number | null;
  onChange: (studentEducationId: number | null) => void;
};

/**
 * A student by name (`useStudentPicker`: only the students the user may see) and one of
 * the student's educations (`useStudentEducations`). A student with exactly one education
 * gets it chosen at once. Given an education, its student is looked up and shown.
 */
export function EducationPicker({ studentEducationId, onChange }: EducationPickerProps) {
  const { t } = useLearningTranslation();
  const education = useEducation(studentEducationId);
  const [chosenStudent, setChosenStudent] = useState<number | null>(null);
  const studentId = chosenStudent ?? education.data?.studentId ?? null;
  const [search, setSearch] = useState('');
  const found = useStudentPicker(useDebounced(search, 250), { size: 20 });
  const name = useStudentName(studentId);
  const educations = useStudentEducations(studentId);

  const options = useMemo(() => {
    const rows = (found.data ?? []).map((row) => ({
      id: row.id,
      label: `${row.firstName} ${row.lastName}`,
    }));
    if (studentId !== null && !rows.some((row) => row.id === studentId)) {
      rows.unshift({
        id: studentId,
        label: name.data ?? t('choice.studentUnknown', { id: studentId }),
      });
    }
    return rows;
  }, [found.data, studentId, name.data, t]);

  // A student with one education: that one, without asking.
  const only = educations.data?.length === 1 ? educations.data[0] : undefined;
  useEffect(() => {
    if (chosenStudent !== null && only && only.id !== studentEducationId) onChange(only.id);
  }, [chosenStudent, only, studentEducationId, onChange]);

  const educationItems = (educations.data ?? []).map((row) => ({
    id: row.id,
    label: t(row.archived ? 'choice.educationArchived' : 'choice.educationLabel', {
      licenseClass: row.licenseClass,
    }),
  }));

  let educationField: React.ReactNode = null;
  if (studentId !== null) {
    if (educations.isPending) {
      educationField = <Spinner label={t('choice.educationsLoading')} />;
    } else if (educations.isError) {
      educationField = (
        <ErrorState
          message={t('choice.educationsError')}
          onRetry={() => void educations.refetch()}
          isRetrying={educations.isFetching}
        />
      );
    } else if (educationItems.length === 0) {
      educationField = <p className="text-sm text-neutral-700">{t('choice.noEducations')}</p>;
    } else {
      educationField = (
        <Select
          label={t('choice.education')}
          placeholder={t('choice.educationPlaceholder')}
          items={educationItems}
          selectedKey={
            educationItems.some((item) => item.id === studentEducationId)
              ? studentEducationId
              : null
          }
          onSelectionChange={(key) => key !== null && onChange(Number(key))}
        />
      );
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-4">
      <ComboBox
        label={t('choice.student')}
        placeholder={t('choice.studentPlaceholder')}
        items={options}
        selectedKey={studentId}
        onInputChange={(text) =>
          // Choosing a row writes its name into the input: that is no new search.
          setSearch(options.some((option) => option.label === text) ? '' : text)
        }
        onSelectionChange={(key) => {
          const next = key === null ? null : Number(key);
          if (next === studentId) return;
          setChosenStudent(next);
          onChange(null);
        }}
      />
      {educationField}
    </div>
  );
}
