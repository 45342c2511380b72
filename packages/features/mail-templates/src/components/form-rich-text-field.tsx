import { useFormTexts } from '@fahrwerk/core';
import {
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
  useController,
} from 'react-hook-form';
import type { EmailPlaceholder } from '../lib/placeholder-html';
import { RichTextEditor } from './rich-text-editor';

export type FormRichTextFieldProps<T extends FieldValues, TOutput> = {
  control: NonNullable<UseControllerProps<T, FieldPath<T>, TOutput>['control']>;
  name: FieldPath<T>;
  label: string;
  placeholders?: readonly EmailPlaceholder[];
  height?: number;
  disabled?: boolean;
};

/** `RichTextEditor` bound to a form value; its error (zod or the server's) translated. */
export function FormRichTextField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormRichTextFieldProps<T, TOutput>) {
  const t = useFormTexts();
  const { field, fieldState } = useController<T, FieldPath<T>, TOutput>({ control, name });
  const message = fieldState.error?.message;
  return (
    <RichTextEditor
      {...props}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={message ? t(message) : undefined}
    />
  );
}
