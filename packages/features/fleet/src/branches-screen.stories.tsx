import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem, openMenu } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BranchesScreen } from './branches-screen';
import { fleetHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Fleet/BranchesScreen',
  component: BranchesScreen,
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [fleetHandlers.branchesFull, fleetHandlers.priceLists] } },
} satisfies Meta<typeof BranchesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Types by pasting: per-key typing is too slow for the test timeout on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Filiale Mitte', {});
    await canvas.findByText('Standard 2026', {});
    await expect(canvas.getByText('07:00–20:00 Uhr')).toBeInTheDocument();
    await expect(canvas.getByText('90 Min.')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [fleetHandlers.branchesEmpty, fleetHandlers.priceLists] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Filialen angelegt.', {});
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [fleetHandlers.branchesLoading, fleetHandlers.priceLists] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [fleetHandlers.branchesError, fleetHandlers.priceLists] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.', {});
  },
};

export const ReadOnly: Story = {
  parameters: {
    permissions: ['MODULE_COMPANY'],
    msw: {
      handlers: [fleetHandlers.branchesFull, fleetHandlers.priceLists, fleetHandlers.workHours],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Filiale Mitte', {});
    await expect(canvas.queryByRole('button', { name: 'Filiale anlegen' })).toBeNull();
    const hours = await openMenu(
      () => canvas.getByRole('button', { name: 'Aktionen für Filiale Mitte' }),
      'Öffnungszeiten',
    );
    await expect(body().queryByRole('menuitem', { name: 'Bearbeiten' })).toBeNull();
    await userEvent.click(hours);
    const dialog = within(
      await body().findByRole('dialog', { name: 'Öffnungszeiten: Filiale Mitte' }),
    );
    await dialog.findAllByRole('group', { name: 'Montag von' });
    await expect(dialog.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};

/** Opens the row menu of "Filiale Mitte" once the list and its price lists are there. */
async function openRowAction(canvasElement: HTMLElement, action: string) {
  const canvas = within(canvasElement);
  await canvas.findByText('Standard 2026', {});
  await chooseMenuItem(
    () => canvas.getByRole('button', { name: 'Aktionen für Filiale Mitte' }),
    action,
  );
}

async function openNewBranch(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: 'Filiale anlegen' }),
  );
  return within(await body().findByRole('dialog', { name: 'Neue Filiale' }));
}

export const CreatesBranch: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.branchesFull,
        fleetHandlers.priceLists,
        fleetHandlers.createBranchOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openNewBranch(canvasElement);
    await fill(dialog.getByRole('textbox', { name: /^Name/ }), 'Filiale Nord');
    await fill(dialog.getByRole('textbox', { name: /^Kürzel/ }), 'NO');
    await userEvent.click(dialog.getByRole('switch', { name: 'Auf der Website anzeigen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

export const FormValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNewBranch(canvasElement);
    const duration = dialog.getByRole('textbox', { name: /Standarddauer/ });
    await userEvent.clear(duration);
    await fill(duration, '47');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.', {});
    await expect(dialog.getByText('Bitte geben Sie ein Kürzel ein.')).toBeInTheDocument();
    await expect(
      dialog.getByText('Die Dauer liegt zwischen 15 und 240 Minuten, in 5-Minuten-Schritten.'),
    ).toBeInTheDocument();
  },
};

export const NameTaken: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.branchesFull,
        fleetHandlers.priceLists,
        fleetHandlers.createBranchNameTaken,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openNewBranch(canvasElement);
    await fill(dialog.getByRole('textbox', { name: /^Name/ }), 'Filiale Mitte');
    await fill(dialog.getByRole('textbox', { name: /^Kürzel/ }), 'MI2');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Dieser Name wird bereits verwendet.', {});
  },
};

export const EditsOpeningHours: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.branchesFull,
        fleetHandlers.priceLists,
        fleetHandlers.workHours,
        fleetHandlers.saveWorkHoursOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Öffnungszeiten');
    const dialog = within(
      await body().findByRole('dialog', { name: 'Öffnungszeiten: Filiale Mitte' }),
    );
    await userEvent.click(
      await dialog.findByRole('button', { name: 'Zeitraum hinzufügen (Sonntag)' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Zeitraum entfernen (Samstag, 1)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
  },
};

export const OpeningHoursOutsideCorridor: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.branchesFull,
        fleetHandlers.priceLists,
        fleetHandlers.workHours,
        fleetHandlers.saveWorkHoursOutsideCorridor,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Öffnungszeiten');
    const dialog = within(
      await body().findByRole('dialog', { name: 'Öffnungszeiten: Filiale Mitte' }),
    );
    await userEvent.click(await dialog.findByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Die Zeit liegt außerhalb des Arbeitskorridors.', {});
  },
};

export const LastBranchStays: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.branchesFull,
        fleetHandlers.priceLists,
        fleetHandlers.archiveBranchLast,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Archivieren');
    const confirm = within(await body().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Archivieren' }));
    // The global error toast of the query client says why.
    await body().findByText('Die letzte Filiale kann nicht archiviert werden.', {});
  },
};
