import { Select } from '@fahrwerk/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePlaceholders } from '../api/messaging-queries';
import { insertAtCursor, placeholderToken } from '../lib/insert-at-cursor';
import { useMessagingTranslation } from '../use-messaging-translation';

/** The two texts of a message and a template that take placeholders. */
export type PlaceholderField = 'subject' | 'text';

type Selection = { field: PlaceholderField; start: number; end: number };

const isPlaceholderField = (name: string): name is PlaceholderField =>
  name === 'subject' || name === 'text';

export type PlaceholderFieldsProps = {
  /** The subject and text fields (inputs named `subject` and `text`). */
  children: ReactNode;
  /** Writes a field's new value into the form. */
  onChange: (field: PlaceholderField, value: string) => void;
};

/**
 * The subject and text fields with "Platzhalter einfügen" below: the chosen placeholder
 * (`{{ student.firstName }}`) goes where the cursor last was in the subject or the text (the
 * text when neither had the focus), replacing a selection. The cursor is remembered when a
 * field loses the focus, since choosing from the list takes it away.
 */
export function PlaceholderFields({ children, onChange }: PlaceholderFieldsProps) {
  const { t } = useMessagingTranslation();
  const placeholders = usePlaceholders();
  const container = useRef<HTMLDivElement>(null);
  const last = useRef<Selection | null>(null);

  // A native listener: `focusout` of the fields inside, without a handler on a static element.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (
        (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
        isPlaceholderField(target.name)
      ) {
        last.current = {
          field: target.name,
          start: target.selectionStart ?? target.value.length,
          end: target.selectionEnd ?? target.value.length,
        };
      }
    };
    element.addEventListener('focusout', remember);
    return () => element.removeEventListener('focusout', remember);
  }, []);

  const insert = (key: string) => {
    const field = last.current?.field ?? 'text';
    const element = container.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `[name="${field}"]`,
    );
    if (!element) return;
    const selection = last.current?.field === field ? last.current : null;
    const next = insertAtCursor(
      element.value,
      placeholderToken(key),
      selection?.start ?? element.value.length,
      selection?.end,
    );
    last.current = { field, start: next.caret, end: next.caret };
    onChange(field, next.value);
  };

  const rows = placeholders.data ?? [];
  return (
    <div ref={container} className="flex flex-col gap-4">
      {children}
      {rows.length > 0 && (
        <Select
          label={t('fields.placeholder')}
          description={t('fields.placeholderHint')}
          placeholder={t('fields.placeholderChoose')}
          items={rows.map((row) => ({
            id: row.key,
            label: `${row.description} – ${placeholderToken(row.key)}`,
            description: t('fields.placeholderExample', { example: row.example }),
          }))}
          selectedKey={null}
          onSelectionChange={(key) => key !== null && insert(String(key))}
        />
      )}
    </div>
  );
}
