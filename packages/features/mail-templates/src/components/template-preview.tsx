import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo } from 'react';
import { type EmailPlaceholder, fillExample, placeholdersToChips } from '../lib/placeholder-html';
import {
  TEMPLATE_CONTENT_CLASS,
  TEMPLATE_FONT_FAMILY,
  templateExtensions,
} from './editor-extensions';
import { createPlaceholderLabels } from './placeholder-node';

export type TemplatePreviewProps = {
  /** The template's HTML body. */
  html: string;
  /** Their examples fill the placeholders; unknown ones stay as chips with their key. */
  placeholders: readonly EmailPlaceholder[];
  /** Names the preview for assistive technology. */
  label: string;
};

/**
 * A template's body with the placeholders' examples, shown through a read-only editor: the
 * HTML goes through the editor's schema (only paragraphs, marks, lists, links survive), never
 * into `innerHTML`.
 */
export function TemplatePreview({ html, placeholders, label }: TemplatePreviewProps) {
  const labels = useMemo(() => createPlaceholderLabels(), []);
  const content = useMemo(
    () => placeholdersToChips(fillExample(html, placeholders)),
    [html, placeholders],
  );
  const editor = useEditor({
    extensions: templateExtensions(labels),
    content,
    editable: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'document',
        'aria-label': label,
        class: TEMPLATE_CONTENT_CLASS,
        style: `font-family: ${TEMPLATE_FONT_FAMILY}`,
      },
    },
  });
  useEffect(() => {
    editor.commands.setContent(content, { emitUpdate: false });
  }, [editor, content]);
  return (
    <div className="rounded-[var(--radius-control)] border border-neutral-200 bg-white">
      <EditorContent editor={editor} />
    </div>
  );
}
