import { chooseMenuItem, openMenu, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BroadcastsScreen } from './broadcasts-screen';
import { broadcastHandlers, fullHandlers, lookupHandlers, recordingCreate } from './mocks/handlers';
import { chooseOption } from './testing/choose-option';

const meta = {
  title: 'Features/Broadcasts/BroadcastsScreen',
  component: BroadcastsScreen,
  args: { onSelect: fn() },
  parameters: { msw: { handlers: fullHandlers } },
  // Each story starts from the unfiltered list (the filter is remembered per browser).
  beforeEach: () => localStorage.removeItem('fahrwerk.filter.broadcast'),
} satisfies Meta<typeof BroadcastsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const actionsOf = (canvasElement: HTMLElement, name: string) => () =>
  within(canvasElement).findByRole('button', { name: `Aktionen für „${name}“` });

/** Every state has its badge; a name opens the broadcast. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    const table = within(canvas.getByRole('table', { name: 'Rundschreiben' }));
    for (const state of ['Erstellt', 'Vorbereitet', 'Abgelaufen', 'Beendet']) {
      await expect(table.getByText(state)).toBeVisible();
    }
    await expect(table.getAllByText('Veröffentlicht')).toHaveLength(2);
    await expect(table.getAllByText('bis zum Beenden')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: '„Glatteis-Hinweis“ öffnen' }));
    await expect(args.onSelect).toHaveBeenCalledWith(4);
  },
};

/** The state filter asks the server for that state only. */
export const FilterByState: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    // The select's name is its value and label ("Alle Status"); the column header is "Status".
    await chooseOption(
      () => canvas.getByRole('button', { name: /Alle.*Status/ }),
      'Veröffentlicht',
    );
    await waitFor(() => expect(canvas.queryByText('Ferienzeiten Weihnachten')).toBeNull());
    await canvas.findByText('Glatteis-Hinweis');
    await canvas.findByText('Prüfungstermine Dezember');
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    await userEvent.type(canvas.getByRole('searchbox', { name: /Suche/ }), 'Sommer');
    await waitFor(() => expect(canvas.queryByText('Ferienzeiten Weihnachten')).toBeNull());
    await canvas.findByText('Sommerfest');
  },
};

/** Archived broadcasts come with their badge and can only come out of the archive. */
export const Archived: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    await userEvent.click(canvas.getByRole('switch', { name: 'Archivierte anzeigen' }));
    await canvas.findByText('Alte Öffnungszeiten');
    await canvas.findByText('Archiviert');
    const unarchive = await openMenu(
      actionsOf(canvasElement, 'Alte Öffnungszeiten'),
      'Aus dem Archiv holen',
    );
    await expect(pageBody().queryByRole('menuitem', { name: 'Veröffentlichen' })).toBeNull();
    await expect(pageBody().queryByRole('menuitem', { name: 'Löschen' })).toBeNull();
    await userEvent.click(unarchive);
    await pageBody().findByText(
      'Aus dem Archiv geholt; das Rundschreiben bleibt Abgelaufen und wird nicht wieder veröffentlicht.',
    );
  },
};

export const Paging: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.pageMany, ...lookupHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Rundschreiben 1');
    await userEvent.click(canvas.getByRole('button', { name: /nächste Seite/i }));
    await canvas.findByText('Rundschreiben 26');
    await waitFor(() => expect(canvas.queryByText('Rundschreiben 1')).toBeNull());
  },
};

const created = recordingCreate();

/**
 * A new broadcast: the number of students the group reaches follows the choices (everyone,
 * one branch, fast lane: nobody); required fields in German; then it saves, the text as HTML
 * from the editor, the group narrowed to the branch.
 */
export const Create: Story = {
  parameters: { msw: { handlers: [created.handler, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    created.sent.length = 0;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Rundschreiben' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neues Rundschreiben' }));
    await dialog.findByText('Erreicht derzeit 120 Fahrschüler.');
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Filiale Mitte' }));
    await dialog.findByText('Erreicht derzeit 48 Fahrschüler.');
    await userEvent.click(dialog.getByRole('switch', { name: /Nur Fast Lane/ }));
    await dialog.findByText('Diese Auswahl erreicht derzeit keine Fahrschüler.');
    await userEvent.click(dialog.getByRole('switch', { name: /Nur Fast Lane/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.');
    await dialog.findByText('Bitte geben Sie einen Betreff ein.');
    await dialog.findByText('Bitte geben Sie einen Text ein.');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Elternabend');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Einladung');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Text' }), 'Hallo');
    await userEvent.click(dialog.getByRole('switch', { name: 'Auch per E-Mail senden' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
    await expect(created.sent.at(-1)).toMatchObject({
      name: 'Elternabend',
      subject: 'Einladung',
      body: '<p>Hallo</p>',
      recipientGroup: { branchIds: [1] },
      fastlane: false,
      sendEmail: true,
    });
  },
};

/** A new broadcast from a template takes its subject and text (and its name). */
export const CreateFromTemplate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Rundschreiben' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neues Rundschreiben' }));
    await chooseOption(
      () => dialog.findByRole('button', { name: /Vorlage übernehmen/ }),
      'Wetterwarnung',
    );
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue(
        'Fahrstunden bei Unwetter',
      ),
    );
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Wetterwarnung');
    await expect(dialog.getByRole('textbox', { name: 'Text' })).toHaveTextContent(
      'Bei Unwetter verschieben wir Fahrstunden kostenlos.',
    );
  },
};

/** The server refuses a branch of the group: its German message appears at the branches. */
export const CreateRefused: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.createRefused, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Rundschreiben' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neues Rundschreiben' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Elternabend');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Einladung');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Text' }), 'Wir laden ein.');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    const branches = await dialog.findByRole('group', { name: /^Filialen/ });
    await within(branches).findByText('Der gewählte Eintrag existiert nicht.');
  },
};

/** A prepared broadcast can still change; the dialog says it returns to "Erstellt". */
export const EditPrepared: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Neue Theoriekurse im Januar'), 'Bearbeiten');
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Rundschreiben bearbeiten' }),
    );
    await dialog.findByText(/Nach einer Änderung ist es wieder „Erstellt“/);
    await expect(dialog.getByRole('checkbox', { name: 'B197' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Angemeldet' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
  },
};

/** Published broadcasts cannot be edited or deleted; they can be stopped. */
export const ActionsByState: Story = {
  play: async ({ canvasElement }) => {
    const stop = await openMenu(actionsOf(canvasElement, 'Glatteis-Hinweis'), 'Sofort beenden');
    await expect(pageBody().queryByRole('menuitem', { name: 'Bearbeiten' })).toBeNull();
    await expect(pageBody().queryByRole('menuitem', { name: 'Löschen' })).toBeNull();
    await expect(pageBody().queryByRole('menuitem', { name: 'Veröffentlichen' })).toBeNull();
    await expect(stop).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(pageBody().queryByRole('menu')).toBeNull());
    await openMenu(actionsOf(canvasElement, 'Ferienzeiten Weihnachten'), 'Vorbereiten');
    await expect(pageBody().getByRole('menuitem', { name: 'Löschen' })).toBeVisible();
    await expect(pageBody().queryByRole('menuitem', { name: 'Veröffentlichen' })).toBeNull();
  },
};

export const Prepare: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Ferienzeiten Weihnachten'), 'Vorbereiten');
    await pageBody().findByText('Vorbereitet: 48 Empfänger.');
  },
};

/** Preparing a group that reaches nobody: the server's refusal in German. */
export const PrepareNoRecipients: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.prepareNoRecipients, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Ferienzeiten Weihnachten'), 'Vorbereiten');
    await pageBody().findByText('Das Rundschreiben hat keine Empfänger.');
  },
};

/** Publishing asks first and says that it cannot be undone. */
export const PublishConfirmation: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      actionsOf(canvasElement, 'Neue Theoriekurse im Januar'),
      'Veröffentlichen',
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Rundschreiben veröffentlichen?' }),
    );
    await confirm.findByText('Es erreicht 48 Empfänger.');
    await confirm.findByText(/kann nicht rückgängig gemacht werden/);
    await confirm.findByText(/Die E-Mails gehen ab 01.12.2026/);
    await userEvent.click(confirm.getByRole('button', { name: 'Endgültig veröffentlichen' }));
    await pageBody().findByText('Das Rundschreiben ist veröffentlicht.');
  },
};

/** Stopping asks first: it ends the publication at once. */
export const Stop: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Prüfungstermine Dezember'), 'Sofort beenden');
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Veröffentlichung beenden?' }),
    );
    await confirm.findByText(/wird sofort nicht mehr angezeigt/);
    await userEvent.click(confirm.getByRole('button', { name: 'Sofort beenden' }));
    await pageBody().findByText('Die Veröffentlichung ist beendet.');
  },
};

/** Archiving a published broadcast says that it stops it. */
export const ArchivePublished: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Glatteis-Hinweis'), 'Archivieren');
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Rundschreiben archivieren?' }),
    );
    await confirm.findByText(/beendet die Veröffentlichung sofort/);
    await userEvent.click(confirm.getByRole('button', { name: 'Archivieren' }));
    await pageBody().findByText('Archiviert.');
  },
};

export const Delete: Story = {
  play: async ({ canvasElement }) => {
    await chooseMenuItem(actionsOf(canvasElement, 'Ferienzeiten Weihnachten'), 'Löschen');
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Rundschreiben löschen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.pageEmpty, ...lookupHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Rundschreiben angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.pageLoading, ...lookupHandlers] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.pageDown, ...lookupHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Rundschreiben konnten nicht geladen werden.');
  },
};

/** MODULE_COMMUNICATION without _WRITE: no new button, the menu only opens. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    await canvas.findByText('Sie können Rundschreiben ansehen, aber nicht ändern.');
    await expect(canvas.queryByRole('button', { name: 'Neues Rundschreiben' })).toBeNull();
    await openMenu(actionsOf(canvasElement, 'Ferienzeiten Weihnachten'), 'Öffnen');
    await expect(pageBody().queryByRole('menuitem', { name: 'Bearbeiten' })).toBeNull();
  },
};

/** The texts in English (the toolbar's language). */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ferienzeiten Weihnachten');
    await canvas.findByRole('heading', { name: 'Broadcasts' });
    const table = within(canvas.getByRole('table', { name: 'Broadcasts' }));
    await expect(table.getByText('Prepared')).toBeVisible();
    await expect(table.getAllByText('until stopped')).toHaveLength(2);
  },
};
