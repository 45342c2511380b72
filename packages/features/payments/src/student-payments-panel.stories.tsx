import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { mandatesHandlers, recordMandateCalls, STUDENT_ID } from './mocks/mandates-handlers';
import { StudentPaymentsPanel } from './student-payments-panel';

const body = () => within(document.body);

const rowOf = (canvas: ReturnType<typeof within>, text: string | RegExp) =>
  within(canvas.getByRole('row', { name: text }));

async function recordCash(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Zahlung erfassen' }));
  const dialog = within(await body().findByRole('dialog', { name: 'Zahlung erfassen' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Betrag/ }), '120,5');
  await userEvent.click(dialog.getByRole('button', { name: /Zahlungsart/ }));
  await userEvent.click(await body().findByRole('option', { name: 'Bar' }));
  await userEvent.type(dialog.getByLabelText(/^Verwendungszweck/), 'Quittung 17');
  await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
  return dialog;
}

const meta = {
  title: 'Features/Payments/StudentPaymentsPanel',
  component: StudentPaymentsPanel,
  args: { studentId: STUDENT_ID },
} satisfies Meta<typeof StudentPaymentsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const listCalls = recordMandateCalls();

/** Newest first; the failed debit in red with the direct-debit failure text, the bank's reason and the return fee. */
export const Payments: Story = {
  parameters: { msw: { handlers: listCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00012' });
    const transfer = rowOf(canvas, /RE-2026-00012/);
    await expect(transfer.getByText('05.03.2026')).toBeInTheDocument();
    await expect(transfer.getByText('390,00 €')).toBeInTheDocument();
    await expect(transfer.getByText('Überweisung')).toBeInTheDocument();
    await expect(transfer.getByText('Bezahlt')).toBeInTheDocument();
    await expect(rowOf(canvas, /Rückzahlung Guthaben/).getByText('-50,00 €')).toBeInTheDocument();
    const failed = rowOf(canvas, /Fahrstunde Autobahn/);
    await expect(failed.getByText('Lastschrift')).toBeInTheDocument();
    await expect(failed.getByText('Fehlgeschlagen')).toBeInTheDocument();
    const reason = failed.getByText(
      /Lastschrift fehlgeschlagen: Die Zahlung konnte nicht eingezogen werden/,
    );
    await expect(reason).toHaveClass('text-danger-700');
    await expect(reason).toHaveTextContent('Grund: MD06');
    await expect(reason).toHaveTextContent('Rücklastschriftgebühr 3,00 €');
    // A paid debit says nothing of failure.
    await expect(
      rowOf(canvas, /Fahrstunde Überland/).queryByText(/Lastschrift fehlgeschlagen/),
    ).toBeNull();
    await expect(listCalls.paymentFilters[0]).toMatchObject({
      studentId: STUDENT_ID,
      page: 0,
      sort: [
        { field: 'paymentDate', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
    });
  },
};

const recordCalls = recordMandateCalls();

/** A cash payment recorded: sent with an Idempotency-Key, the new payment appears in the list. */
export const RecordPayment: Story = {
  args: { studentEducationId: 111 },
  parameters: { msw: { handlers: recordCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await recordCash(canvas);
    await body().findByText('Die Zahlung über 120,50 € wurde erfasst.');
    await expect(recordCalls.paymentPosts).toHaveLength(1);
    const [post] = recordCalls.paymentPosts;
    await expect(post?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect(post?.body).toMatchObject({
      studentId: STUDENT_ID,
      studentEducationId: 111,
      amount: 12050,
      method: 'CASH',
      reference: 'Quittung 17',
    });
    await expect(post?.body.paymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await canvas.findByRole('cell', { name: 'Quittung 17' });
    await expect(
      recordCalls.paymentFilters.every((filter) => filter.studentEducationId === 111),
    ).toBe(true);
  },
};

const retryCalls = recordMandateCalls({ dropFirstPaymentAnswer: true });

/** The first answer is lost after the server saved: sending again uses the same key, the payment is recorded once. */
export const RetryAfterLostAnswer: Story = {
  parameters: { msw: { handlers: retryCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await recordCash(canvas);
    await within(await dialog.findByRole('alert')).findByText(
      'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await body().findByText('Die Zahlung über 120,50 € wurde erfasst.');
    await expect(retryCalls.paymentPosts).toHaveLength(2);
    const [first, second] = retryCalls.paymentPosts;
    await expect(second?.key).toBe(first?.key);
    await canvas.findByRole('cell', { name: 'Quittung 17' });
    await expect(canvas.getAllByRole('cell', { name: 'Quittung 17' })).toHaveLength(1);

    // A new dialog is a new action: a new key.
    await recordCash(canvas);
    await waitFor(() => expect(retryCalls.paymentPosts).toHaveLength(3));
    await expect(retryCalls.paymentPosts[2]?.key).not.toBe(first?.key);
  },
};

/** The server refuses (e.g. the key was used for another payment): its German message in the dialog. */
export const RecordRefused: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        paymentError: errorBody('errors.idempotency_key_reused', {
          globalErrors: ['errors.idempotency_key_reused'],
        }),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await recordCash(canvas);
    await within(await dialog.findByRole('alert')).findByText(
      /Diese Anfrage-Kennung wurde schon für eine andere Aktion verwendet/,
    );
  },
};

/** No amount: said at the field, nothing sent. */
export const RecordInvalid: Story = {
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Zahlung erfassen' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Zahlung erfassen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await dialog.findByText('Pflichtfeld');
  },
};

/** The host opens its own payment form. */
export const HostForm: Story = {
  args: { onRecordPayment: fn() },
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Zahlung erfassen' }));
    await expect(args.onRecordPayment).toHaveBeenCalled();
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.paymentsEmpty, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Für diesen Fahrschüler sind noch keine Zahlungen erfasst.',
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.paymentsLoading, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.paymentsError, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Zahlungen konnten nicht geladen werden.');
  },
};

/** Without the payment write permission: the list, no "Zahlung erfassen". */
export const ReadOnly: Story = {
  parameters: {
    msw: { handlers: recordMandateCalls().handlers },
    permissions: ['MODULE_AUTOMATIC_PAYMENTS', 'MODULE_AUTOMATIC_PAYMENTS_WRITE'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00012' });
    await expect(canvas.queryByRole('button', { name: 'Zahlung erfassen' })).toBeNull();
  },
};
