import { mockHttp } from '@fahrwerk/api/mocks';
import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EmailTemplatesScreen } from './email-templates-screen';
import { emptyHandlers, fullHandlers, templateHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/MailTemplates/EmailTemplatesScreen',
  component: EmailTemplatesScreen,
  args: { onSectionChange: fn() },
  parameters: { msw: { handlers: fullHandlers } },
} satisfies Meta<typeof EmailTemplatesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowActions = (name: string) => () =>
  pageBody().findByRole('button', { name: `Aktionen für „${name}“` });

/** The templates with their group; the sections as tabs. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Prüfungstermin');
    await canvas.findByText('Terminerinnerung');
    await canvas.findByText('Ihr Prüfungstermin am {{ exam.date }}');
    await canvas.findByRole('cell', { name: 'Prüfungen' });
    await expect(canvas.getByRole('tab', { name: 'Vorlagen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: emptyHandlers } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Vorlagen angelegt.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [templateHandlers.listLoading, ...fullHandlers] },
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [templateHandlers.listDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Vorlagen konnten nicht geladen werden.');
  },
};

/** Read-only without MODULE_COMMUNICATION_WRITE: no "Neue Vorlage", only the preview. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Prüfungstermin');
    await canvas.findByText('Sie können Vorlagen ansehen, aber nicht ändern.');
    await expect(canvas.queryByRole('button', { name: 'Neue Vorlage' })).toBeNull();
  },
};

/** A group chosen: its templates come from `GET /email-templates/{categoryId}`. */
export const FilteredByCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Willkommen');
    await userEvent.click(canvas.getByRole('button', { name: /Vorlagengruppe/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Termine' }));
    await waitFor(() => expect(canvas.queryByText('Willkommen')).toBeNull());
    await canvas.findByText('Terminerinnerung');
  },
};

/**
 * Editing: the saved placeholders show as chips; a placeholder goes into the subject as
 * text and into the text as a chip; the save sends `{{ key }}`.
 */
export const Editing: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.put('/email-templates/{id}', async ({ request, response }) => {
          const body = await request.json();
          if (!body.subject.includes('{{ student.lastName }}'))
            return response(500).json({} as never);
          if (!body.body.includes('{{ student.firstName }}'))
            return response(500).json({} as never);
          return response(200).json({
            ...body,
            id: 12,
            createdAt: '2026-10-06T09:00:00Z',
            updatedAt: '2026-11-27T09:00:00Z',
          });
        }),
        ...fullHandlers,
      ],
    },
  },
  play: async () => {
    await chooseMenuItem(rowActions('Terminerinnerung'), 'Bearbeiten');
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Vorlage bearbeiten' }));
    const text = await dialog.findByRole('textbox', { name: 'Text' });
    await within(text).findByText('Vorname des Fahrschülers');
    await within(text).findByText('Beginn des Termins');

    const subject = dialog.getByRole('textbox', { name: /^Betreff/ });
    await userEvent.click(subject);
    await userEvent.keyboard('{End}');
    await userEvent.click(
      dialog.getByRole('button', { name: 'Platzhalter in den Betreff einfügen' }),
    );
    await userEvent.click(
      await pageBody().findByRole('menuitem', { name: /Nachname des Fahrschülers/ }),
    );
    await waitFor(() =>
      expect(subject).toHaveValue(
        'Erinnerung: Fahrstunde am {{ appointment.date }}{{ student.lastName }}',
      ),
    );

    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** The placeholder menu of the text, open. */
export const PlaceholderMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Neue Vorlage' }),
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await dialog.findByRole('textbox', { name: 'Text' });
    await userEvent.click(await dialog.findByRole('button', { name: 'Platzhalter einfügen' }));
    const menu = within(await pageBody().findByRole('menu', { name: 'Platzhalter einfügen' }));
    await menu.findByRole('menuitem', { name: /Vorname des Fahrschülers/ });
  },
};

/** A new template with a placeholder in the text: the request carries `{{ student.firstName }}`. */
export const CreateWithPlaceholder: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/email-templates', async ({ request, response }) => {
          const body = await request.json();
          if (
            !body.body.includes(
              '<span data-placeholder="student.firstName">{{ student.firstName }}</span>',
            )
          )
            return response(500).json({} as never);
          return response(201).json({
            ...body,
            id: 99,
            createdAt: '2026-11-27T09:00:00Z',
            updatedAt: '2026-11-27T09:00:00Z',
          });
        }),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Neue Vorlage' }),
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Gruß');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Hallo');
    await dialog.findByRole('textbox', { name: 'Text' });
    await userEvent.click(dialog.getByRole('button', { name: 'Platzhalter einfügen' }));
    await userEvent.click(
      await pageBody().findByRole('menuitem', { name: /Vorname des Fahrschülers/ }),
    );
    await within(dialog.getByRole('textbox', { name: 'Text' })).findByText(
      'Vorname des Fahrschülers',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** The server refuses an unknown placeholder: its German message at the text field. */
export const ValidationError: Story = {
  parameters: {
    msw: { handlers: [templateHandlers.updateUnknownPlaceholder, ...fullHandlers] },
  },
  play: async () => {
    await chooseMenuItem(rowActions('Willkommen'), 'Bearbeiten');
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Vorlage bearbeiten' }));
    await dialog.findByRole('textbox', { name: 'Text' });
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Unbekannter Platzhalter.');
    await expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** The same for the text (body) of a new template, shown below the editor. */
export const BodyValidationError: Story = {
  parameters: {
    msw: { handlers: [templateHandlers.createUnknownPlaceholder, ...fullHandlers] },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Neue Vorlage' }),
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlage' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Gruß');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Hallo');
    await userEvent.click(dialog.getByRole('button', { name: 'Platzhalter einfügen' }));
    await userEvent.click(await pageBody().findByRole('menuitem', { name: /Name der Fahrschule/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const text = dialog.getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    await expect(text).toHaveAccessibleDescription('Unbekannter Platzhalter.');
  },
};

/** The preview fills the placeholders with their examples. */
export const Preview: Story = {
  play: async () => {
    await chooseMenuItem(rowActions('Prüfungstermin'), 'Vorschau');
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Vorschau: Prüfungstermin' }),
    );
    await dialog.findByText('Ihr Prüfungstermin am 03.12.2026');
    const text = await dialog.findByRole('document', { name: 'Text der Vorschau' });
    await within(text).findByText(/Liebe Lena/);
    await within(text).findByText(/Fahrschule Sonnenschein/);
    await expect(text).not.toHaveTextContent('{{');
  },
};

export const DeleteTemplate: Story = {
  play: async () => {
    await chooseMenuItem(rowActions('Willkommen'), 'Löschen');
    const dialog = within(await pageBody().findByRole('alertdialog'));
    await dialog.findByText('Die Vorlage „Willkommen“ wird endgültig gelöscht.');
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
  },
};

/** The template groups with their number of templates; a new one by name. */
export const Categories: Story = {
  args: { section: 'categories' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Vorlagengruppen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await canvas.findByText('Zahlungen');
    await canvas.findAllByText('1 Vorlage');
    await canvas.findByText('0 Vorlagen');
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Vorlagengruppe' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neue Vorlagengruppe' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Mahnungen');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** A group that still holds templates: the server's refusal shows in the dialog. */
export const CategoryDeleteRefused: Story = {
  args: { section: 'categories' },
  parameters: {
    msw: { handlers: [templateHandlers.removeCategoryInUse, ...fullHandlers] },
  },
  play: async () => {
    await chooseMenuItem(rowActions('Prüfungen'), 'Löschen');
    const dialog = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Die Kategorie enthält noch Vorlagen.',
    );
  },
};

/** The placeholder reference: how to write each, what it means, an example. */
export const Placeholders: Story = {
  args: { section: 'placeholders' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('{{ student.firstName }}');
    await canvas.findByText('Vorname des Fahrschülers');
    await canvas.findByText('Fahrschule Sonnenschein');
    await userEvent.click(canvas.getByRole('tab', { name: 'Vorlagen' }));
    await expect(args.onSectionChange).toHaveBeenCalledWith('templates');
  },
};
