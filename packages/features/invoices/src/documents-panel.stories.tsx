import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DocumentsPanel } from './documents-panel';
import {
  draftRequestFixture,
  formsHandlers,
  recordFormCalls,
  studentDocumentsFixture,
} from './mocks/forms-handlers';

const body = () => within(document.body);

const rowOf = (canvas: ReturnType<typeof within>, number: string) =>
  within(canvas.getByRole('row', { name: new RegExp(number) }));

async function chooseAction(canvas: ReturnType<typeof within>, name: string, action: string) {
  await userEvent.click(await canvas.findByRole('button', { name: `Aktionen für ${name}` }));
  await userEvent.click(await body().findByRole('menuitem', { name: action }));
}

const meta = {
  title: 'Features/Invoices/DocumentsPanel',
  component: DocumentsPanel,
  args: { studentId: 11, onNewPaymentRequest: fn(), onEditDraft: fn() },
} satisfies Meta<typeof DocumentsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const studentCalls = recordFormCalls();

/** Lena's documents: kind, number, date, total, open amount and status; a payment request has no number. */
export const StudentDocuments: Story = {
  parameters: { msw: { handlers: studentCalls.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00012' });
    const partial = rowOf(canvas, 'RE-2026-00012');
    await expect(partial.getByText('Abschlagsrechnung')).toBeInTheDocument();
    await expect(partial.getByText('02.03.2026')).toBeInTheDocument();
    await expect(partial.getByText('390,00 €')).toBeInTheDocument();
    await expect(partial.getByText('290,00 €')).toBeInTheDocument();
    await expect(partial.getByText('Ausgestellt')).toBeInTheDocument();
    await expect(rowOf(canvas, 'RE-2026-00005').getByText('Storniert')).toBeInTheDocument();
    await expect(rowOf(canvas, 'RE-2026-00006').getByText('Stornorechnung')).toBeInTheDocument();
    const request = rowOf(canvas, 'Zahlungsaufforderung');
    await expect(request.getByText('ohne Nummer')).toBeInTheDocument();
    await expect(studentCalls.filters[0]).toMatchObject({ studentId: 11, page: 0 });
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Zahlungsaufforderung' }));
    await expect(args.onNewPaymentRequest).toHaveBeenCalled();
  },
};

const cancelCalls = recordFormCalls();

/** One invoice cancelled after the confirmation: its cancellation invoice appears, the invoice is cancelled. */
export const CancelInvoice: Story = {
  parameters: { msw: { handlers: cancelCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseAction(canvas, 'Abschlagsrechnung RE-2026-00012', 'Stornieren');
    const dialog = within(await body().findByRole('alertdialog'));
    await expect(
      dialog.getByText(/Stornorechnung mit der nächsten Rechnungsnummer/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Stornieren' }));
    await body().findByText(
      /Abschlagsrechnung RE-2026-00012 storniert – Stornorechnung RE-2026-\d{5}\./,
    );
    await expect(cancelCalls.cancelled).toEqual([801]);
    await waitFor(() =>
      expect(rowOf(canvas, 'RE-2026-00012').getByText('Storniert')).toBeInTheDocument(),
    );
    // Cancelled once: no second cancellation is offered.
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für Abschlagsrechnung RE-2026-00012' }),
    );
    const menu = within(await body().findByRole('menu'));
    await expect(menu.queryByRole('menuitem', { name: 'Stornieren' })).toBeNull();
  },
};

/** The server refuses the cancellation: its message as a toast, nothing changes. */
export const CancelRefused: Story = {
  parameters: {
    msw: {
      handlers: recordFormCalls({
        cancelError: errorBody('errors.document_not_cancellable', {
          globalErrors: ['errors.document_not_cancellable'],
        }),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseAction(canvas, 'Abschlagsrechnung RE-2026-00012', 'Stornieren');
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Stornieren' }));
    await body().findByText('Dieses Dokument kann nicht storniert werden.');
    await expect(rowOf(canvas, 'RE-2026-00012').getByText('Ausgestellt')).toBeInTheDocument();
  },
};

const visibilityCalls = recordFormCalls();

/** The student sees the paid partial invoice in the app after the switch. */
export const Visibility: Story = {
  parameters: { msw: { handlers: visibilityCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('switch', {
      name: 'Abschlagsrechnung RE-2026-00007 in der App zeigen',
    });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await body().findByText('Gespeichert.');
    await expect(visibilityCalls.visibility).toEqual([{ id: 802, visible: true }]);
    await waitFor(() => expect(toggle).toBeChecked());
  },
};

const deleteCalls = recordFormCalls();

/** A payment request deleted after the confirmation; invoices offer no deletion. */
export const DeletePaymentRequest: Story = {
  parameters: { msw: { handlers: deleteCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Aktionen für Abschlagsrechnung RE-2026-00012' }),
    );
    const menu = within(await body().findByRole('menu'));
    await expect(menu.queryByRole('menuitem', { name: 'Löschen' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await chooseAction(canvas, 'Zahlungsaufforderung', 'Löschen');
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await body().findByText('Gelöscht.');
    await expect(deleteCalls.deleted).toEqual([805]);
  },
};

const pdfCalls = recordFormCalls();

/** An issued invoice's PDF in the download dialog; "ohne Briefkopf" fetches it again. */
export const ShowPdf: Story = {
  parameters: { msw: { handlers: pdfCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseAction(canvas, 'Abschlagsrechnung RE-2026-00012', 'PDF anzeigen');
    const dialog = within(
      await body().findByRole('dialog', { name: 'Abschlagsrechnung RE-2026-00012' }),
    );
    await dialog.findByTitle(/RE-2026-00012\.pdf/);
    await userEvent.click(dialog.getByRole('switch'));
    await waitFor(() =>
      expect(pdfCalls.pdfs).toEqual([
        { id: 801, removeLetterhead: false },
        { id: 801, removeLetterhead: true },
      ]),
    );
    await dialog.findByTitle(/RE-2026-00012\.pdf/);
  },
};

/** Where the type does not allow it, the server refuses "ohne Briefkopf": the spec's German message. */
export const LetterheadRefused: Story = {
  parameters: { msw: { handlers: recordFormCalls({ refuseLetterheadRemoval: true }).handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseAction(canvas, 'Abschlagsrechnung RE-2026-00012', 'PDF anzeigen');
    const dialog = within(await body().findByRole('dialog'));
    await dialog.findByTitle(/RE-2026-00012\.pdf/);
    await userEvent.click(dialog.getByRole('switch'));
    await waitFor(() =>
      expect(
        body().getAllByText(
          'Das Entfernen des Briefkopfes ist für diesen Dokumententyp nicht erlaubt!',
        ).length,
      ).toBeGreaterThan(0),
    );
  },
};

const costBearerCalls = recordFormCalls();

/** The cost bearer's record: its invoices with the e-invoice; no visibility switch. */
export const CostBearerDocuments: Story = {
  args: { studentId: undefined, costBearerId: 41, onNewPaymentRequest: undefined },
  parameters: { msw: { handlers: costBearerCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00020' });
    await expect(rowOf(canvas, 'RE-2026-00020').getByText('Lehrgangsrechnung')).toBeInTheDocument();
    await expect(rowOf(canvas, 'RE-2026-00009').getByText('Bezahlt')).toBeInTheDocument();
    await expect(canvas.queryByRole('switch')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Neue Zahlungsaufforderung' })).toBeNull();
    await chooseAction(canvas, 'Lehrgangsrechnung RE-2026-00020', 'XRechnung herunterladen');
    await waitFor(() => expect(costBearerCalls.eInvoices).toEqual([901]));
    await expect(costBearerCalls.filters[0]).toMatchObject({ costBearerId: 41 });
    await expect(costBearerCalls.filters[0]).not.toHaveProperty('studentId');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [formsHandlers.documentsEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Für diesen Fahrschüler gibt es noch keine Rechnungen oder Zahlungsaufforderungen.',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [formsHandlers.documentsLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [formsHandlers.documentsError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Dokumente konnten nicht geladen werden.');
  },
};

/** Read permission only: documents and PDFs, no switch to change, no cancellation, no new request. */
export const ReadOnly: Story = {
  parameters: {
    msw: { handlers: recordFormCalls().handlers },
    permissions: ['MODULE_AUTOMATIC_PAYMENTS'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00012' });
    await expect(
      canvas.getByRole('switch', { name: 'Abschlagsrechnung RE-2026-00012 in der App zeigen' }),
    ).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Neue Zahlungsaufforderung' })).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für Abschlagsrechnung RE-2026-00012' }),
    );
    const menu = within(await body().findByRole('menu'));
    await menu.findByRole('menuitem', { name: 'PDF anzeigen' });
    await expect(menu.queryByRole('menuitem', { name: 'Stornieren' })).toBeNull();
  },
};

/** A draft is listed without a number; "Entwurf bearbeiten" hands it to the host. */
export const EditDraft: Story = {
  parameters: {
    msw: {
      handlers: recordFormCalls({ documents: [draftRequestFixture, ...studentDocumentsFixture] })
        .handlers,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'RE-2026-00012' });
    const drafts = canvas.getAllByRole('row', { name: /Entwurf/ });
    await expect(drafts).toHaveLength(1);
    await userEvent.click(
      within(drafts[0] as HTMLElement).getByRole('button', { name: /^Aktionen für/ }),
    );
    const menu = within(await body().findByRole('menu'));
    await expect(menu.queryByRole('menuitem', { name: 'Stornieren' })).toBeNull();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Entwurf bearbeiten' }));
    await expect(args.onEditDraft).toHaveBeenCalledWith(
      expect.objectContaining({ id: draftRequestFixture.id, status: 'DRAFT' }),
    );
  },
};

/** The panel in English: texts, amounts and dates keep the product's format. */
export const InEnglish: Story = {
  globals: { locale: 'en' },
  parameters: { msw: { handlers: recordFormCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Invoices and payment requests' });
    const partial = within(await canvas.findByRole('row', { name: /RE-2026-00012/ }));
    await expect(partial.getByText('Partial invoice')).toBeInTheDocument();
    await expect(partial.getByText('290,00 €')).toBeInTheDocument();
    await expect(partial.getByText('02.03.2026')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New payment request' })).toBeInTheDocument();
  },
};
