import {
  Button,
  Checkbox,
  CheckboxGroup,
  cn,
  Dialog,
  DialogTrigger,
  Popover,
  Select,
} from '@fahrwerk/ui';
import { useId, useState } from 'react';
import type { AppointmentType } from '../api/calendar-queries';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import type { CalendarInstructor, CalendarVehicle } from './calendar-events';
import { APPOINTMENT_TYPES, type CalendarFilterState, isFiltered } from './calendar-filter';

const ALL = 'all';

export type CalendarFiltersProps = {
  value: CalendarFilterState;
  onChange: (next: CalendarFilterState) => void;
  branches: ReadonlyArray<{ id: number; name: string }>;
  /** The calendars the user may show (`userCalendars` of the answer). */
  instructors: readonly CalendarInstructor[];
  vehicles: readonly CalendarVehicle[];
};

/** Branch, instructors (several), vehicle and appointment types of the scheduler. */
export function CalendarFilters({
  value,
  onChange,
  branches,
  instructors,
  vehicles,
}: CalendarFiltersProps) {
  const { t } = useSchedulerTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const update = (patch: Partial<CalendarFilterState>) => onChange({ ...value, ...patch });
  const instructorLabel = (instructor: CalendarInstructor) =>
    instructor.own
      ? t('calendar.filters.own', { name: instructor.name })
      : instructor.write
        ? instructor.name
        : t('calendar.filters.sharedReadOnly', { name: instructor.name });

  const active = [
    value.branchId !== null,
    value.instructorIds.length > 0,
    value.vehicleId !== null,
    value.types.length > 0,
  ].filter(Boolean).length;

  return (
    <div className="flex flex-col gap-3">
      {/* A phone shows the filters on demand: the day's agenda comes first. */}
      <Button
        variant="secondary"
        className="self-start sm:hidden pointer-coarse:h-11"
        aria-expanded={open}
        aria-controls={id}
        onPress={() => setOpen(!open)}
      >
        {active > 0
          ? t('calendar.filters.toggleActive', { count: active })
          : t('calendar.filters.toggle')}
      </Button>
      <fieldset
        id={id}
        className={cn('flex-wrap items-end gap-3 border-0 p-0 sm:flex', open ? 'flex' : 'hidden')}
      >
        <legend className="sr-only">{t('calendar.filters.label')}</legend>
        <Select
          label={t('calendar.filters.branch')}
          items={[
            { id: ALL, label: t('calendar.filters.allBranches') },
            ...branches.map((branch) => ({ id: String(branch.id), label: branch.name })),
          ]}
          selectedKey={value.branchId === null ? ALL : String(value.branchId)}
          onSelectionChange={(key) => update({ branchId: key === ALL ? null : Number(key) })}
        />
        <MultiChoice
          label={t('calendar.filters.instructors')}
          summary={
            value.instructorIds.length === 0
              ? t('calendar.filters.allInstructors')
              : t('calendar.filters.someInstructors', { count: value.instructorIds.length })
          }
          options={instructors.map((instructor) => ({
            id: String(instructor.id),
            label: instructorLabel(instructor),
          }))}
          selected={value.instructorIds.map(String)}
          onChange={(ids) => update({ instructorIds: ids.map(Number) })}
          doneLabel={t('calendar.filters.done')}
        />
        <Select
          label={t('calendar.filters.vehicle')}
          items={[
            { id: ALL, label: t('calendar.filters.allVehicles') },
            ...vehicles.map((vehicle) => ({
              id: String(vehicle.id),
              label: vehicle.plate ? `${vehicle.name} (${vehicle.plate})` : vehicle.name,
            })),
          ]}
          selectedKey={value.vehicleId === null ? ALL : String(value.vehicleId)}
          onSelectionChange={(key) => update({ vehicleId: key === ALL ? null : Number(key) })}
        />
        <MultiChoice
          label={t('calendar.filters.types')}
          summary={
            value.types.length === 0
              ? t('calendar.filters.allTypes')
              : value.types.length === 1
                ? t(`appointmentTypes.${value.types[0]}`)
                : t('calendar.filters.someTypes', { count: value.types.length })
          }
          options={APPOINTMENT_TYPES.map((type) => ({
            id: type,
            label: t(`appointmentTypes.${type}`),
          }))}
          selected={value.types}
          onChange={(types) => update({ types: types as AppointmentType[] })}
          doneLabel={t('calendar.filters.done')}
        />
        {isFiltered(value) && (
          <Button
            variant="quiet"
            className="pointer-coarse:h-11"
            onPress={() =>
              onChange({
                branchId: null,
                instructorIds: [],
                vehicleId: null,
                types: [],
                view: value.view,
              })
            }
          >
            {t('calendar.filters.reset')}
          </Button>
        )}
      </fieldset>
    </div>
  );
}

type MultiChoiceProps = {
  label: string;
  summary: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  doneLabel: string;
};

/** A button naming the choice that opens a list of checkboxes (none checked: all). */
function MultiChoice({ label, summary, options, selected, onChange, doneLabel }: MultiChoiceProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-neutral-800" aria-hidden="true">
        {label}
      </span>
      <DialogTrigger>
        <Button
          variant="secondary"
          aria-label={`${label}: ${summary}`}
          className="h-9 min-w-44 justify-between font-normal pointer-coarse:h-11"
        >
          {summary}
          <span aria-hidden="true" className="text-neutral-500">
            ▾
          </span>
        </Button>
        <Popover placement="bottom start" className="min-w-64">
          <Dialog aria-label={label} className="p-3">
            {({ close }) => (
              <div className="flex flex-col gap-3">
                <CheckboxGroup
                  label={label}
                  value={[...selected]}
                  onChange={onChange}
                  className="max-h-80 overflow-auto"
                >
                  {options.map((option) => (
                    <Checkbox key={option.id} value={option.id} className="pointer-coarse:py-2">
                      {option.label}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
                <Button variant="secondary" size="sm" className="self-end" onPress={close}>
                  {doneLabel}
                </Button>
              </div>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
