import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem, openMenu } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CostBearersScreen } from './cost-bearers-screen';
import { archivedEmployer, costBearerHandlers, jobCenter } from './mocks/handlers';

const meta = {
  title: 'Features/CostBearers/CostBearersScreen',
  component: CostBearersScreen,
  args: { onSelect: fn(), onOpenStudent: fn() },
  // The remembered list filter (localStorage) must not leak from one story into the next.
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [costBearerHandlers.list()] } },
} satisfies Meta<typeof CostBearersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Empty: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.list([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Noch keine Kostenträger');
    await expect(canvas.getAllByRole('button', { name: 'Neuer Kostenträger' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.listLoading] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Kostenträger' });
    await expect(within(canvasElement).queryByText('Jobcenter Köln')).toBeNull();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.listFailed] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Auf dem Server ist ein Fehler aufgetreten/);
  },
};

export const Full: Story = {
  parameters: {
    msw: {
      handlers: [
        costBearerHandlers.list(),
        costBearerHandlers.get(),
        costBearerHandlers.educations(),
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Agentur für Arbeit Bonn');
    await expect(canvas.getByText('-790,00 €')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Jobcenter Köln' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(jobCenter.id));
    await canvas.findByRole('heading', { name: 'Jobcenter Köln' });
    await canvas.findByRole('button', { name: 'Becker, Leon öffnen' });
    await userEvent.click(canvas.getByRole('button', { name: 'Becker, Leon öffnen' }));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(301);
  },
};

export const PermissionLimited: Story = {
  parameters: { permissions: ['MODULE_COST_BEARERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Familie Becker');
    await expect(canvas.queryByRole('button', { name: 'Neuer Kostenträger' })).toBeNull();
    await openMenu(
      () => canvas.getByRole('button', { name: 'Aktionen für Familie Becker' }),
      'Öffnen',
    );
    await expect(body().queryByRole('menuitem', { name: 'Archivieren' })).toBeNull();
  },
};

export const ChecksInput: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.list([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [create] = await canvas.findAllByRole('button', { name: 'Neuer Kostenträger' });
    if (!create) throw new Error('no create button');
    await userEvent.click(create);
    const inDialog = within(await body().findByRole('dialog'));
    await userEvent.click(inDialog.getByRole('textbox', { name: 'PLZ' }));
    await userEvent.paste('531');
    await userEvent.click(inDialog.getByRole('textbox', { name: 'IBAN' }));
    await userEvent.paste('DE12');
    await userEvent.click(inDialog.getByRole('button', { name: 'Speichern' }));
    await inDialog.findByText('Bitte geben Sie einen Namen ein.');
    await inDialog.findByText('Bitte geben Sie eine fünfstellige Postleitzahl ein.');
    await inDialog.findByText(/Bitte geben Sie eine gültige IBAN/);
  },
};

export const Creates: Story = {
  // Controlled by the host: the new cost bearer is handed to `onSelect` (the page opens it).
  args: { selectedId: null },
  parameters: { msw: { handlers: [costBearerHandlers.list([]), costBearerHandlers.create] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [create] = await canvas.findAllByRole('button', { name: 'Neuer Kostenträger' });
    if (!create) throw new Error('no create button');
    await userEvent.click(create);
    const inDialog = within(await body().findByRole('dialog'));
    await userEvent.click(inDialog.getByRole('textbox', { name: /^Name/ }));
    await userEvent.paste('Jobcenter Bonn');
    await userEvent.click(inDialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(99));
    await body().findByText('Gespeichert.');
  },
};

export const Archives: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.list(), costBearerHandlers.archive] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für Jobcenter Köln' }),
      'Archivieren',
    );
    const confirm = within(await body().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Archivieren' }));
    await body().findByText('Archiviert.', {});
  },
};

export const ArchivedList: Story = {
  parameters: {
    msw: { handlers: [costBearerHandlers.list([archivedEmployer]), costBearerHandlers.archive] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Spedition Hansen GmbH');
    await chooseMenuItem(
      () => canvas.getByRole('button', { name: 'Aktionen für Spedition Hansen GmbH' }),
      'Aus dem Archiv holen',
    );
    await body().findByText('Aus dem Archiv geholt.', {});
  },
};
