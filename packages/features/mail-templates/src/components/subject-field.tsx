import { FormTextField } from '@fahrwerk/core';
import { useRef } from 'react';
import type { Control } from 'react-hook-form';
import { type EmailPlaceholder, placeholderToken } from '../lib/placeholder-html';
import type { TemplateForm } from '../schemas/template-form';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import { PlaceholderMenu } from './placeholder-menu';

export type SubjectFieldProps = {
  control: Control<TemplateForm>;
  getValue: () => string;
  setValue: (subject: string) => void;
  placeholders: readonly EmailPlaceholder[];
};

/**
 * The subject: plain text, so a placeholder goes in as its text `{{ key }}`, at the caret
 * (the input keeps its selection while the menu is used).
 */
export function SubjectField({ control, getValue, setValue, placeholders }: SubjectFieldProps) {
  const { t } = useMailTemplatesTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const insert = (key: string) => {
    const input = wrapper.current?.querySelector('input');
    const value = getValue();
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    const token = placeholderToken(key);
    setValue(value.slice(0, start) + token + value.slice(end));
    const caret = start + token.length;
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  };
  return (
    <div ref={wrapper} className="flex flex-col gap-1">
      <FormTextField
        control={control}
        name="subject"
        label={t('form.subject')}
        isRequired
        maxLength={998}
      />
      {placeholders.length > 0 && (
        <div>
          <PlaceholderMenu
            placeholders={placeholders}
            onInsert={insert}
            label={t('form.subjectPlaceholder')}
          />
        </div>
      )}
    </div>
  );
}
