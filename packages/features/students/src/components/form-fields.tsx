import {
  Checkbox,
  CheckboxGroup,
  DateField,
  NumberField,
  Select,
  SelectItem,
  Switch,
  TextField,
} from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useStudentsTranslation } from '../use-students-translation';

/** One option of a choice field; `id` '' is "not set". */
export type Option = { id: string; label: string };

type Base<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  isReadOnly?: boolean;
  isRequired?: boolean;
};

/** Error messages are i18n keys from zod or the server's `validation.*` keys. */
function useMessage() {
  const { t } = useStudentsTranslation();
  return (message: string | undefined) => (message ? t(message) : undefined);
}

export function FormText<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
  isRequired,
  type,
  maxLength,
  onBlur,
  autoComplete,
}: Base<T> & {
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
  autoComplete?: string;
  onBlur?: (value: string) => void;
}) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          description={description}
          type={type}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={() => {
            field.onBlur();
            onBlur?.(field.value ?? '');
          }}
          isReadOnly={isReadOnly}
          isRequired={isRequired}
          maxLength={maxLength}
          autoComplete={autoComplete}
          isInvalid={fieldState.invalid}
          errorMessage={message(fieldState.error?.message)}
        />
      )}
    />
  );
}

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
  isRequired,
  options,
}: Base<T> & { options: Option[] }) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          description={description}
          name={field.name}
          selectedKey={field.value === '' || field.value == null ? null : String(field.value)}
          onSelectionChange={(key) => field.onChange(key === null ? '' : String(key))}
          onBlur={field.onBlur}
          isDisabled={isReadOnly}
          isRequired={isRequired}
          isClearable={!isRequired && !isReadOnly}
          isInvalid={fieldState.invalid}
          errorMessage={message(fieldState.error?.message)}
        >
          {options.map((option) => (
            <SelectItem key={option.id} id={option.id} textValue={option.label}>
              {option.label}
            </SelectItem>
          ))}
        </Select>
      )}
    />
  );
}

export function FormDate<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
  isRequired,
}: Base<T>) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          description={description}
          name={field.name}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value ?? null)}
          onBlur={field.onBlur}
          isReadOnly={isReadOnly}
          isRequired={isRequired}
          isInvalid={fieldState.invalid}
          errorMessage={message(fieldState.error?.message)}
        />
      )}
    />
  );
}

export function FormNumber<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
  unit,
  minValue,
  maxValue,
}: Base<T> & { unit?: string; minValue?: number; maxValue?: number }) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={label}
          description={description}
          name={field.name}
          unit={unit}
          minValue={minValue}
          maxValue={maxValue}
          value={field.value ?? Number.NaN}
          onChange={(value) => field.onChange(Number.isNaN(value) ? null : value)}
          onBlur={field.onBlur}
          isReadOnly={isReadOnly}
          isInvalid={fieldState.invalid}
          errorMessage={message(fieldState.error?.message)}
        />
      )}
    />
  );
}

export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
}: Base<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          name={field.name}
          isSelected={Boolean(field.value)}
          onChange={field.onChange}
          isReadOnly={isReadOnly}
          description={description}
        >
          {label}
        </Switch>
      )}
    />
  );
}

export function FormCheckboxes<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isReadOnly,
  options,
}: Base<T> & { options: Option[] }) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckboxGroup
          label={label}
          description={description}
          name={field.name}
          value={field.value ?? []}
          onChange={field.onChange}
          isReadOnly={isReadOnly}
          isInvalid={fieldState.invalid}
          errorMessage={message(fieldState.error?.message)}
          className="[&>div]:flex [&>div]:flex-wrap [&>div]:gap-x-4 [&>div]:gap-y-1"
        >
          {options.map((option) => (
            <Checkbox key={option.id} value={option.id}>
              {option.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
    />
  );
}
