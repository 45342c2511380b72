import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem, openMenu, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { invoicesHandlers, mockInvoices, resetInvoiceMocks } from './mocks/handlers';
import { PaymentDocumentsScreen } from './payment-documents-screen';

const full = mockInvoices();
const mailFails = mockInvoices({ emailFails: true });

const meta = {
  title: 'Features/Invoices/PaymentDocumentsScreen',
  component: PaymentDocumentsScreen,
  args: { userId: 3 },
  beforeEach: () => {
    clearListFilters();
    resetInvoiceMocks();
  },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof PaymentDocumentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Zahlungsdokumente' });

/** The row of the table that shows `text`. */
async function row(canvasElement: HTMLElement, text: string) {
  const found = await within(await table(canvasElement)).findByText(text);
  const tr = found.closest('tr');
  if (!tr) throw new Error(`No row shows ${text}`);
  return within(tr);
}

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const final = await row(canvasElement, 'RE-2026-00041');
    await expect(final.getByText('Schlussrechnung')).toBeInTheDocument();
    await expect(final.getAllByText('2543,00 €')).toHaveLength(2);
    await expect(final.getByText('12.03.2026')).toBeInTheDocument();
    const cancellation = await row(canvasElement, 'RE-2026-00038');
    await expect(cancellation.getByText('Stornorechnung')).toBeInTheDocument();
    await expect(cancellation.getByText('-1980,00 €')).toBeInTheDocument();
    await expect((await row(canvasElement, 'RE-2026-00037')).getByText('Storniert')).toBeVisible();
    await expect((await row(canvasElement, 'RE-2026-00039')).getByText('Bezahlt')).toBeVisible();
    await expect(within(canvasElement).getByText('1–7 von 7')).toBeInTheDocument();
  },
};

/** "Schlussrechnungen erstellen" hands over to the host, which opens the invoice wizard. */
export const OpensTheWizard: Story = {
  args: { onCreateFinalInvoices: fn() },
  play: async ({ args, canvasElement }) => {
    await table(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Schlussrechnungen erstellen' }),
    );
    await expect(args.onCreateFinalInvoices).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.documentsEmpty, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Zahlungsdokumente.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.documentsLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.documentsError, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.');
  },
};

/** The type filter goes to the server and is remembered in the browser. */
export const FiltersByType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'RE-2026-00041');
    await userEvent.click(canvas.getByRole('button', { name: /Alle Arten/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Zahlungsaufforderung' }));
    await waitFor(() =>
      expect(full.documentFilters.at(-1)).toMatchObject({ types: ['PAYMENT_REQUEST'] }),
    );
    await canvas.findByText('1–1 von 1');
    await expect(
      JSON.parse(localStorage.getItem('fahrwerk.filter.paymentDocument') ?? '{}'),
    ).toMatchObject({ type: 'PAYMENT_REQUEST' });
  },
};

/** "Nur überfällige" asks the server for issued documents open past their due date. */
export const OverdueOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'RE-2026-00041');
    await userEvent.click(canvas.getByRole('switch', { name: 'Nur überfällige' }));
    await waitFor(() => expect(full.documentFilters.at(-1)).toMatchObject({ overdue: true }));
    await waitFor(() => expect(canvas.queryByText('RE-2026-00039')).toBeNull());
    await expect((await row(canvasElement, 'RE-2026-00036')).getByText('Überfällig')).toBeVisible();
  },
};

async function openPdf(canvasElement: HTMLElement, number: string) {
  await chooseMenuItem(
    () => within(canvasElement).findByRole('button', { name: `Aktionen für ${number}` }),
    'PDF herunterladen',
  );
  return within(await pageBody().findByRole('dialog', { name: `Rechnung ${number}` }));
}

/** The PDF in the download dialog, then without letterhead. */
export const DownloadsPdf: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPdf(canvasElement, 'RE-2026-00041');
    await dialog.findByTitle('Vorschau von RE-2026-00041.pdf');
    await userEvent.click(dialog.getByRole('switch', { name: 'ohne Briefkopf' }));
    await waitFor(() =>
      expect(full.pdfs).toEqual([
        { id: 101, removeLetterhead: false },
        { id: 101, removeLetterhead: true },
      ]),
    );
    await dialog.findByTitle('Vorschau von RE-2026-00041.pdf');
    await expect(dialog.getByRole('switch', { name: 'ohne Briefkopf' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Herunterladen' })).toBeEnabled();
  },
};

/** A type that keeps its letterhead: the server's German text as a toast, the switch goes back. */
export const LetterheadRefused: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPdf(canvasElement, 'RE-2026-00040');
    await dialog.findByTitle('Vorschau von RE-2026-00040.pdf');
    await userEvent.click(dialog.getByRole('switch', { name: 'ohne Briefkopf' }));
    await pageBody().findByText(
      'Das Entfernen des Briefkopfes ist für diesen Dokumententyp nicht erlaubt!',
    );
    await waitFor(() =>
      expect(dialog.getByRole('switch', { name: 'ohne Briefkopf' })).not.toBeChecked(),
    );
    await dialog.findByTitle('Vorschau von RE-2026-00040.pdf');
  },
};

/** XRechnung and ZUGFeRD documents offer their e-invoice; a PDF-only invoice does not. */
export const DownloadsEInvoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für RE-2026-00040' }),
      'E-Rechnung herunterladen',
    );
    await waitFor(() => expect(full.eInvoices).toEqual([102]));
    await openMenu(
      () => canvas.findByRole('button', { name: 'Aktionen für RE-2026-00041' }),
      'PDF herunterladen',
    );
    await expect(
      pageBody().queryByRole('menuitem', { name: 'E-Rechnung herunterladen' }),
    ).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

async function select(canvasElement: HTMLElement, name: string) {
  await userEvent.click(
    await within(canvasElement).findByRole('checkbox', { name: `${name} auswählen` }),
  );
}

/** Cancelling one invoice: confirmation, then the cancellation invoice is in the list. */
export const CancelsOneInvoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvasElement, 'RE-2026-00041');
    await canvas.findByText('1 ausgewählt');
    await userEvent.click(canvas.getByRole('button', { name: 'Stornieren' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'RE-2026-00041 stornieren?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Stornorechnung ausstellen' }));
    await pageBody().findByText('Stornorechnung RE-2026-00045 ausgestellt.');
    await expect(full.cancelled).toEqual([101]);
    const cancellation = await row(canvasElement, 'RE-2026-00045');
    await expect(cancellation.getByText('Stornorechnung')).toBeInTheDocument();
    await expect(cancellation.getByText('-2543,00 €')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await row(canvasElement, 'RE-2026-00041')).getByText('Storniert')).toBeVisible(),
    );
  },
};

/** Only one document may be chosen for cancellation (spec 001 §5). */
export const CancelRefusesTwo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvasElement, 'RE-2026-00041');
    await select(canvasElement, 'RE-2026-00040');
    await canvas.findByText('2 ausgewählt');
    await userEvent.click(canvas.getByRole('button', { name: 'Stornieren' }));
    await pageBody().findByText('Es darf nur ein Dokument zum Stornieren ausgewählt werden.');
    await expect(pageBody().queryByRole('alertdialog', { name: /stornieren\?/ })).toBeNull();
    await expect(full.cancelled).toEqual([]);
  },
};

/** Only payment requests can be deleted: an invoice is refused with the spec's message. */
export const DeleteRefusesInvoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvasElement, 'RE-2026-00041');
    await userEvent.click(await canvas.findByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Nur Zahlungsaufforderungen können gelöscht werden.');
    await expect(full.deleted).toEqual([]);
  },
};

export const DeletesPaymentRequest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvasElement, 'Zahlungsaufforderung Jonas Becker');
    await userEvent.click(await canvas.findByRole('button', { name: 'Löschen' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Zahlungsaufforderung löschen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
    await expect(full.deleted).toEqual([103]);
    await canvas.findByText('1–6 von 6');
  },
};

export const SwitchesVisibility: Story = {
  play: async ({ canvasElement }) => {
    const visible = await within(await table(canvasElement)).findByRole('switch', {
      name: 'RE-2026-00039 für den Schüler sichtbar',
    });
    await expect(visible).not.toBeChecked();
    await userEvent.click(visible);
    await waitFor(() => expect(full.visibility).toEqual([{ id: 104, visible: true }]));
    await waitFor(() => expect(visible).toBeChecked());
  },
};

async function openMail(canvasElement: HTMLElement) {
  await chooseMenuItem(
    () => within(canvasElement).findByRole('button', { name: 'Aktionen für RE-2026-00041' }),
    'Per E-Mail senden',
  );
  return within(await pageBody().findByRole('dialog', { name: 'RE-2026-00041 per E-Mail senden' }));
}

/** Sent from the user's second mail account to the payer: toast `email_sent`. */
export const SendsEmail: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openMail(canvasElement);
    await userEvent.click(await dialog.findByRole('button', { name: /Absender-Konto/ }));
    await userEvent.click(
      await pageBody().findByRole('option', { name: 'rechnung@fahrschule-kurve.de' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await pageBody().findByText('Die E-Mail wurde gesendet.');
    await expect(full.emails).toEqual([{ id: 101, emailConfigId: 2 }]);
  },
};

/** The mail server refuses: toast `email_not_sent`, the dialog stays open. */
export const EmailNotSent: Story = {
  parameters: { msw: { handlers: mailFails.handlers } },
  play: async ({ canvasElement }) => {
    const dialog = await openMail(canvasElement);
    await dialog.findByRole('button', { name: /Absender-Konto/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await pageBody().findByText('Die E-Mail wurde nicht gesendet.');
    await expect(mailFails.emails).toEqual([{ id: 101, emailConfigId: 1 }]);
    await expect(dialog.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
  },
};

/** Without the write permission: no selection, no cancel or delete, visibility read-only. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'RE-2026-00041');
    await expect(canvas.getByText('Sie dürfen diese Daten nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Stornieren' })).toBeNull();
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
    await expect(
      canvas.getByRole('switch', { name: 'RE-2026-00041 für den Schüler sichtbar' }),
    ).toBeDisabled();
  },
};

/** Embedded in a student's invoices tab: only that student's documents. */
export const OneStudent: Story = {
  args: { studentId: 12 },
  play: async ({ canvasElement }) => {
    await row(canvasElement, 'RE-2026-00039');
    await expect(full.documentFilters.at(-1)).toMatchObject({ studentId: 12 });
    await expect(within(canvasElement).getByText('1–2 von 2')).toBeInTheDocument();
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Payment documents' });
    const number = await within(table).findByText('RE-2026-00041');
    const final = within(number.closest('tr') as HTMLElement);
    await expect(final.getByText('Final invoice')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Payment documents' })).toBeVisible();
  },
};
