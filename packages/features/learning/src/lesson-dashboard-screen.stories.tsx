import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { LessonDashboardScreen } from './lesson-dashboard-screen';
import { dashboardHandlers } from './mocks/dashboard-handlers';

const full = dashboardHandlers();
const editing = dashboardHandlers();

const meta = {
  title: 'Features/Learning/LessonDashboardScreen',
  component: LessonDashboardScreen,
  parameters: { msw: { handlers: [full.handlers.get, full.handlers.put, full.handlers.upload] } },
} satisfies Meta<typeof LessonDashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The projector view: tiles in their order with image, text and button, and the video. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const board = within(await canvas.findByRole('region', { name: 'Kacheln für den Unterricht' }));
    const titles = board.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(titles).toEqual([
      'Heute: Vorfahrt',
      'Lernen zu Hause',
      'Nächste Prüfungstermine',
      'Video zur Stunde',
    ]);
    await expect(board.getByRole('link', { name: 'Zum Lernmodus' })).toHaveAttribute(
      'href',
      'https://fahrschule.example/lernen',
    );
    await expect(board.getByRole('link', { name: 'Video öffnen' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  },
};

/**
 * Editing: a tile moves up, a new one is added with a button (title without address is refused
 * in German), one is removed; the save sends the whole dashboard in the new order.
 */
export const Edit: Story = {
  parameters: {
    msw: { handlers: [editing.handlers.get, editing.handlers.put, editing.handlers.upload] },
  },
  play: async ({ canvasElement }) => {
    const saved = editing.saved;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const form = within(
      await canvas.findByRole('form', { name: 'Unterrichts-Dashboard bearbeiten' }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Kachel 3 nach oben' }));
    await userEvent.click(form.getByRole('button', { name: 'Kachel 1 entfernen' }));
    await userEvent.click(form.getByRole('button', { name: 'Kachel hinzufügen' }));
    const added = within(form.getByRole('listitem', { name: 'Kachel 3' }));
    await userEvent.type(added.getByRole('textbox', { name: /^Titel/ }), 'Erste Hilfe');
    await userEvent.type(
      added.getByRole('textbox', { name: 'Beschriftung des Buttons' }),
      'Kurs buchen',
    );
    await expect(
      added.getByText('Ein Bild können Sie hochladen, sobald die Kachel gespeichert ist.'),
    ).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await added.findByText('Bitte geben Sie die Adresse für den Button ein.');
    await userEvent.type(
      added.getByRole('textbox', { name: 'Adresse des Buttons (https://…)' }),
      'https://erste-hilfe.example',
    );
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await canvas.findByRole('region', { name: 'Kacheln für den Unterricht' });
    await waitFor(() => expect(saved).toHaveLength(1));
    await expect(saved[0]).toEqual({
      widgets: [
        {
          id: 3,
          title: 'Nächste Prüfungstermine',
          text: 'Aushang im Büro.',
          position: 0,
        },
        {
          id: 2,
          title: 'Lernen zu Hause',
          text: 'Übt die Fragen des Kapitels im Lernmodus.',
          buttonTitle: 'Zum Lernmodus',
          buttonUrl: 'https://fahrschule.example/lernen',
          position: 1,
        },
        {
          title: 'Erste Hilfe',
          buttonTitle: 'Kurs buchen',
          buttonUrl: 'https://erste-hilfe.example',
          position: 2,
        },
      ],
      youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    await screen.findByText('Das Unterrichts-Dashboard wurde gespeichert.');
  },
};

/** A video link that is not YouTube is refused at the field. */
export const VideoLinkRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const link = await canvas.findByRole('textbox', { name: 'YouTube-Link' });
    await userEvent.clear(link);
    await userEvent.type(link, 'https://vimeo.com/123');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await canvas.findByText(/Bitte geben Sie einen Link auf YouTube ein/);
  },
};

function pngFile() {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], 'vorfahrt.png', { type: 'image/png' });
}

async function chooseImage(tile: ReturnType<typeof within>) {
  const item = tile.getByRole('button', { name: 'Bild hochladen' }).closest('li');
  const input = item?.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, pngFile());
}

/** An image for a saved tile: chosen, uploaded, shown. */
export const UploadImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const tile = within(await canvas.findByRole('listitem', { name: 'Kachel 2' }));
    await expect(tile.getByText('Noch kein Bild.')).toBeVisible();
    await chooseImage(tile);
    await userEvent.click(tile.getByRole('button', { name: 'Bild hochladen' }));
    await screen.findByText('Das Bild wurde gespeichert.');
    await tile.findByRole('img', { name: 'Aktuelles Bild der Kachel' });
  },
};

/** A broken connection says the spec's sentence at the field and as a snackbar. */
export const UploadFails: Story = {
  parameters: {
    msw: { handlers: [full.handlers.get, full.handlers.uploadBroken] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const tile = within(await canvas.findByRole('listitem', { name: 'Kachel 1' }));
    await chooseImage(tile);
    await userEvent.click(tile.getByRole('button', { name: 'Bild hochladen' }));
    await tile.findByText('Das Hochladen des Bildes ist fehlgeschlagen');
  },
};

/** A refusal of the server shows its reason instead. */
export const UploadRefused: Story = {
  parameters: {
    msw: { handlers: [full.handlers.get, full.handlers.uploadRefused] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Bearbeiten' }));
    const tile = within(await canvas.findByRole('listitem', { name: 'Kachel 1' }));
    await chooseImage(tile);
    await userEvent.click(tile.getByRole('button', { name: 'Bild hochladen' }));
    await expect(
      await tile.findByText('Datei: Dieses Dateiformat ist nicht erlaubt.'),
    ).toBeVisible();
    await expect(tile.queryByText('Das Hochladen des Bildes ist fehlgeschlagen')).toBeNull();
  },
};

/** Without MODULE_THEORY_WRITE the dashboard is only shown. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_THEORY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Heute: Vorfahrt' });
    await expect(canvas.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
  },
};

/** Nothing set up yet: says so, and offers to start (with the write permission). */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [dashboardHandlers({ widgets: [] }).handlers.get] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Noch keine Kacheln');
    await expect(canvas.getAllByRole('button', { name: 'Bearbeiten' }).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [full.handlers.loading] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Das Unterrichts-Dashboard wird geladen …');
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [full.handlers.down] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Das Unterrichts-Dashboard konnte nicht geladen werden.',
    );
  },
};
