import { WEEKDAYS } from '@fahrwerk/api';
import { FormTimeField } from '@fahrwerk/core';
import { Button, Switch } from '@fahrwerk/ui';
import { type Control, useController, useFieldArray } from 'react-hook-form';
import type { Weekday } from '../api/users-queries';
import type { UserForm } from '../schemas/user-form';
import { useUsersTranslation } from '../use-users-translation';

type UserFormControl = Control<UserForm, unknown, UserForm>;

/** Working hours per weekday, Monday first: a day is off, or has up to four time ranges. */
export function WorkHoursEditor({ control }: { control: UserFormControl }) {
  return (
    <div className="flex flex-col divide-y divide-neutral-200">
      {WEEKDAYS.map((weekday) => (
        <DayRow key={weekday} control={control} weekday={weekday} />
      ))}
    </div>
  );
}

function DayRow({ control, weekday }: { control: UserFormControl; weekday: Weekday }) {
  const { t } = useUsersTranslation();
  const ranges = useFieldArray({ control, name: `week.${weekday}.ranges` });
  // A custom widget, bound by hand: switching a day on adds its first range, removing the
  // last range switches it off.
  const { field: working } = useController({ control, name: `week.${weekday}.working` });
  const dayName = t(`weekdays.${weekday}`);
  return (
    <div className="flex flex-wrap items-start gap-4 py-3">
      <div className="w-44 pt-1">
        <Switch
          isSelected={working.value}
          onChange={(isWorking) => {
            working.onChange(isWorking);
            if (isWorking && ranges.fields.length === 0)
              ranges.append({ from: '08:00', to: '16:00' });
          }}
        >
          {dayName}
        </Switch>
        {!working.value && <p className="mt-1 text-sm text-neutral-600">{t('form.dayOff')}</p>}
      </div>
      {working.value ? (
        <div className="flex flex-col gap-2">
          {ranges.fields.map((range, index) => (
            <div key={range.id} className="flex flex-wrap items-end gap-2">
              <FormTimeField
                control={control}
                name={`week.${weekday}.ranges.${index}.from`}
                label={t('form.from', { day: dayName, n: index + 1 })}
              />
              <FormTimeField
                control={control}
                name={`week.${weekday}.ranges.${index}.to`}
                label={t('form.to', { day: dayName, n: index + 1 })}
              />
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('form.removeRange', { day: dayName, n: index + 1 })}
                onPress={() => {
                  ranges.remove(index);
                  if (ranges.fields.length === 1) working.onChange(false);
                }}
              >
                {t('form.remove')}
              </Button>
            </div>
          ))}
          {ranges.fields.length < 4 && (
            <div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('form.addRangeFor', { day: dayName })}
                onPress={() => ranges.append({ from: null, to: null })}
              >
                {t('form.addRange')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <span />
      )}
    </div>
  );
}
