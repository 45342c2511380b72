import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { priceHandlers } from './mocks/handlers';
import { PriceListsScreen } from './price-lists-screen';

const body = () => within(document.body);

const meta = {
  title: 'Features/PriceLists/PriceListsScreen',
  component: PriceListsScreen,
  beforeEach: () => localStorage.removeItem('fahrwerk.filter.priceList'),
  parameters: {
    msw: {
      handlers: [
        priceHandlers.priceListPage,
        priceHandlers.priceList,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
        priceHandlers.createPriceListOk,
      ],
    },
  },
} satisfies Meta<typeof PriceListsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Preisliste 2026');
    await expect(canvas.getByText('Standard')).toBeInTheDocument();
    await expect(canvas.getByText('Vorlage')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [priceHandlers.priceListPageEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Keine Preislisten gefunden.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/price-lists/filter', async ({ response }) => {
          await delay('infinite');
          return response(200).json({ data: [], total: 0 });
        }),
      ],
    },
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [priceHandlers.priceListPageFailed] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Auf dem Server ist ein Fehler aufgetreten/);
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Preisliste 2026');
    await expect(canvas.queryByRole('button', { name: 'Neue Preisliste' })).toBeNull();
  },
};

export const Searches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Preisliste 2026');
    await userEvent.click(canvas.getByLabelText('Preislisten suchen'));
    await userEvent.paste('Studierende');
    await waitFor(() => expect(canvas.queryByText('Vorlage Stadt')).toBeNull());
    await expect(canvas.getByText('Preisliste Studierende 2026')).toBeInTheDocument();
  },
};

export const OpensEditor: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Preisliste 2026' }));
    await canvas.findByText('Preise für Haupt- und Kombiausbildung');
    await canvas.findAllByText('Übungsfahrt (45 Min.)');
  },
};

export const CreateMissingName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neue Preisliste' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.');
  },
};
