import { type components, WEEKDAYS } from '@fahrwerk/api';
import { FormAlert, readServerErrors } from '@fahrwerk/core';
import { Button, Dialog, ErrorState, Modal, Spinner, TimeField } from '@fahrwerk/ui';
import { useState } from 'react';
import type { BranchWorkHours } from '../api/fleet-queries';
import { useFleetTranslation } from '../use-fleet-translation';

type Weekday = components['schemas']['Weekday'];
type Range = { from: string | null; to: string | null };

/** The contract allows four ranges a day (e.g. a lunch break splits the day in two). */
const MAX_RANGES = 4;

export type WorkHoursDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  branchName: string;
  /** The current hours; undefined while loading. */
  hours?: BranchWorkHours;
  isLoading?: boolean;
  loadError?: boolean;
  /** Read-only for users without MODULE_COMPANY_WRITE. */
  isReadOnly?: boolean;
  /** Saves; a rejected promise (ApiError) is listed in the dialog. */
  onSubmit: (hours: BranchWorkHours) => Promise<unknown>;
  /** After a successful save, once the dialog has closed (e.g. for the success toast). */
  onSaved?: () => void;
};

/** The opening hours of a branch per weekday, Monday first (`/branch-work-hours/{id}`). */
export function WorkHoursDialog({
  isOpen,
  onOpenChange,
  branchName,
  hours,
  isLoading,
  loadError,
  ...props
}: WorkHoursDialogProps) {
  const { t } = useFleetTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t('workHours.title', { name: branchName })}>
        {({ close }) =>
          loadError ? (
            <ErrorState message={t('workHours.loadError')} />
          ) : isLoading || !hours ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : (
            <WorkHoursForm hours={hours} {...props} onDone={close} />
          )
        }
      </Dialog>
    </Modal>
  );
}

function WorkHoursForm({
  hours,
  isReadOnly,
  onSubmit,
  onSaved,
  onDone,
}: {
  hours: BranchWorkHours;
  isReadOnly?: boolean;
  onSubmit: WorkHoursDialogProps['onSubmit'];
  onSaved?: () => void;
  onDone: () => void;
}) {
  const { t } = useFleetTranslation();
  const [week, setWeek] = useState<Record<Weekday, Range[]>>(
    () =>
      Object.fromEntries(
        WEEKDAYS.map((weekday) => [
          weekday,
          hours.dayWorkHours.find((day) => day.weekday === weekday)?.ranges ?? [],
        ]),
      ) as Record<Weekday, Range[]>,
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  const change = (weekday: Weekday, index: number, patch: Partial<Range>) =>
    setWeek({
      ...week,
      [weekday]: week[weekday].map((range, i) => (i === index ? { ...range, ...patch } : range)),
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Incomplete or reversed ranges are marked here; overlaps and the corridor the server checks.
    const wrong = new Set<string>();
    for (const weekday of WEEKDAYS) {
      week[weekday].forEach((range, index) => {
        if (!range.from || !range.to || range.to <= range.from) wrong.add(`${weekday}.${index}`);
      });
    }
    setInvalid(wrong);
    if (wrong.size > 0) {
      setProblems(['form.errors.timeOrder']);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await onSubmit({
        workCorridor: hours.workCorridor,
        dayWorkHours: WEEKDAYS.filter((weekday) => week[weekday].length > 0).map((weekday) => ({
          weekday,
          ranges: week[weekday].map((range) => ({ from: range.from ?? '', to: range.to ?? '' })),
        })),
      });
      onDone();
      onSaved?.();
    } catch (error) {
      // The hours are no form fields: every refusal is listed.
      const placement = readServerErrors(error, { fieldFor: () => null, alertOn: 'every-failure' });
      setProblems(placement.alert.map((line) => line.key));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p>{t('workHours.intro')}</p>
      <p className="text-neutral-600">
        {t('branches.columns.corridor')}: {t('branches.corridorValue', hours.workCorridor)}
      </p>
      {problems.length > 0 && (
        <FormAlert>
          {[...new Set(problems)].map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <div className="flex flex-col divide-y divide-neutral-100">
        {WEEKDAYS.map((weekday) => {
          const name = t(`workHours.weekdays.${weekday}`);
          const ranges = week[weekday];
          return (
            <div key={weekday} className="flex flex-wrap items-start gap-3 py-2">
              <span className="w-28 pt-1.5 font-medium text-neutral-900">{name}</span>
              <div className="flex flex-1 flex-col gap-2">
                {ranges.length === 0 && (
                  <span className="pt-1.5 text-neutral-500">{t('workHours.closed')}</span>
                )}
                {ranges.map((range, index) => {
                  const isInvalid = invalid.has(`${weekday}.${index}`);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no id; the position is the identity
                    <div key={index} className="flex flex-wrap items-end gap-2">
                      <TimeField
                        aria-label={t('workHours.from', { weekday: name })}
                        value={range.from}
                        isReadOnly={isReadOnly}
                        isInvalid={isInvalid}
                        onChange={(from) => change(weekday, index, { from })}
                      />
                      <span className="pb-2">–</span>
                      <TimeField
                        aria-label={t('workHours.to', { weekday: name })}
                        value={range.to}
                        isReadOnly={isReadOnly}
                        isInvalid={isInvalid}
                        onChange={(to) => change(weekday, index, { to })}
                      />
                      {!isReadOnly && (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('workHours.removeFor', {
                            number: index + 1,
                            weekday: name,
                          })}
                          onPress={() =>
                            setWeek({ ...week, [weekday]: ranges.filter((_, i) => i !== index) })
                          }
                        >
                          {t('workHours.remove')}
                        </Button>
                      )}
                    </div>
                  );
                })}
              </div>
              {!isReadOnly && ranges.length < MAX_RANGES && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('workHours.addFor', { weekday: name })}
                  onPress={() =>
                    setWeek({
                      ...week,
                      [weekday]: [
                        ...ranges,
                        {
                          from: ranges.at(-1)?.to ?? hours.workCorridor.from,
                          to: hours.workCorridor.to,
                        },
                      ],
                    })
                  }
                >
                  {t('workHours.add')}
                </Button>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        {!isReadOnly && (
          <Button type="submit" isPending={saving}>
            {t('common.save')}
          </Button>
        )}
      </div>
    </form>
  );
}
