import { type ApiFormOf, useDebounced, useFormTexts, useStudentPicker } from '@fahrwerk/core';
import { ComboBox } from '@fahrwerk/ui';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import type { ChosenStudent, sendMessageFormSchema } from '../schemas/send-message-form';
import { useMessagingTranslation } from '../use-messaging-translation';

export type StudentMultiPickerProps = {
  form: ApiFormOf<typeof sendMessageFormSchema>;
};

/**
 * The recipients of a message: a search over `POST /students-filter/filter` (only the
 * students the user may see) that adds the chosen student to the list below it; each one
 * there can be removed again.
 */
export function StudentMultiPicker({ form }: StudentMultiPickerProps) {
  const { t } = useMessagingTranslation();
  const formT = useFormTexts();
  const { field, fieldState } = useController({ control: form.control, name: 'students' });
  const chosen: ChosenStudent[] = field.value ?? [];
  const [search, setSearch] = useState('');
  const listId = useId();
  // A fresh search box after each pick: the list closes, the text clears, the focus stays.
  const [picks, setPicks] = useState(0);
  const found = useStudentPicker(useDebounced(search, 250), { size: 20 });
  const options = (found.data ?? [])
    .filter((row) => !chosen.some((student) => student.id === row.id))
    .map((row) => ({ id: row.id, label: `${row.firstName} ${row.lastName}` }));
  const error = fieldState.error?.message;

  const add = (id: number) => {
    const option = options.find((row) => row.id === id);
    if (option) field.onChange([...chosen, { id: option.id, name: option.label }]);
    setSearch('');
    setPicks((count) => count + 1);
  };

  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        key={picks}
        autoFocus={picks > 0}
        label={t('send.studentsSearch')}
        description={t('send.studentsHint')}
        isRequired
        isInvalid={error !== undefined}
        errorMessage={error ? formT(error) : undefined}
        items={options}
        onInputChange={setSearch}
        onSelectionChange={(key) => key !== null && add(Number(key))}
        onBlur={field.onBlur}
      />
      <div>
        <p id={listId} className="text-sm font-medium text-neutral-800">
          {t('send.studentsChosen')}
        </p>
        {chosen.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('send.noneChosen')}</p>
        ) : (
          <ul aria-labelledby={listId} className="mt-1 flex flex-wrap gap-1.5">
            {chosen.map((student) => (
              <li
                key={student.id}
                className="inline-flex items-center gap-1 rounded-full border border-neutral-300 bg-neutral-100 ps-2.5 text-sm text-neutral-900"
              >
                {student.name}
                <button
                  type="button"
                  aria-label={t('actions.remove', { name: student.name })}
                  className="flex size-6 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => field.onChange(chosen.filter((other) => other.id !== student.id))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
