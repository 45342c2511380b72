import { errorBody } from '@fahrwerk/api/mocks';
import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AutomaticPaymentTriggersScreen } from './automatic-payment-triggers-screen';
import { mockPayments, paymentsHandlers, refused } from './mocks/handlers';

const meta = {
  title: 'Features/Payments/AutomaticPaymentTriggersScreen',
  component: AutomaticPaymentTriggersScreen,
  parameters: { msw: { handlers: mockPayments().handlers } },
} satisfies Meta<typeof AutomaticPaymentTriggersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function row(canvasElement: HTMLElement, text: string) {
  const table = await within(canvasElement).findByRole('table', {
    name: 'Automatische Leistungspakete',
  });
  const found = await within(table).findByText(text);
  const tr = found.closest('tr');
  if (!tr) throw new Error(`No row shows ${text}`);
  return within(tr);
}

/** Event, workflows, classes, document, products by name and the days until due. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const basic = await row(canvasElement, 'Grundgebühr bei Anmeldung');
    await expect(basic.getByText('Aktiv')).toBeInTheDocument();
    await expect(basic.getByText('Classic Pay, Live Pay')).toBeInTheDocument();
    await expect(basic.getByText('Alle Klassen')).toBeInTheDocument();
    await basic.findByText('Grundgebühr Klasse B, Lernmaterial');
    await expect(basic.getByText('nach 14 Tagen')).toBeInTheDocument();
    const exam = await row(canvasElement, 'Vorstellungsgebühr Praxis');
    await expect(exam.getByText('Inaktiv')).toBeInTheDocument();
    await expect(exam.getByText('Prüfung geplant · Praktische Prüfung')).toBeInTheDocument();
    await expect(exam.getByText('B, BE')).toBeInTheDocument();
    await expect(exam.getByText('Teilrechnung')).toBeInTheDocument();
  },
};

const creating = mockPayments();

/** A new bundle for failed practical exams: the exam fields appear for exam events only. */
export const CreatesTrigger: Story = {
  parameters: { msw: { handlers: creating.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'Grundgebühr bei Anmeldung');
    await userEvent.click(canvas.getByRole('button', { name: 'Neues Leistungspaket' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neues Leistungspaket' }));
    await userEvent.click(dialog.getByRole('textbox', { name: /^Name/ }));
    await userEvent.paste('Wiederholungsgebühr');
    await expect(dialog.queryByRole('button', { name: /Prüfungsart/ })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: /Ereignis/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Prüfungsergebnis' }));
    await userEvent.click(await dialog.findByRole('button', { name: /Jedes Ergebnis/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Nicht bestanden' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Flash Pay' }));
    await userEvent.click(
      await dialog.findByRole('checkbox', { name: 'Vorstellung praktische Prüfung' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await pageBody().findByText('Gespeichert.');
    await expect(creating.calls.triggerSaves).toEqual([
      {
        body: {
          name: 'Wiederholungsgebühr',
          active: true,
          event: 'EXAM_RESULT',
          examStatus: 'FAILED',
          paymentWorkflows: ['FLASH_PAY'],
          licenseClasses: [],
          documentType: 'PAYMENT_REQUEST',
          productIds: [9],
          dueInDays: 14,
        },
      },
    ]);
    await row(canvasElement, 'Wiederholungsgebühr');
  },
};

/** Missing workflow and product: the form says so and sends nothing. */
export const ChecksTheForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'Grundgebühr bei Anmeldung');
    await userEvent.click(canvas.getByRole('button', { name: 'Neues Leistungspaket' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Neues Leistungspaket' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte wählen Sie mindestens einen Zahlungsweg.');
    await expect(dialog.getByText('Bitte wählen Sie mindestens ein Produkt.')).toBeInTheDocument();
  },
};

const editing = mockPayments({
  triggerError: errorBody('validation.not_found', {
    fieldErrors: [{ field: 'productIds', error: 'validation.not_found' }],
  }),
});

/** Editing keeps the stored values; the server's refusal shows at the products. */
export const EditRefused: Story = {
  parameters: { msw: { handlers: editing.handlers } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () =>
        within(canvasElement).findByRole('button', {
          name: 'Aktionen für Vorstellungsgebühr Praxis',
        }),
      'Bearbeiten',
    );
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Leistungspaket bearbeiten' }),
    );
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue(
      'Vorstellungsgebühr Praxis',
    );
    await expect(dialog.getByRole('checkbox', { name: 'Flash Pay' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(editing.calls.triggerSaves).toHaveLength(1));
    await expect(editing.calls.triggerSaves[0]).toMatchObject({
      id: 2,
      body: { event: 'EXAM_PLANNED', examKind: 'PRACTICAL', productIds: [9] },
    });
    await dialog.findByText('Der gewählte Eintrag existiert nicht.');
  },
};

const deleting = mockPayments();

/** Delete after a confirmation. */
export const DeletesTrigger: Story = {
  parameters: { msw: { handlers: deleting.handlers } },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () =>
        within(canvasElement).findByRole('button', {
          name: 'Aktionen für Vorstellungsgebühr Praxis',
        }),
      'Löschen',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
    await expect(deleting.calls.triggerDeletes).toEqual([2]);
    await waitFor(() =>
      expect(within(canvasElement).queryByText('Vorstellungsgebühr Praxis')).toBeNull(),
    );
  },
};

/** A refused delete: the server's reason as a toast, the bundle stays. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: mockPayments({ deleteTriggerError: refused('errors.forbidden') }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    await chooseMenuItem(
      () =>
        within(canvasElement).findByRole('button', {
          name: 'Aktionen für Grundgebühr bei Anmeldung',
        }),
      'Löschen',
    );
    const confirm = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Dafür fehlt Ihnen die Berechtigung.');
    await expect(within(canvasElement).getByText('Grundgebühr bei Anmeldung')).toBeVisible();
  },
};

/** Only the read right: no create, no actions. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'Grundgebühr bei Anmeldung');
    await expect(canvas.getByText('Sie dürfen die Leistungspakete nur ansehen.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Neues Leistungspaket' })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: 'Aktionen für Grundgebühr bei Anmeldung' }),
    ).toBeNull();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.triggersEmpty, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine automatischen Leistungspakete.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.triggersLoading, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [paymentsHandlers.triggersError, ...mockPayments().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Leistungspakete konnten nicht geladen werden.');
  },
};
