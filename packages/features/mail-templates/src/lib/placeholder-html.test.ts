import { Editor } from '@tiptap/core';
// This package lists no Vitest of its own (its package.json is the lead's to change): the one
// the feature tests run with is core's. With `vitest` in devDependencies this becomes 'vitest'.
import { afterEach, describe, expect, it } from 'vitest';
import { templateExtensions } from '../components/editor-extensions';
import { createPlaceholderLabels } from '../components/placeholder-node';
import {
  type EmailPlaceholder,
  fillExample,
  fillSubjectExample,
  placeholderKeys,
  placeholdersToChips,
} from './placeholder-html';

const placeholders: EmailPlaceholder[] = [
  { key: 'student.firstName', description: 'Vorname des Fahrschülers', example: 'Lena' },
  { key: 'school.name', description: 'Name der Fahrschule', example: 'Fahrschule <Sonne> & Co' },
];

const chip = (key: string) => `<span data-placeholder="${key}">{{ ${key} }}</span>`;

let editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

/** The editor as `RichTextEditor` makes it, loaded the way it loads a value. */
function editorWith(html: string): Editor {
  const labels = createPlaceholderLabels();
  labels.set(new Map(placeholders.map((p) => [p.key, p.description])));
  const editor = new Editor({
    extensions: templateExtensions(labels),
    content: placeholdersToChips(html),
  });
  editors.push(editor);
  return editor;
}

const chipsIn = (editor: Editor) => {
  const keys: string[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'emailPlaceholder') keys.push(String(node.attrs.key));
  });
  return keys;
};

describe('placeholdersToChips', () => {
  it('wraps `{{ key }}` text, with or without spaces, in the placeholder span', () => {
    expect(placeholdersToChips('<p>Hallo {{student.firstName}}, {{ school.name }}!</p>')).toBe(
      `<p>Hallo ${chip('student.firstName')}, ${chip('school.name')}!</p>`,
    );
  });

  it('leaves existing spans, attributes, code and text without placeholders alone', () => {
    const html = `<p>${chip('school.name')} <a href="https://x.de/?q={{ student.firstName }}">Link</a> <code>{{ a.b }}</code> {{ }}</p>`;
    expect(placeholdersToChips(html)).toBe(html);
    expect(placeholdersToChips('<p>Ohne</p>')).toBe('<p>Ohne</p>');
  });
});

describe('HTML ⇄ chips in the editor', () => {
  it('reads a saved span back as one atomic chip and writes it out unchanged', () => {
    const html = `<p>Hallo ${chip('student.firstName')}, willkommen bei ${chip('school.name')}.</p>`;
    const editor = editorWith(html);
    expect(chipsIn(editor)).toEqual(['student.firstName', 'school.name']);
    expect(editor.getHTML()).toBe(html);
  });

  it('turns plain `{{ key }}` text (a template saved elsewhere) into chips', () => {
    const editor = editorWith(
      '<p>Hallo {{student.firstName}}</p><ul><li><p>{{ school.name }}</p></li></ul>',
    );
    expect(chipsIn(editor)).toEqual(['student.firstName', 'school.name']);
    expect(editor.getHTML()).toBe(
      `<p>Hallo ${chip('student.firstName')}</p><ul><li><p>${chip('school.name')}</p></li></ul>`,
    );
  });

  it('is stable: saving what was loaded gives the same HTML again', () => {
    const first = editorWith('<p><strong>Hallo</strong> {{ student.firstName }}</p>').getHTML();
    expect(editorWith(first).getHTML()).toBe(first);
  });

  it('shows the description in the chip, not the braces', () => {
    const editor = editorWith('<p>{{ student.firstName }}</p>');
    const shown = editor.view.dom.querySelector('[data-placeholder-chip]');
    expect(shown?.textContent).toBe('Vorname des Fahrschülers');
    expect(shown?.getAttribute('contenteditable')).toBe('false');
  });

  it('inserts a chip as `{{ key }}` and deletes it with one Backspace', () => {
    const editor = editorWith('<p>Hallo</p>');
    editor.chain().focus('end').insertContent(' ').insertPlaceholder('student.firstName').run();
    expect(editor.getHTML()).toBe(`<p>Hallo ${chip('student.firstName')}</p>`);
    editor.commands.keyboardShortcut('Backspace');
    expect(editor.getHTML()).toBe('<p>Hallo </p>');
    expect(chipsIn(editor)).toEqual([]);
  });

  it('drops what a template may not hold (scripts, event attributes)', () => {
    const editor = editorWith('<p onclick="x()">Hi<script>alert(1)</script> {{ school.name }}</p>');
    expect(editor.getHTML()).toBe(`<p>Hi ${chip('school.name')}</p>`);
  });
});

describe('examples', () => {
  it('fills spans and plain placeholders with their escaped examples; unknown ones stay', () => {
    expect(
      fillExample(`<p>${chip('student.firstName')} {{school.name}} {{ x.y }}</p>`, placeholders),
    ).toBe('<p>Lena Fahrschule &lt;Sonne&gt; &amp; Co {{ x.y }}</p>');
  });

  it('fills the subject as plain text', () => {
    expect(fillSubjectExample('Hallo {{ student.firstName }} {{ x.y }}', placeholders)).toBe(
      'Hallo Lena {{ x.y }}',
    );
  });

  it('lists the keys a text uses, each once', () => {
    expect(placeholderKeys('{{ a.b }} {{c}} {{ a.b }}')).toEqual(['a.b', 'c']);
  });
});
