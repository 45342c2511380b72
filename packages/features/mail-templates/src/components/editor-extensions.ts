import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { type PlaceholderLabels, PlaceholderNode } from './placeholder-node';

/** The default font of templates (spec 001 §9); mail clients get it from the sent mail. */
export const TEMPLATE_FONT_FAMILY = 'Helvetica, Arial, sans-serif';

/** The editor's fixed height in pixels; longer texts scroll. */
export const DEFAULT_EDITOR_HEIGHT = 335;

/**
 * What a template may contain: paragraphs, bold, italic, underline, h2/h3, lists, links and
 * placeholders (TipTap's MIT StarterKit and one node of our own; no Pro extensions).
 */
export function templateExtensions(labels: PlaceholderLabels): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      strike: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
      },
    }),
    PlaceholderNode.configure({ labels }),
  ];
}

/** Typography of the editable area and the preview (Tailwind's reset removes list markers). */
export const TEMPLATE_CONTENT_CLASS = [
  'min-h-full px-3 py-2 text-sm leading-relaxed text-neutral-900 outline-none',
  '[&_p]:my-1 [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:font-semibold',
  '[&_ul]:my-1 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_a]:text-brand-700 [&_a]:underline',
].join(' ');
