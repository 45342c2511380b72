import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { clearListFilters } from '@fahrwerk/core';
import { BranchesScreen } from '@fahrwerk/fleet';
import { fleetHandlers } from '@fahrwerk/fleet/mocks';
import { PriceListEditorScreen } from '@fahrwerk/price-lists';
import { priceHandlers, priceListsFixture } from '@fahrwerk/price-lists/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

type PriceList = components['schemas']['PriceList'];

/**
 * The query-key convention across packages (`@fahrwerk/core`, `query-keys.ts`): a save in
 * one feature package refreshes what another package shows, inside one query client. The
 * price-lists package renames a list; the fleet package's branch list shows the new name
 * without a reload, because the rename refreshes every query of `/price-lists` and below.
 */

/** The mocked server's price lists, changed by a rename and reset before each story. */
const server = { lists: [] as PriceList[], listRequests: 0 };

const statefulPriceLists = [
  // The fleet package's choice of price lists (`GET /price-lists`); counted, so the story
  // can tell a refetch from a cached answer.
  mockHttp.get('/price-lists', ({ query, response }) => {
    server.listRequests += 1;
    const archived = query.get('archived') === 'true';
    return response(200).json(server.lists.filter((list) => list.archived === archived));
  }),
  mockHttp.get('/price-lists/{id}', ({ params, response }) => {
    const found = server.lists.find((list) => list.id === Number(params.id));
    return found ? response(200).json(found) : response(404).json(errorBody('errors.not_found'));
  }),
  mockHttp.put('/price-lists/{id}/rename/{name}', ({ params, response }) => {
    const found = server.lists.find((list) => list.id === Number(params.id));
    if (!found) return response(404).json(errorBody('errors.not_found'));
    found.name = String(params.name);
    return response(200).json(found);
  }),
];

/** Two packages on one page, as two tabs of the back office share one query client. */
function PriceListAndBranches() {
  return (
    <div className="flex flex-col gap-8">
      <section aria-label="Preisliste">
        <PriceListEditorScreen priceListId={1} />
      </section>
      <section aria-label="Filialen">
        <BranchesScreen />
      </section>
    </div>
  );
}

const meta = {
  title: 'Conventions/CrossPackage',
  component: PriceListAndBranches,
  beforeEach: () => {
    clearListFilters();
    server.lists = priceListsFixture.map((list) => ({ ...list }));
    server.listRequests = 0;
  },
  parameters: {
    msw: {
      handlers: [
        ...statefulPriceLists,
        priceHandlers.pricesOfList,
        priceHandlers.activeProducts,
        fleetHandlers.branchesFull,
      ],
    },
  },
} satisfies Meta<typeof PriceListAndBranches>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const RenameRefreshesBranchList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const branches = within(canvas.getByRole('region', { name: 'Filialen' }));
    const priceList = within(canvas.getByRole('region', { name: 'Preisliste' }));

    // The fleet package has its price lists cached: "Filiale Mitte" uses list 1.
    const mitte = await branches.findByRole('row', { name: /Filiale Mitte/ });
    await within(mitte).findByText('Preisliste 2026');
    await expect(server.listRequests).toBe(1);

    // The price-lists package renames list 1.
    await userEvent.click(await priceList.findByRole('button', { name: 'Umbenennen' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.click(dialog.getByLabelText(/^Neuer Name/));
    await userEvent.paste('Preise ab März');
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await body().findByText('Gespeichert.');

    // The fleet package asked for its price lists again and shows the new name.
    await waitFor(() => expect(server.listRequests).toBeGreaterThan(1));
    const renamed = await branches.findByRole('row', { name: /Filiale Mitte/ });
    await within(renamed).findByText('Preise ab März');
    await expect(within(renamed).queryByText('Preisliste 2026')).toBeNull();
  },
};
