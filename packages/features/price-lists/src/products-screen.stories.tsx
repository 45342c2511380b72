import { mockHttp } from '@fahrwerk/api/mocks';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { priceHandlers } from './mocks/handlers';
import { ProductsScreen } from './products-screen';

const body = () => within(document.body);

const meta = {
  title: 'Features/PriceLists/ProductsScreen',
  component: ProductsScreen,
  parameters: {
    msw: {
      handlers: [
        priceHandlers.productPage,
        priceHandlers.createProductOk,
        priceHandlers.archiveProductOk,
      ],
    },
  },
} satisfies Meta<typeof ProductsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Übungsfahrt (45 Min.)');
    await expect(canvas.getByText('Intensivkurs-Zuschlag')).toBeInTheDocument();
    await expect(canvas.getAllByText('Fahrstunden · Überlandfahrt').length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [priceHandlers.productPageEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Keine Produkte gefunden.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/products/filter', async ({ response }) => {
          await delay('infinite');
          return response(200).json({ data: [], total: 0 });
        }),
      ],
    },
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [priceHandlers.productPageFailed] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Auf dem Server ist ein Fehler aufgetreten/);
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMPANY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Übungsfahrt (45 Min.)');
    await expect(canvas.queryByRole('button', { name: 'Neues Produkt' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen/ })).toBeNull();
  },
};

export const FilterByKind: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Übungsfahrt (45 Min.)');
    await userEvent.click(canvas.getByRole('button', { name: /Produktart/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Zusatzleistungen' }));
    await waitFor(() => expect(canvas.queryByText('Übungsfahrt (45 Min.)')).toBeNull());
    await expect(canvas.getByText('Intensivkurs-Zuschlag')).toBeInTheDocument();
  },
};

export const CreateMissingName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Produkt' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie eine Bezeichnung ein.');
  },
};

export const CreateSaves: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Produkt' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByLabelText(/^Bezeichnung/));
    await userEvent.paste('Nachtfahrt (90 Min.)');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await body().findByText('Gespeichert.');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

export const ServerRefuses: Story = {
  parameters: {
    msw: { handlers: [priceHandlers.productPage, priceHandlers.createProductNameRefused] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Neues Produkt' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByLabelText(/^Bezeichnung/));
    await userEvent.paste('Übungsfahrt');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Pflichtfeld');
  },
};

export const EditTypeInUse: Story = {
  parameters: { msw: { handlers: [priceHandlers.productPage, priceHandlers.updateProductInUse] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen: Intensivkurs-Zuschlag' }),
      'Bearbeiten',
    );
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Das Produkt wird noch verwendet.');
  },
};

export const Archives: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen: Intensivkurs-Zuschlag' }),
      'Archivieren',
    );
    await body().findByText('Archiviert.');
  },
};
