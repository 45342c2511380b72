import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoPlaceholders } from '../mocks/placeholders';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

/** The editor as a form holds it: the value follows `onChange`. */
function ControlledEditor(props: RichTextEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div className="max-w-2xl">
      <RichTextEditor
        {...props}
        value={value}
        onChange={(html) => {
          setValue(html);
          props.onChange(html);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Features/MailTemplates/RichTextEditor',
  component: RichTextEditor,
  args: {
    label: 'Text',
    value:
      '<p>Hallo <span data-placeholder="student.firstName">{{ student.firstName }}</span>,</p><p>Ihr nächster Termin ist am {{ appointment.date }}.</p>',
    placeholders: demoPlaceholders,
    onChange: fn(),
  },
  render: (args) => <ControlledEditor {...args} />,
} satisfies Meta<typeof RichTextEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

const lastHtml = (onChange: unknown) => {
  const calls = (onChange as ReturnType<typeof fn>).mock.calls;
  return String(calls.at(-1)?.[0] ?? '');
};

/** Saved placeholders (span and plain `{{ key }}`) show as chips with their description. */
export const WithPlaceholders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textbox = await canvas.findByRole('textbox', { name: 'Text' });
    await expect(textbox).toHaveAttribute('aria-multiline', 'true');
    await within(textbox).findByText('Vorname des Fahrschülers');
    await within(textbox).findByText('Datum des Termins');
    await expect(textbox).not.toHaveTextContent('{{');
    await expect(canvas.getByRole('toolbar', { name: 'Formatierung' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Fett' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

export const Empty: Story = {
  args: { value: '' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('textbox', { name: 'Text' });
  },
};

/** "Platzhalter einfügen" lists the placeholders; the menu stays open to be seen. */
export const PlaceholderMenuOpen: Story = {
  args: { value: '<p>Hallo </p>' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Text' });
    await userEvent.click(canvas.getByRole('button', { name: /Platzhalter einfügen/ }));
    const menu = within(await body().findByRole('menu', { name: 'Platzhalter einfügen' }));
    await menu.findByRole('menuitem', { name: /Vorname des Fahrschülers/ });
    await expect(menu.getAllByRole('menuitem')).toHaveLength(demoPlaceholders.length);
  },
};

/**
 * Inserting a placeholder writes `{{ student.firstName }}` into the HTML; one Backspace
 * deletes the whole chip.
 */
export const InsertAndDeletePlaceholder: Story = {
  args: { value: '<p>Hallo </p>' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const textbox = await canvas.findByRole('textbox', { name: 'Text' });
    await userEvent.click(canvas.getByRole('button', { name: /Platzhalter einfügen/ }));
    await userEvent.click(
      await body().findByRole('menuitem', { name: /Vorname des Fahrschülers/ }),
    );
    await within(textbox).findByText('Vorname des Fahrschülers');
    await waitFor(() => expect(lastHtml(args.onChange)).toContain('{{ student.firstName }}'));
    await expect(lastHtml(args.onChange)).toContain('data-placeholder="student.firstName"');
    await waitFor(() => expect(textbox).toHaveFocus());
    await userEvent.keyboard('{Backspace}');
    await waitFor(() =>
      expect(within(textbox).queryByText('Vorname des Fahrschülers')).not.toBeInTheDocument(),
    );
    await expect(lastHtml(args.onChange)).not.toContain('{{');
    await expect(lastHtml(args.onChange)).toContain('Hallo');
  },
};

/** Typing `{{` opens the placeholder menu; the choice replaces the braces with a chip. */
export const TypeBracesForMenu: Story = {
  args: { value: '<p>Hallo</p>' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const textbox = await canvas.findByRole('textbox', { name: 'Text' });
    await userEvent.click(textbox);
    await waitFor(() => expect(textbox).toHaveFocus());
    // `{` starts a key name in user-event's syntax; `{{` is one literal brace.
    await userEvent.keyboard('{{{{');
    const item = await body().findByRole('menuitem', { name: /Name der Fahrschule/ });
    await userEvent.click(item);
    await within(textbox).findByText('Name der Fahrschule');
    await waitFor(() => expect(lastHtml(args.onChange)).toContain('{{ school.name }}'));
    const outsideChips = lastHtml(args.onChange).replace(/<span[^>]*>[^<]*<\/span>/g, '');
    await expect(outsideChips).toBe('<p>Hallo</p>');
  },
};

/** Bold on a selection, its state shown through aria-pressed. */
export const Formatting: Story = {
  args: { value: '<p>Wichtig</p>' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const textbox = await canvas.findByRole('textbox', { name: 'Text' });
    await userEvent.click(textbox);
    await waitFor(() => expect(textbox).toHaveFocus());
    await userEvent.keyboard('{Control>}a{/Control}');
    const bold = canvas.getByRole('button', { name: 'Fett' });
    await userEvent.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><strong>Wichtig</strong></p>'));
  },
};

export const WithError: Story = {
  args: { error: 'Unbekannter Platzhalter.' },
  play: async ({ canvasElement }) => {
    const textbox = await within(canvasElement).findByRole('textbox', { name: 'Text' });
    await expect(textbox).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox).toHaveAccessibleDescription('Unbekannter Platzhalter.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textbox = await canvas.findByRole('textbox', { name: 'Text' });
    await expect(textbox).toHaveAttribute('contenteditable', 'false');
    await expect(canvas.getByRole('button', { name: 'Fett' })).toBeDisabled();
  },
};

/** Every state side by side: empty, with chips, invalid, disabled, short. */
export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-5xl gap-6 md:grid-cols-2">
      <ControlledEditor {...args} label="Leer" value="" />
      <ControlledEditor {...args} label="Mit Platzhaltern" />
      <ControlledEditor {...args} label="Fehlerhaft" error="Unbekannter Platzhalter." />
      <ControlledEditor {...args} label="Gesperrt" disabled />
      <ControlledEditor {...args} label="Niedrig" height={120} />
      <ControlledEditor {...args} label="Ohne Platzhalter" placeholders={[]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Leer' });
    await expect(canvas.getAllByRole('textbox')).toHaveLength(6);
    await expect(canvas.getAllByRole('button', { name: /Platzhalter einfügen/ })).toHaveLength(5);
  },
};
