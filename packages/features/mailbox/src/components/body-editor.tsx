import { cn } from '@fahrwerk/ui';
import DOMPurify from 'dompurify';
import { useEffect, useId, useRef } from 'react';
import type { EmailPlaceholder } from '../api/mail-queries';

export type BodyEditorProps = {
  label: string;
  /** The body as HTML. */
  value: string;
  onChange: (html: string) => void;
  /** Offered by the rich-text editor of `@fahrwerk/mail-templates`; unused here. */
  placeholders?: EmailPlaceholder[];
  /** @default 280 */
  height?: number;
  /** The field's error, translated, shown below it. */
  errorMessage?: string;
};

/**
 * The compose form's body field: the one place to switch to `RichTextEditor` of
 * `@fahrwerk/mail-templates` (same props) once that package exports it. Until then a plain
 * editable area: the text keeps the HTML it was given (a quoted reply, a rendered template),
 * sanitised before it is put into the page.
 */
export function BodyEditor({
  label,
  value,
  onChange,
  height = 280,
  errorMessage,
}: BodyEditorProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Written only when the value changes from outside (a template, a reply), so typing keeps
  // the caret where it is.
  useEffect(() => {
    const element = ref.current;
    if (element && element.innerHTML !== value) element.innerHTML = DOMPurify.sanitize(value);
  }, [value]);
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-neutral-800">
        {label}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text area has no native element */}
      <div
        ref={ref}
        id={id}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        style={{ minHeight: height }}
        className={cn(
          'overflow-auto rounded-[var(--radius-control)] border bg-white p-3 text-sm outline-0',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          '[&_blockquote]:border-s-2 [&_blockquote]:border-neutral-300 [&_blockquote]:ps-2 [&_blockquote]:text-neutral-600',
          errorMessage ? 'border-danger-600' : 'border-neutral-300',
        )}
      />
      {errorMessage && (
        <p id={`${id}-error`} className="text-xs text-danger-700">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
