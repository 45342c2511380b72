import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_TODAY, fleetHandlers } from './mocks/handlers';
import { VehiclesScreen } from './vehicles-screen';

const meta = {
  title: 'Features/Fleet/VehiclesScreen',
  component: VehiclesScreen,
  args: { today: FIXTURE_TODAY },
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [fleetHandlers.vehiclesFull] } },
} satisfies Meta<typeof VehiclesScreen>;

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
    await canvas.findByText('Golf 8 Automatik', {});
    await expect(canvas.getByText('HU fällig am 20.03.2026')).toBeInTheDocument();
    await expect(canvas.getByText('HU überfällig seit 10.02.2026')).toBeInTheDocument();
    await expect(canvas.getByText('SP fällig am 15.03.2026')).toBeInTheDocument();
    // More than 30 days ahead: the plain date, no badge.
    await expect(canvas.getByText('31.05.2027')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Fahrzeug anlegen' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [fleetHandlers.vehiclesEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Fahrzeuge angelegt.', {});
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [fleetHandlers.vehiclesLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [fleetHandlers.vehiclesError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.', {});
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Golf 8 Automatik', {});
    await expect(canvas.getByText('Sie dürfen diese Daten nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Fahrzeug anlegen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};

export const UsageRequirementsOfClass: Story = {
  parameters: {
    msw: { handlers: [fleetHandlers.vehiclesFull, fleetHandlers.usageRequirements] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Golf 8 Automatik', {});
    await userEvent.click(canvas.getByRole('button', { name: /Klasse/ }));
    await userEvent.click(await body().findByRole('option', { name: 'BE' }));
    await canvas.findByRole('heading', { name: 'Fahrzeugbedarf Klasse BE' });
    await expect(canvas.getByText('Anhänger: Anhänger')).toBeInTheDocument();
  },
};

async function openNewVehicle(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Fahrzeug anlegen' }));
  return within(await body().findByRole('dialog', { name: 'Neues Fahrzeug' }));
}

export const CreatesVehicle: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.vehiclesFull,
        fleetHandlers.branchesFull,
        fleetHandlers.createVehicleOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openNewVehicle(canvasElement);
    await fill(dialog.getByRole('textbox', { name: /^Name/ }), 'Golf Schalter');
    await fill(dialog.getByRole('textbox', { name: /^Kennzeichen/ }), 'b-fs 4711');
    await expect(dialog.getByRole('textbox', { name: /^Kennzeichen/ })).toHaveValue('B-FS 4711');
    await userEvent.click(dialog.getByRole('button', { name: /Getriebe/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Schaltgetriebe' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'B' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

export const FormValidation: Story = {
  parameters: { msw: { handlers: [fleetHandlers.vehiclesFull, fleetHandlers.branchesFull] } },
  play: async ({ canvasElement }) => {
    const dialog = await openNewVehicle(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.', {});
    await expect(dialog.getByText('Bitte geben Sie das Kennzeichen ein.')).toBeInTheDocument();
    await expect(dialog.getByText('Bitte wählen Sie das Getriebe.')).toBeInTheDocument();
    await expect(
      dialog.getByText('Bitte wählen Sie mindestens eine Ausbildungsklasse.'),
    ).toBeInTheDocument();
    await fill(dialog.getByRole('textbox', { name: /^Kennzeichen/ }), 'BFS1234');
    await fill(dialog.getByRole('textbox', { name: /Fahrgestellnummer/ }), 'WVWZZZ1O');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText(/Bitte geben Sie das Kennzeichen wie auf dem Schild ein/, {});
    await expect(
      dialog.getByText('Die Fahrgestellnummer hat genau 17 Zeichen.'),
    ).toBeInTheDocument();
  },
};

export const PlateTaken: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.vehiclesFull,
        fleetHandlers.branchesFull,
        fleetHandlers.createVehiclePlateTaken,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openNewVehicle(canvasElement);
    await fill(dialog.getByRole('textbox', { name: /^Name/ }), 'Zweiter Golf');
    await fill(dialog.getByRole('textbox', { name: /^Kennzeichen/ }), 'B-FS 1234');
    await userEvent.click(dialog.getByRole('button', { name: /Getriebe/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Automatik' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'B' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Dieses Kennzeichen ist bereits vergeben.', {});
    await expect(dialog.getByRole('textbox', { name: /^Kennzeichen/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const EditsTrailer: Story = {
  parameters: {
    msw: {
      handlers: [
        fleetHandlers.vehiclesFull,
        fleetHandlers.branchesFull,
        fleetHandlers.updateVehicleOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für Tandemanhänger' }),
      'Bearbeiten',
    );
    const dialog = within(await body().findByRole('dialog', { name: 'Fahrzeug bearbeiten' }));
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Tandemanhänger');
    await expect(dialog.getByText('Anhänger haben kein Getriebe.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.', {});
  },
};
