import { invalidProps } from '@fahrwerk/core';
import { Button, Switch, TimeField } from '@fahrwerk/ui';
import { type Control, Controller, useFieldArray } from 'react-hook-form';
import type { Weekday } from '../api/users-queries';
import type { UserForm } from '../schemas/user-form';
import { WEEKDAYS } from '../schemas/user-form';
import { useUsersTranslation } from '../use-users-translation';

/** Working hours per weekday, Monday first: a day is off, or has up to four time ranges. */
export function WorkHoursEditor({ control }: { control: Control<UserForm> }) {
  return (
    <div className="flex flex-col divide-y divide-neutral-200">
      {WEEKDAYS.map((weekday) => (
        <DayRow key={weekday} control={control} weekday={weekday} />
      ))}
    </div>
  );
}

function DayRow({ control, weekday }: { control: Control<UserForm>; weekday: Weekday }) {
  const { t } = useUsersTranslation();
  const ranges = useFieldArray({ control, name: `week.${weekday}.ranges` });
  const dayName = t(`weekdays.${weekday}`);
  return (
    <div className="flex flex-wrap items-start gap-4 py-3">
      <Controller
        control={control}
        name={`week.${weekday}.working`}
        render={({ field }) => (
          <div className="w-44 pt-1">
            <Switch
              isSelected={field.value}
              onChange={(working) => {
                field.onChange(working);
                if (working && ranges.fields.length === 0)
                  ranges.append({ from: '08:00', to: '16:00' });
              }}
            >
              {dayName}
            </Switch>
            {!field.value && <p className="mt-1 text-sm text-neutral-600">{t('form.dayOff')}</p>}
          </div>
        )}
      />
      <Controller
        control={control}
        name={`week.${weekday}.working`}
        render={({ field: working }) =>
          working.value ? (
            <div className="flex flex-col gap-2">
              {ranges.fields.map((range, index) => (
                <div key={range.id} className="flex flex-wrap items-end gap-2">
                  <Controller
                    control={control}
                    name={`week.${weekday}.ranges.${index}.from`}
                    render={({ field, fieldState }) => (
                      <TimeField
                        label={t('form.from', { day: dayName, n: index + 1 })}
                        value={field.value as never}
                        onChange={(value) => field.onChange(value)}
                        {...invalidProps(fieldState.error, t)}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`week.${weekday}.ranges.${index}.to`}
                    render={({ field, fieldState }) => (
                      <TimeField
                        label={t('form.to', { day: dayName, n: index + 1 })}
                        value={field.value as never}
                        onChange={(value) => field.onChange(value)}
                        {...invalidProps(fieldState.error, t)}
                      />
                    )}
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
          )
        }
      />
    </div>
  );
}
