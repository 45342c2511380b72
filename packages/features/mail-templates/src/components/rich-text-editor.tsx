import { cn } from '@fahrwerk/ui';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type EmailPlaceholder, placeholdersToChips } from '../lib/placeholder-html';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import {
  DEFAULT_EDITOR_HEIGHT,
  TEMPLATE_CONTENT_CLASS,
  TEMPLATE_FONT_FAMILY,
  templateExtensions,
} from './editor-extensions';
import { PlaceholderMenu } from './placeholder-menu';
import { createPlaceholderLabels } from './placeholder-node';
import { ToolbarIcon } from './toolbar-icons';

export type RichTextEditorProps = {
  /** The field's visible label and the editable area's accessible name. */
  label: string;
  /** The HTML; placeholders as `<span data-placeholder="key">{{ key }}</span>` or plain `{{ key }}`. */
  value: string;
  /** The HTML after each change; `''` when the text is empty. */
  onChange: (html: string) => void;
  /** The placeholders offered by "Platzhalter einfügen"; their descriptions label the chips. @default [] */
  placeholders?: readonly EmailPlaceholder[];
  /** The editable area's fixed height in pixels; longer texts scroll. @default 335 */
  height?: number;
  /** @default false */
  disabled?: boolean;
  /** Shown below the field; marks it invalid. */
  error?: string;
  /** Shown below the label. */
  description?: ReactNode;
  /** Called when the editable area loses focus (form libraries mark the field touched). */
  onBlur?: () => void;
};

const EMPTY: readonly EmailPlaceholder[] = [];

/** `''` for an empty text, else TipTap's HTML (so an untouched field stays empty). */
function editorHtml(editor: Editor): string {
  const doc = editor.state.doc;
  const onlyEmptyParagraph =
    doc.childCount === 1 &&
    doc.firstChild?.type.name === 'paragraph' &&
    doc.firstChild.childCount === 0;
  return onlyEmptyParagraph ? '' : editor.getHTML();
}

/**
 * A rich-text field for e-mail templates (TipTap 3): bold, italic, underline, headings,
 * lists, links, and placeholders as atomic chips inserted from "Platzhalter einfügen" or by
 * typing `{{`. Helvetica, fixed height, scrolling. Controlled: `value` in, `onChange` out.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  placeholders = EMPTY,
  height = DEFAULT_EDITOR_HEIGHT,
  disabled = false,
  error,
  description,
  onBlur,
}: RichTextEditorProps) {
  const { t } = useMailTemplatesTranslation();
  const errorId = useId();
  const descriptionId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);

  const labels = useMemo(() => createPlaceholderLabels(), []);
  useEffect(() => {
    labels.set(
      new Map(placeholders.map((placeholder) => [placeholder.key, placeholder.description])),
    );
  }, [labels, placeholders]);

  // The editor is created once; its callbacks read the latest props through refs.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;
  const hasPlaceholdersRef = useRef(placeholders.length > 0);
  hasPlaceholdersRef.current = placeholders.length > 0;
  const lastHtml = useRef(value);

  const describedBy = [description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  // useEditor applies its options again on each render, so the attributes follow the props.
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    class: TEMPLATE_CONTENT_CLASS,
    style: `font-family: ${TEMPLATE_FONT_FAMILY}`,
  };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (error) attributes['aria-invalid'] = 'true';
  if (disabled) attributes['aria-disabled'] = 'true';

  const editor = useEditor({
    extensions: templateExtensions(labels),
    content: placeholdersToChips(value),
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes,
      transformPastedHTML: placeholdersToChips,
      // `{{` opens the placeholder menu instead of writing the braces.
      handleTextInput: (view, from, to, text) => {
        if (text !== '{' || !hasPlaceholdersRef.current || from < 1) return false;
        if (view.state.doc.textBetween(from - 1, from) !== '{') return false;
        view.dispatch(view.state.tr.delete(from - 1, to));
        setMenuOpen(true);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      lastHtml.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // A new value from outside (a loaded template, a reset form) replaces the text.
  useEffect(() => {
    if (value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(placeholdersToChips(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      linkHref: String(current.getAttributes('link').href ?? ''),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();

  const insertPlaceholder = (key: string) => {
    editor.chain().focus().insertPlaceholder(key).run();
  };

  // Arrow keys move between the toolbar's buttons (each also reachable by Tab).
  const handleToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-toolbar-item]'),
    ].filter((button) => !button.disabled);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowRight' ? index + 1 : index - 1;
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div data-slot="rich-text-editor" className="flex flex-col gap-1">
      {/* The editable area carries the label as aria-label (a contenteditable takes no <label>). */}
      <span className="w-fit text-sm font-medium text-neutral-800">{label}</span>
      {description && (
        <p id={descriptionId} className="text-sm text-neutral-600">
          {description}
        </p>
      )}
      <div
        className={cn(
          'overflow-visible rounded-[var(--radius-control)] border bg-white transition-colors',
          error ? 'border-danger-600' : 'border-neutral-300 focus-within:border-brand-600',
          disabled && 'bg-neutral-50 opacity-70',
        )}
      >
        <div
          role="toolbar"
          aria-label={t('editor.toolbar')}
          onKeyDown={handleToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 border-b border-neutral-200 px-1 py-1"
        >
          <ToolbarButton
            label={t('editor.bold')}
            pressed={state.bold}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleBold())}
          >
            <ToolbarIcon name="bold" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.italic')}
            pressed={state.italic}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleItalic())}
          >
            <ToolbarIcon name="italic" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.underline')}
            pressed={state.underline}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleUnderline())}
          >
            <ToolbarIcon name="underline" />
          </ToolbarButton>
          <Separator />
          <ToolbarButton
            label={t('editor.heading2')}
            pressed={state.heading2}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleHeading({ level: 2 }))}
          >
            <ToolbarIcon name="heading2" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.heading3')}
            pressed={state.heading3}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleHeading({ level: 3 }))}
          >
            <ToolbarIcon name="heading3" />
          </ToolbarButton>
          <Separator />
          <ToolbarButton
            label={t('editor.bulletList')}
            pressed={state.bulletList}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleBulletList())}
          >
            <ToolbarIcon name="bulletList" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.orderedList')}
            pressed={state.orderedList}
            disabled={disabled}
            onPress={() => run((chain) => chain.toggleOrderedList())}
          >
            <ToolbarIcon name="orderedList" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.link')}
            pressed={state.link}
            disabled={disabled}
            onPress={() => setLinkOpen((open) => !open)}
          >
            <ToolbarIcon name="link" />
          </ToolbarButton>
          <Separator />
          <ToolbarButton
            label={t('editor.undo')}
            disabled={disabled || !state.canUndo}
            onPress={() => run((chain) => chain.undo())}
          >
            <ToolbarIcon name="undo" />
          </ToolbarButton>
          <ToolbarButton
            label={t('editor.redo')}
            disabled={disabled || !state.canRedo}
            onPress={() => run((chain) => chain.redo())}
          >
            <ToolbarIcon name="redo" />
          </ToolbarButton>
          {placeholders.length > 0 && (
            <>
              <Separator />
              <PlaceholderMenu
                placeholders={placeholders}
                onInsert={insertPlaceholder}
                disabled={disabled}
                open={menuOpen}
                onOpenChange={(open) => {
                  setMenuOpen(open);
                  if (!open) editor.commands.focus();
                }}
              />
            </>
          )}
        </div>
        {linkOpen && !disabled && (
          <LinkForm
            initialHref={state.linkHref}
            hasLink={state.link}
            onApply={(href) => {
              setLinkOpen(false);
              const chain = editor.chain().focus().extendMarkRange('link');
              if (editor.state.selection.empty && !state.link) {
                chain
                  .insertContent({
                    type: 'text',
                    text: href,
                    marks: [{ type: 'link', attrs: { href } }],
                  })
                  .run();
              } else {
                chain.setLink({ href }).run();
              }
            }}
            onRemove={() => {
              setLinkOpen(false);
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
            }}
            onCancel={() => {
              setLinkOpen(false);
              editor.commands.focus();
            }}
          />
        )}
        <div className="overflow-y-auto" style={{ height }}>
          <EditorContent editor={editor} className="h-full [&>div]:min-h-full" />
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Separator() {
  return <span aria-hidden className="mx-1 h-5 w-px bg-neutral-200" />;
}

type ToolbarButtonProps = {
  label: string;
  /** A toggle's state (bold on …); absent for plain actions such as undo. */
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
  children: ReactNode;
};

function ToolbarButton({ label, pressed, disabled, onPress, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      data-toolbar-item
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's focus and selection: the command focuses it again anyway.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={cn(
        'inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm text-neutral-800 hover:bg-neutral-100',
        'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40',
        pressed && 'bg-brand-100 text-brand-900 hover:bg-brand-100',
      )}
    >
      {children}
    </button>
  );
}

type LinkFormProps = {
  initialHref: string;
  hasLink: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
};

function LinkForm({ initialHref, hasLink, onApply, onRemove, onCancel }: LinkFormProps) {
  const { t } = useMailTemplatesTranslation();
  const [href, setHref] = useState(initialHref);
  const apply = () => {
    const trimmed = href.trim();
    if (trimmed) onApply(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
    else onCancel();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-2 py-1.5">
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request to type the address
        autoFocus
        type="url"
        aria-label={t('editor.linkUrl')}
        placeholder="https://"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className="h-8 min-w-48 flex-1 rounded border border-neutral-300 px-2 text-sm focus:border-brand-600 focus:outline-none"
      />
      <button
        type="button"
        onClick={apply}
        className="h-8 rounded bg-brand-600 px-3 text-sm text-white hover:bg-brand-700"
      >
        {t('editor.linkApply')}
      </button>
      {hasLink && (
        <button
          type="button"
          onClick={onRemove}
          className="h-8 rounded px-3 text-sm text-neutral-800 hover:bg-neutral-100"
        >
          {t('editor.linkRemove')}
        </button>
      )}
      <button
        type="button"
        onClick={onCancel}
        className="h-8 rounded px-3 text-sm text-neutral-800 hover:bg-neutral-100"
      >
        {t('editor.linkCancel')}
      </button>
    </div>
  );
}
