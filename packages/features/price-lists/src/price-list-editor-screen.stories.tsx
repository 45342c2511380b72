import { mockHttp } from '@fahrwerk/api/mocks';
import { chooseMenuItem } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { priceHandlers } from './mocks/handlers';
import { PriceListEditorScreen } from './price-list-editor-screen';

const body = () => within(document.body);

const meta = {
  title: 'Features/PriceLists/PriceListEditorScreen',
  component: PriceListEditorScreen,
  args: { priceListId: 1, onBack: fn(), onCopied: fn() },
  parameters: {
    msw: {
      handlers: [
        priceHandlers.priceList,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
        priceHandlers.updatePriceListOk,
        priceHandlers.copyOk,
        priceHandlers.renameOk,
        priceHandlers.copyToStudentsOk,
        priceHandlers.savePriceOk,
        priceHandlers.deletePriceOk,
      ],
    },
  },
} satisfies Meta<typeof PriceListEditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText('65,00 €')).length).toBeGreaterThan(0);
    await expect(canvas.getByText('Standard')).toBeInTheDocument();
    // The combined price of the basic fee, and the add-on in its own section.
    await expect(canvas.getAllByText('199,00 €').length).toBeGreaterThan(0);
    await expect(canvas.getAllByText('149,00 €').length).toBeGreaterThan(0);
  },
};

export const EmptyList: Story = {
  args: { priceListId: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Diese Preisliste enthält noch keine Preise.');
    await canvas.findByText('Diese Preisliste enthält keine Zusatzleistungen.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/price-lists/{id}', async ({ response }) => {
          await delay('infinite');
          return response(404).json({
            message: '',
            error_message: 'errors.not_found',
            fieldErrors: [],
            globalErrors: [],
          });
        }),
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
      ],
    },
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        priceHandlers.priceListFailed,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Auf dem Server ist ein Fehler aufgetreten/);
  },
};

export const ReadOnly: Story = {
  parameters: {
    permissions: ['MODULE_COMPANY'],
    msw: { handlers: [priceHandlers.priceList, priceHandlers.pricesOfList] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('Übungsfahrt (45 Min.)');
    await expect(canvas.queryByRole('button', { name: 'Kopieren' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};

export const Copies: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Kopieren' }));
    const dialog = within(await body().findByRole('dialog'));
    const name = dialog.getByLabelText(/^Name der Kopie/);
    await expect(name).toHaveValue('Preisliste 2026 (Kopie)');
    await userEvent.clear(name);
    await userEvent.paste('Preisliste 2027');
    await userEvent.click(dialog.getByRole('button', { name: 'Kopieren' }));
    await body().findByText('Die Preisliste „Preisliste 2027“ wurde angelegt.');
    await waitFor(() =>
      expect(args.onCopied).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Preisliste 2027' }),
      ),
    );
  },
};

export const CopyNameInUse: Story = {
  parameters: {
    msw: {
      handlers: [
        priceHandlers.priceList,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
        priceHandlers.copyNameInUse,
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Kopieren' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Kopieren' }));
    await dialog.findByText('Dieser Name wird bereits verwendet.');
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

export const RenameNeedsName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Umbenennen' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.click(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.paste('   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await dialog.findByText('Bitte geben Sie einen Namen ein.');
  },
};

export const Renames: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Umbenennen' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.click(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.paste('Preise ab März');
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await body().findByText('Gespeichert.');
  },
};

export const CopiesToStudents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Preise auf bestehende Schüler übertragen' }),
    );
    const dialog = within(await body().findByRole('alertdialog'));
    await dialog.findByText(/keine neuen Ausbildungen mehr angelegt werden/);
    await userEvent.click(dialog.getByRole('button', { name: 'Preise übertragen' }));
    await body().findByText('Gespeichert. Die Preise von 12 Schülern wurden aktualisiert.');
  },
};

export const AddPriceNeedsProduct: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Preis hinzufügen' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte wählen Sie ein Produkt.');
    await dialog.findByText('Bitte geben Sie einen Preis ein.');
  },
};

export const RemoveForbidden: Story = {
  parameters: {
    msw: {
      handlers: [
        priceHandlers.priceList,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
        priceHandlers.deletePriceForbidden,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen: Intensivkurs-Zuschlag' }),
      'Entfernen',
    );
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Entfernen' }));
    await body().findByText(
      'Sie dürfen diese Leistung nicht löschen. Bitte wenden Sie sich an den Administrator.',
    );
  },
};
