import { mockHttp } from '@fahrwerk/api/mocks';
import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Broadcast } from './api/broadcast-queries';
import { BroadcastDetailScreen } from './broadcast-detail-screen';
import {
  broadcastHandlers,
  deliveringHandlers,
  demoBroadcasts,
  fullHandlers,
} from './mocks/handlers';
import { chooseOption } from './testing/choose-option';

const meta = {
  title: 'Features/Broadcasts/BroadcastDetailScreen',
  component: BroadcastDetailScreen,
  args: { broadcastId: 1, onBack: fn() },
  parameters: { msw: { handlers: fullHandlers } },
} satisfies Meta<typeof BroadcastDetailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const heading = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { level: 1, name });

/** Created: editable and preparable; no recipients yet, no delivery. */
export const Created: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Ferienzeiten Weihnachten');
    await canvas.findByText('Erstellt');
    await canvas.findByText('Filiale Mitte');
    await canvas.findByText('Noch nicht ermittelt – bereiten Sie das Rundschreiben vor.');
    await canvas.findByText('Noch keine Empfänger: Sie werden beim Vorbereiten ermittelt.');
    await expect(canvas.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Löschen' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Veröffentlichen' })).toBeNull();
    await expect(canvas.queryByText('E-Mail-Versand')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück zur Übersicht' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

/** Deleting goes back to the list. */
export const DeleteCreated: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Ferienzeiten Weihnachten');
    await userEvent.click(canvas.getByRole('button', { name: 'Löschen' }));
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
    await waitFor(() => expect(args.onBack).toHaveBeenCalled());
  },
};

/** Prepared: the recipients are known; publishing asks first and says it is final. */
export const Prepared: Story = {
  args: { broadcastId: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Neue Theoriekurse im Januar');
    await canvas.findByText('Vorbereitet');
    await canvas.findByText('B, B197, Angemeldet');
    await canvas.findByText('Die E-Mails gehen ab 01.12.2026 hinaus.');
    const table = within(
      await canvas.findByRole('table', { name: 'Empfänger des Rundschreibens' }),
    );
    await table.findByText('Neumann, Lena');
    await userEvent.click(canvas.getByRole('button', { name: 'Veröffentlichen' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Rundschreiben veröffentlichen?' }),
    );
    await confirm.findByText(/kann nicht rückgängig gemacht werden/);
    await userEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() =>
      expect(
        pageBody().queryByRole('alertdialog', { name: 'Rundschreiben veröffentlichen?' }),
      ).toBeNull(),
    );
  },
};

const delivering = deliveringHandlers();

/** A prepared broadcast whose period is over cannot be published: the view says why. */
export const PreparedPeriodOver: Story = {
  args: { broadcastId: 2 },
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/broadcasts/{id}', ({ response }) =>
          response(200).json({ ...(demoBroadcasts[1] as Broadcast), publishTo: '2020-01-31' }),
        ),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Neue Theoriekurse im Januar');
    await userEvent.click(canvas.getByRole('button', { name: 'Veröffentlichen' }));
    await pageBody().findByText(/war nur bis 31.01.2020 sichtbar/);
    await expect(
      pageBody().queryByRole('alertdialog', { name: 'Rundschreiben veröffentlichen?' }),
    ).toBeNull();
  },
};

/**
 * Published, e-mails going out: the view asks again every few seconds and shows the
 * delivery finished once nothing is pending.
 */
export const PublishedDelivering: Story = {
  args: { broadcastId: 3 },
  parameters: { msw: { handlers: [...delivering.handlers, ...fullHandlers] } },
  beforeEach: () => delivering.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Prüfungstermine Dezember');
    await canvas.findByText('Veröffentlicht');
    await canvas.findByText(
      'Die E-Mails werden verschickt; die Zahlen aktualisieren sich von selbst.',
    );
    const progress = canvas.getByRole('progressbar', { name: 'Fortschritt des E-Mail-Versands' });
    await expect(progress).toHaveAttribute('aria-valuenow', '80');
    await expect(canvas.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Sofort beenden' })).toBeVisible();
    await canvas.findByText('Der Versand ist abgeschlossen.');
    await expect(progress).toHaveAttribute('aria-valuenow', '120');
  },
};

/** Published, some e-mails failed: the reasons are in the recipient list. */
export const PublishedWithFailures: Story = {
  args: { broadcastId: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Glatteis-Hinweis');
    await canvas.findByText(/3 E-Mails konnten nicht zugestellt werden/);
    await canvas.findByText('Alle aktiven Fahrschüler · nur Fast Lane');
    await chooseOption(
      () => canvas.getByRole('button', { name: /E-Mail-Status/ }),
      'Fehlgeschlagen',
    );
    const table = within(canvas.getByRole('table', { name: 'Empfänger des Rundschreibens' }));
    await waitFor(() =>
      expect(table.getAllByText('550 5.1.1 Postfach nicht vorhanden')).toHaveLength(3),
    );
    await expect(table.queryByText('Gesendet')).toBeNull();
  },
};

/** Expired (stopped): what was not sent stays unsent; only archiving is left. */
export const Expired: Story = {
  args: { broadcastId: 5 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Sommerfest');
    await canvas.findByText('Abgelaufen');
    await canvas.findByText('Beendet am');
    await canvas.findByText('Der Versand ist abgeschlossen.');
    await expect(canvas.getByRole('button', { name: 'Archivieren' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Veröffentlichen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Löschen' })).toBeNull();
  },
};

/** Finished (its period passed), sent in the app only: no delivery. */
export const Finished: Story = {
  args: { broadcastId: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Erste-Hilfe-Kurs Oktober');
    await canvas.findByText('Beendet');
    await canvas.findByText('Nur in der App');
    await expect(canvas.queryByText('E-Mail-Versand')).toBeNull();
  },
};

/** Archived: it only comes out of the archive, and stays expired. */
export const Archived: Story = {
  args: { broadcastId: 7 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Alte Öffnungszeiten');
    await canvas.findByText('Archiviert');
    await expect(canvas.queryByRole('button', { name: 'Archivieren' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Aus dem Archiv holen' }));
    await pageBody().findByText(/bleibt Abgelaufen und wird nicht wieder veröffentlicht/);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.getDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Das Rundschreiben konnte nicht geladen werden.');
  },
};

/** Without MODULE_COMMUNICATION_WRITE: no actions but back. */
export const ReadOnly: Story = {
  args: { broadcastId: 2 },
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Neue Theoriekurse im Januar');
    await expect(canvas.queryByRole('button', { name: 'Veröffentlichen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [broadcastHandlers.getLoading, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Zurück zur Übersicht' });
  },
};
