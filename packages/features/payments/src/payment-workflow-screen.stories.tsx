import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { mockPayments, paymentsHandlers, refused } from './mocks/handlers';
import { PaymentWorkflowScreen } from './payment-workflow-screen';

/*
 * Classic and flash pay, and the list states every workflow shares. Live pay (pause and
 * restart, SEPA files, bank returns) is in `payment-workflow-screen.live-pay.stories.tsx`.
 */

const meta = {
  title: 'Features/Payments/PaymentWorkflowScreen',
  component: PaymentWorkflowScreen,
  args: { workflow: 'CLASSIC_PAY', onOpenStudent: fn() },
  parameters: { msw: { handlers: mockPayments().handlers } },
} satisfies Meta<typeof PaymentWorkflowScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement, name = 'Classic Pay') =>
  within(canvasElement).findByRole('table', { name: `Ausbildungen in ${name}` });

async function row(canvasElement: HTMLElement, text: string, name?: string) {
  const found = await within(await table(canvasElement, name)).findByText(text);
  const tr = found.closest('tr');
  if (!tr) throw new Error(`No row shows ${text}`);
  return within(tr);
}

async function openRecordPayment(canvasElement: HTMLElement) {
  await chooseMenuItem(
    () => within(canvasElement).findByRole('button', { name: 'Aktionen für Lena Meyer' }),
    'Zahlung erfassen',
  );
  return within(await pageBody().findByRole('dialog', { name: 'Zahlung erfassen: Lena Meyer' }));
}

const typeAmount = (dialog: ReturnType<typeof within>) =>
  userEvent.type(dialog.getByRole('textbox', { name: /^Betrag/ }), '450');

async function fillPayment(dialog: ReturnType<typeof within>) {
  await typeAmount(dialog);
  await userEvent.click(dialog.getByRole('button', { name: /Beglichenes Dokument/ }));
  await userEvent.click(
    await pageBody().findByRole('option', { name: 'RE-2026-00052 – offen 450,00 €' }),
  );
}

const browsing = mockPayments();

/** Balance red when owed, the newest payment, a name opens the student; filters go to the server. */
export const ClassicPay: Story = {
  parameters: { msw: { handlers: browsing.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const lena = await row(canvasElement, 'Lena Meyer');
    await expect(lena.getByText('-450,00 €')).toHaveClass('text-danger-700');
    await expect(lena.getByText('Bezahlt')).toBeInTheDocument();
    await expect(lena.getByText('02.11.2026')).toBeInTheDocument();
    const jonas = await row(canvasElement, 'Jonas Becker');
    await expect(jonas.getByText('120,00 €')).not.toHaveClass('text-danger-700');
    await expect(jonas.getByText('Noch keine Zahlung')).toBeInTheDocument();
    await expect(browsing.calls.filters[0]).toMatchObject({
      paymentWorkflow: 'CLASSIC_PAY',
      page: 0,
      sort: [{ field: 'lastName', direction: 'asc' }],
      finishedEducation: false,
    });
    await userEvent.click(canvas.getByRole('link', { name: 'Lena Meyer' }));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(11);
    await userEvent.click(canvas.getByRole('switch', { name: 'Nur Schuldner' }));
    await waitFor(() => expect(browsing.calls.filters.at(-1)).toMatchObject({ onlyDebtors: true }));
    await waitFor(() => expect(canvas.queryByText('Jonas Becker')).toBeNull());
    await expect(canvas.getByText('Lena Meyer')).toBeInTheDocument();
  },
};

const paying = mockPayments();

/** "Zahlung erfassen" settles the open invoice; the call carries a fresh Idempotency-Key. */
export const RecordsPayment: Story = {
  parameters: { msw: { handlers: paying.handlers } },
  play: async ({ canvasElement }) => {
    const dialog = await openRecordPayment(canvasElement);
    await fillPayment(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await pageBody().findByText('Die Zahlung über 450,00 € wurde erfasst.');
    await expect(paying.calls.paymentPosts).toHaveLength(1);
    const [post] = paying.calls.paymentPosts;
    await expect(post?.key).toMatch(/^[0-9a-f-]{36}$/);
    await expect(post?.body).toMatchObject({
      studentId: 11,
      studentEducationId: 201,
      amount: 45000,
      method: 'TRANSFER',
      documentId: 301,
    });
  },
};

const lost = mockPayments({ dropFirstPaymentAnswer: true });

/** The first answer is lost: the dialog stays open and the retry sends the same key. */
export const RetriesWithTheSameKey: Story = {
  parameters: { msw: { handlers: lost.handlers } },
  play: async ({ canvasElement }) => {
    const dialog = await openRecordPayment(canvasElement);
    await typeAmount(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await dialog.findByRole('alert');
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await pageBody().findByText('Die Zahlung über 450,00 € wurde erfasst.');
    await expect(lost.calls.paymentPosts).toHaveLength(2);
    const [first, second] = lost.calls.paymentPosts;
    await expect(second?.key).toBe(first?.key);
  },
};

/** A refused payment: the server's reason in German, the dialog stays open. */
export const PaymentRefused: Story = {
  parameters: {
    msw: {
      handlers: mockPayments({ paymentError: refused('errors.direct_debit_not_manual') }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openRecordPayment(canvasElement);
    await typeAmount(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await dialog.findByText('Lastschriften werden nicht von Hand erfasst.');
  },
};

/** No amount: the form says so and sends nothing. */
export const PaymentNeedsAnAmount: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openRecordPayment(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Zahlung erfassen' }));
    await dialog.findByText('Pflichtfeld');
  },
};

const switching = mockPayments();

/** Automatic payment switched on for one education. */
export const SwitchesAutomaticPayment: Story = {
  parameters: { msw: { handlers: switching.handlers } },
  play: async ({ canvasElement }) => {
    const jonas = await row(canvasElement, 'Jonas Becker');
    await userEvent.click(
      jonas.getByRole('switch', { name: 'Automatische Zahlung für Jonas Becker' }),
    );
    await pageBody().findByText('Automatische Zahlung für Jonas Becker eingeschaltet.');
    await expect(switching.calls.automaticPayment).toEqual([{ id: 202, automaticPayment: true }]);
  },
};

/** Refused switch: the server's reason as a toast, the switch stays off. */
export const AutomaticPaymentRefused: Story = {
  parameters: {
    msw: {
      handlers: mockPayments({ automaticPaymentError: refused('errors.no_confirmed_mandate') })
        .handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const jonas = await row(canvasElement, 'Jonas Becker');
    const toggle = jonas.getByRole('switch', { name: 'Automatische Zahlung für Jonas Becker' });
    await userEvent.click(toggle);
    await pageBody().findByText('Es gibt kein bestätigtes Lastschriftmandat.');
    await waitFor(() => expect(toggle).not.toBeChecked());
  },
};

/** Only the read right: no actions, switches disabled. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie dürfen diese Liste nur ansehen.');
    const lena = await row(canvasElement, 'Lena Meyer');
    await expect(lena.getByRole('switch')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Aktionen für Lena Meyer' })).toBeNull();
  },
};

/** Flash pay: its own educations, no payment recording here. */
export const FlashPay: Story = {
  args: { workflow: 'FLASH_PAY' },
  play: async ({ canvasElement }) => {
    const mia = await row(canvasElement, 'Mia Schulz', 'Flash Pay');
    await expect(mia.getByText('-890,00 €')).toBeInTheDocument();
    await expect(mia.getByText('Offen')).toBeInTheDocument();
    await expect(within(canvasElement).queryByText('Lena Meyer')).toBeNull();
    await expect(mia.queryByRole('button', { name: /Aktionen/ })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.studentsEmpty, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Ausbildungen in Classic Pay.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.studentsLoading, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.studentsError, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.');
  },
};
