import { toIsoDate } from '@fahrwerk/ui';
import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { suggestCollectionDate } from './collection-date';
import { mockPayments, paymentsHandlers, refused } from './mocks/handlers';
import { PaymentWorkflowScreen } from './payment-workflow-screen';

/* Live pay: red rows, pause and restart, the SEPA file and its archive, bank returns. */

const meta = {
  title: 'Features/Payments/PaymentWorkflowScreen/LivePay',
  component: PaymentWorkflowScreen,
  args: { workflow: 'LIVE_PAY', onOpenStudent: fn() },
  parameters: { msw: { handlers: mockPayments().handlers } },
} satisfies Meta<typeof PaymentWorkflowScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function row(canvasElement: HTMLElement, text: string) {
  const table = await within(canvasElement).findByRole('table', {
    name: 'Ausbildungen in Live Pay',
  });
  const found = await within(table).findByText(text);
  const tr = found.closest('tr');
  if (!tr) throw new Error(`No row shows ${text}`);
  return within(tr);
}

const FAILURE = /^Lastschrift fehlgeschlagen: Die Zahlung konnte nicht eingezogen werden/;

/** The failed debit marks the row red with the failure text; mandates and the SEPA files show. */
export const LivePay: Story = {
  play: async ({ canvasElement }) => {
    const tim = await row(canvasElement, 'Tim Wagner');
    await expect(tim.getByText(FAILURE)).toHaveClass('text-danger-700');
    await expect(tim.getByText('Fehlgeschlagen')).toBeInTheDocument();
    await expect(tim.getByText('Bestätigt')).toBeInTheDocument();
    const paul = await row(canvasElement, 'Paul Neumann');
    await expect(paul.getByText('Unbestätigt')).toBeInTheDocument();
    await expect(paul.queryByText(FAILURE)).toBeNull();
    const files = within(
      await within(canvasElement).findByRole('table', { name: 'Erstellte SEPA-Dateien' }),
    );
    await expect(files.getByText('pain008-2026-11-18.xml')).toBeInTheDocument();
    await expect(files.getByText('910,00 €')).toBeInTheDocument();
  },
};

const restart = mockPayments();

/** Restarting the failed debit after a confirmation: the newest debit is asked for, then set OPEN. */
export const RestartsFailedDebit: Story = {
  parameters: { msw: { handlers: restart.handlers } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () => within(canvasElement).findByRole('button', { name: 'Aktionen für Tim Wagner' }),
      'Lastschrift neu starten',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Lastschrift neu starten' }));
    await pageBody().findByText('Die Lastschrift von Tim Wagner wurde neu gestartet.');
    await expect(restart.calls.statusRequests).toEqual([[204]]);
    await expect(restart.calls.statusUpdates).toEqual([
      { id: 7004, status: 'OPEN', key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    const tim = await row(canvasElement, 'Tim Wagner');
    await waitFor(() => expect(tim.queryByText(FAILURE)).toBeNull());
  },
};

const pause = mockPayments();

/** Pausing an open debit (CANCELLED). */
export const PausesOpenDebit: Story = {
  parameters: { msw: { handlers: pause.handlers } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () => within(canvasElement).findByRole('button', { name: 'Aktionen für Sophie Krüger' }),
      'Lastschrift pausieren',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Lastschrift pausieren' }));
    await pageBody().findByText('Die Lastschrift von Sophie Krüger ist pausiert.');
    await expect(pause.calls.statusUpdates).toMatchObject([{ id: 7005, status: 'CANCELLED' }]);
  },
};

/** A refused restart: the reason as a toast, the confirmation stays open. */
export const RestartRefused: Story = {
  parameters: {
    msw: {
      handlers: mockPayments({ statusError: refused('errors.invalid_status_transition') }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () => within(canvasElement).findByRole('button', { name: 'Aktionen für Tim Wagner' }),
      'Lastschrift neu starten',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Lastschrift neu starten' }));
    await pageBody().findByText('Dieser Statuswechsel ist nicht möglich.');
    await expect(
      pageBody().getByRole('alertdialog', { name: 'Lastschrift von Tim Wagner neu starten?' }),
    ).toBeVisible();
  },
};

const movedOn = mockPayments({ statusAnswer: 'OPEN' });

/** The debit was restarted elsewhere meanwhile: nothing is changed, the user is told. */
export const StatusChangedMeanwhile: Story = {
  parameters: { msw: { handlers: movedOn.handlers } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () => within(canvasElement).findByRole('button', { name: 'Aktionen für Tim Wagner' }),
      'Lastschrift neu starten',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Lastschrift neu starten' }));
    await pageBody().findByText('Dieser Statuswechsel ist nicht möglich.');
    await expect(movedOn.calls.statusRequests).toEqual([[204]]);
    await expect(movedOn.calls.statusUpdates).toEqual([]);
  },
};

const sepa = mockPayments();

/** The SEPA file: the suggested collection date after the pre-notification, saved, then listed. */
export const CreatesSepaFile: Story = {
  parameters: { msw: { handlers: sepa.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'SEPA-Datei erstellen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'SEPA-Datei erstellen' }));
    await dialog.findByText(/Vorabankündigung \(5 Tage\)/);
    await userEvent.click(dialog.getByRole('button', { name: 'Datei erstellen' }));
    const expected = suggestCollectionDate(toIsoDate(new Date()), 5);
    await waitFor(() => expect(sepa.calls.sepaExports).toHaveLength(1));
    await waitFor(() => expect(dialog.queryByRole('alert')).toBeNull());
    await expect(await pageBody().findByText(/^Die SEPA-Datei/)).toHaveTextContent(
      `Die SEPA-Datei pain008-${expected}.xml wurde erstellt.`,
    );
    await expect(sepa.calls.sepaExports).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { collectionDate: expected, batchBooking: true },
      },
    ]);
    const files = within(await canvas.findByRole('table', { name: 'Erstellte SEPA-Dateien' }));
    await files.findByText(`pain008-${expected}.xml`);
  },
};

/** Nothing due: the server's reason in German in the dialog. */
export const NothingToExport: Story = {
  parameters: {
    msw: { handlers: mockPayments({ sepaError: refused('errors.nothing_to_export') }).handlers },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'SEPA-Datei erstellen' }),
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'SEPA-Datei erstellen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Datei erstellen' }));
    await dialog.findByText('Es gibt nichts zu exportieren.');
  },
};

const again = mockPayments();

/** An earlier SEPA file downloaded again. */
export const RedownloadsSepaFile: Story = {
  parameters: { msw: { handlers: again.handlers } },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', {
        name: 'pain008-2026-11-04.xml herunterladen',
      }),
    );
    await waitFor(() => expect(again.calls.sepaDownloads).toEqual([2]));
  },
};

const xml = () => new File(['<Document/>'], 'camt054-2026-11-25.xml', { type: 'application/xml' });

async function importFile(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: 'Rücklastschriften importieren' }),
  );
  const dialog = await pageBody().findByRole('dialog', { name: 'Rücklastschriften importieren' });
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, xml());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Importieren' }));
  return within(dialog);
}

const returns = mockPayments();

/** The bank's returns: newly failed debits, those already marked and the unmatched entries. */
export const ImportsBankReturns: Story = {
  parameters: { msw: { handlers: returns.handlers } },
  play: async ({ canvasElement }) => {
    const dialog = await importFile(canvasElement);
    await dialog.findByText('4 zurückgegebene Lastschriften in der Datei.');
    await expect(dialog.getByText('2 Lastschriften neu fehlgeschlagen')).toBeInTheDocument();
    await expect(dialog.getByText('Fahrstunde 7011: 65,00 € (Grund MD06)')).toBeInTheDocument();
    await expect(
      dialog.getByText('1 Lastschrift war schon als fehlgeschlagen erfasst.'),
    ).toBeInTheDocument();
    await expect(dialog.getByText('1 Eintrag ohne passende Lastschrift')).toBeInTheDocument();
    await expect(dialog.getByText('FREMD-0815: 45,00 € (Grund AM04)')).toBeInTheDocument();
    await expect(returns.calls.bankReturns).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), fileName: 'camt054-2026-11-25.xml' },
    ]);
  },
};

/** Not a camt.054 file: the server's reason at the file. */
export const BankReturnRefused: Story = {
  parameters: {
    msw: {
      handlers: mockPayments({
        bankReturnError: refused('validation.bank_return_file'),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await importFile(canvasElement);
    await dialog.findByText('Die Datei ist keine camt.054-Datei der Bank (Rücklastschriften).');
  },
};

/** Read right only: no SEPA file, no import, no pause control. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'Tim Wagner');
    await expect(canvas.queryByRole('button', { name: 'SEPA-Datei erstellen' })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: 'Rücklastschriften importieren' }),
    ).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Aktionen für Tim Wagner' })).toBeNull();
  },
};

/** No SEPA file made yet. */
export const NoSepaFiles: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.sepaExportsEmpty, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine SEPA-Dateien erstellt.');
  },
};
