import { type CalendarDate, parseDate } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  type DatePickerProps,
  DateSegment,
  Dialog,
  Heading,
  Button as RACButton,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Description, FieldError, FieldGroup, type FieldProps, fieldStyles, Label } from './field';
import { Popover } from './popover';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

/** A calendar day as the API carries it: `YYYY-MM-DD`. */
export type IsoDate = string;

export type DateFieldProps = Omit<
  DatePickerProps<CalendarDate>,
  'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'children'
> &
  FieldProps & {
    value?: IsoDate | null;
    defaultValue?: IsoDate | null;
    onChange?: (value: IsoDate | null) => void;
    minValue?: IsoDate;
    maxValue?: IsoDate;
  };

function toDate(value: IsoDate | null | undefined): CalendarDate | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return parseDate(value);
}

const iconButton = ({
  isFocusVisible,
  isHovered,
}: {
  isFocusVisible: boolean;
  isHovered: boolean;
}) =>
  cn(
    'flex size-7 items-center justify-center rounded text-neutral-600',
    isHovered && 'bg-neutral-100 text-neutral-800',
    focusRing({ isFocusVisible }),
  );

/**
 * A date input shown as DD.MM.YYYY with a calendar whose weeks start on Monday. Values are
 * ISO dates (`2025-03-14`).
 */
export function DateField({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  ...props
}: DateFieldProps) {
  const { t } = useTranslation('ui');
  return (
    <DatePicker<CalendarDate>
      {...props}
      value={toDate(value)}
      defaultValue={toDate(defaultValue)}
      minValue={toDate(minValue) ?? undefined}
      maxValue={toDate(maxValue) ?? undefined}
      onChange={(next) => onChange?.(next ? next.toString() : null)}
      firstDayOfWeek="mon"
      // DD.MM.YYYY, as the product shows dates everywhere.
      shouldForceLeadingZeros
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <FieldGroup className="min-w-40">
        <DateInput className="flex flex-1 px-3 py-1.5 text-sm tabular-nums">
          {(segment) => (
            <DateSegment
              segment={segment}
              className={({ isFocused, isPlaceholder, type }) =>
                cn(
                  'rounded px-0.5 outline-0 caret-transparent',
                  isPlaceholder && 'text-neutral-500',
                  type === 'literal' && 'px-0 text-neutral-500',
                  isFocused && 'bg-brand-600 text-white',
                )
              }
            />
          )}
        </DateInput>
        <RACButton aria-label={t('date.openCalendar')} className={iconButton}>
          <CalendarDays className="size-4" aria-hidden="true" />
        </RACButton>
      </FieldGroup>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover placement="bottom start">
        <Dialog className="p-3 outline-0">
          <Calendar<CalendarDate> firstDayOfWeek="mon">
            <header className="mb-2 flex items-center gap-1">
              <RACButton slot="previous" className={iconButton}>
                <ChevronLeft className="size-4" aria-hidden="true" />
              </RACButton>
              <Heading className="flex-1 text-center text-sm font-semibold text-neutral-900" />
              <RACButton slot="next" className={iconButton}>
                <ChevronRight className="size-4" aria-hidden="true" />
              </RACButton>
            </header>
            <CalendarGrid
              weekdayStyle="short"
              className="border-separate border-spacing-0.5 text-sm"
            >
              {(date) => (
                <CalendarCell
                  date={date}
                  className={({
                    isSelected,
                    isFocusVisible,
                    isHovered,
                    isOutsideMonth,
                    isDisabled,
                    isToday,
                  }) =>
                    cn(
                      'flex size-8 cursor-default items-center justify-center rounded text-neutral-900',
                      isOutsideMonth && 'text-neutral-400',
                      isToday && 'font-semibold text-brand-700',
                      isHovered && !isSelected && 'bg-neutral-100',
                      isSelected && 'bg-brand-600 text-white',
                      isDisabled && 'text-neutral-300',
                      focusRing({ isFocusVisible }),
                    )
                  }
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
