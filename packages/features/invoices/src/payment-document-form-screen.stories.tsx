import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { draftRequestFixture, formsHandlers, recordFormCalls } from './mocks/forms-handlers';
import {
  PaymentDocumentFormScreen,
  type PaymentDocumentFormScreenProps,
} from './payment-document-form-screen';

const body = () => within(document.body);

/** Types by pasting: per-key typing is too slow on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.paste(text);
  await userEvent.tab();
}

const line = (canvas: ReturnType<typeof within>, position: number) =>
  within(canvas.getByRole('listitem', { name: `Position ${position}` }));

const meta = {
  title: 'Features/Invoices/PaymentDocumentFormScreen',
  component: PaymentDocumentFormScreen,
  args: {
    type: 'PAYMENT_REQUEST',
    payer: 'student',
    onSaved: fn(),
    onIssued: fn(),
    onDeleted: fn(),
  },
} satisfies Meta<typeof PaymentDocumentFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const newRequest = recordFormCalls();

/**
 * A payment request to Lena: the student from the picker (her only education is chosen by
 * itself), a line from her prices and a free one; the estimate per rate; the draft saved and
 * the server's amounts shown.
 */
export const NewPaymentRequest: Story = {
  parameters: { msw: { handlers: newRequest.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zahlungsaufforderung an Fahrschüler' });
    const student = canvas.getByRole('combobox', { name: /Fahrschüler/ });
    await userEvent.click(student);
    await userEvent.paste('Lena');
    await userEvent.click(await body().findByRole('option', { name: 'Lena Berger' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Ausbildung/ })).toHaveTextContent('Klasse B'),
    );
    // The footnote of the configuration is suggested.
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Text unter den Positionen' })).toHaveValue(
        'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.',
      ),
    );
    // A product from the price list replaces the empty first line.
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Aus der Preisliste' }));
    await userEvent.paste('Grund');
    await userEvent.click(await body().findByRole('option', { name: /Grundbetrag Klasse B/ }));
    await waitFor(() =>
      expect(line(canvas, 1).getByRole('textbox', { name: /Bezeichnung/ })).toHaveValue(
        'Grundbetrag Klasse B',
      ),
    );
    await expect(canvas.queryByRole('listitem', { name: 'Position 2' })).toBeNull();
    // A free line: two and a half overland lessons at 72 €, 19 %.
    await userEvent.click(canvas.getByRole('button', { name: 'Position hinzufügen' }));
    const second = line(canvas, 2);
    await fill(second.getByRole('textbox', { name: /Bezeichnung/ }), 'Fahrstunde Überland');
    await fill(second.getByRole('textbox', { name: /Menge/ }), '2,5');
    await fill(second.getByRole('textbox', { name: /Einzelpreis/ }), '72');
    await userEvent.click(second.getByRole('button', { name: /USt.-Satz/ }));
    await userEvent.click(await body().findByRole('option', { name: '19 %' }));
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Betrag der Position 2' })).toHaveTextContent(
        '180,00 €',
      ),
    );
    // 390,00 € + 180,00 € = 570,00 € gross; net 327,73 € + 151,26 € (rounded per line).
    const estimate = within(
      canvas.getByRole('table', { name: 'Beträge nach Steuersatz (vorläufig)' }),
    );
    const total = within(estimate.getByRole('row', { name: /Summe/ }));
    await expect(total.getByText('478,99 €')).toBeInTheDocument();
    await expect(total.getByText('91,01 €')).toBeInTheDocument();
    await expect(total.getByText('570,00 €')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    await body().findByText('Entwurf gespeichert.');
    await expect(newRequest.created).toHaveLength(1);
    await expect(newRequest.created[0]).toMatchObject({
      type: 'PAYMENT_REQUEST',
      studentId: 11,
      studentEducationId: 111,
      visible: true,
      footnote: 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.',
      lines: [
        {
          description: 'Grundbetrag Klasse B',
          quantity: 1,
          unitPrice: 39000,
          vatRate: 19,
          productId: 31,
        },
        { description: 'Fahrstunde Überland', quantity: 2.5, unitPrice: 7200, vatRate: 19 },
      ],
    });
    const saved = within(await canvas.findByRole('table', { name: 'Beträge nach Steuersatz' }));
    await expect(saved.getByRole('row', { name: /Summe/ })).toHaveTextContent('570,00 €');
    await expect(canvas.getByText('keine (Zahlungsaufforderung)')).toBeInTheDocument();
    await expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 750 }));
  },
};

const invalid = recordFormCalls();

/** Nothing chosen, nothing typed: the form says in German what is missing and sends nothing. */
export const ValidationErrors: Story = {
  parameters: { msw: { handlers: invalid.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zahlungsaufforderung an Fahrschüler' });
    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    await canvas.findByText('Bitte wählen Sie einen Fahrschüler.');
    await expect(canvas.getByText('Bitte geben Sie eine Bezeichnung ein.')).toBeInTheDocument();
    await expect(canvas.getByText('Bitte geben Sie einen Preis ein.')).toBeInTheDocument();
    await expect(invalid.created).toHaveLength(0);
  },
};

const refused = recordFormCalls({
  saveError: errorBody('errors.validation', {
    fieldErrors: [{ field: 'lines.0.description', error: 'validation.max_length' }],
    globalErrors: ['errors.reference_not_found'],
  }),
});

/** The server refuses (422): the field error at its field, the global one as the message. */
export const ServerRefuses: Story = {
  args: { studentId: 11 },
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Ausbildung/ })).toHaveTextContent('Klasse B'),
    );
    const first = line(canvas, 1);
    await fill(first.getByRole('textbox', { name: /Bezeichnung/ }), 'Anzahlung');
    await fill(first.getByRole('textbox', { name: /Einzelpreis/ }), '500');
    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Ein verknüpfter Eintrag existiert in Ihrer Fahrschule nicht.',
    );
    await expect(first.getByText('Die Eingabe ist zu lang.')).toBeInTheDocument();
    await expect(refused.created).toHaveLength(1);
  },
};

const draft = recordFormCalls();

/** A saved draft: loaded, issued after the confirmation — a payment request gets no number. */
export const IssueDraftRequest: Story = {
  args: { documentId: draftRequestFixture.id },
  parameters: { msw: { handlers: draft.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zahlungsaufforderung an Fahrschüler' });
    await waitFor(() =>
      expect(line(canvas, 2).getByRole('textbox', { name: /Bezeichnung/ })).toHaveValue(
        'Fahrstunde Überland',
      ),
    );
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: /Fahrschüler/ })).toHaveValue('Lena Berger'),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Ausstellen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await expect(
      dialog.getByText(/keine Rechnung: Sie erhält keine Rechnungsnummer/),
    ).toBeInTheDocument();
    // The changes were saved first (the draft is updated, not created again).
    await expect(draft.updated.map((row) => row.id)).toEqual([draftRequestFixture.id]);
    await expect(draft.created).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Ausstellen' }));
    await body().findByText('Zahlungsaufforderung ausgestellt.');
    await canvas.findByText(/keine Rechnungsnummer/);
    await expect(draft.issued).toEqual([draftRequestFixture.id]);
    await expect(args.onIssued).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'ISSUED', type: 'PAYMENT_REQUEST' }),
    );
    await expect(canvas.queryByRole('button', { name: 'Ausstellen' })).toBeNull();
  },
};

const partial = recordFormCalls();

/** A partial invoice to a given student: saved, issued, numbered. */
export const IssuePartialInvoice: Story = {
  args: { type: 'PARTIAL_INVOICE', studentId: 11 },
  parameters: { msw: { handlers: partial.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Abschlagsrechnung an Fahrschüler' });
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: /Fahrschüler/ })).toHaveValue('Lena Berger'),
    );
    const first = line(canvas, 1);
    await fill(first.getByRole('textbox', { name: /Bezeichnung/ }), 'Fahrstunden März');
    await fill(first.getByRole('textbox', { name: /Menge/ }), '4');
    await fill(first.getByRole('textbox', { name: /Einzelpreis/ }), '65');
    await userEvent.click(canvas.getByRole('button', { name: 'Ausstellen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await expect(dialog.getByText(/nie mehr geändert werden/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Ausstellen' }));
    await canvas.findByRole('heading', { name: /^Abschlagsrechnung RE-2026-\d{5}$/ });
    await expect(canvas.getByText(/Stornorechnung korrigiert/)).toBeInTheDocument();
    // Without a rate the server chose 19 %: 260,00 € gross.
    const totals = within(canvas.getByRole('table', { name: 'Beträge nach Steuersatz' }));
    await expect(totals.getByRole('row', { name: /19 %/ })).toHaveTextContent('260,00 €');
    await expect(partial.created[0]?.lines[0]).toEqual({
      description: 'Fahrstunden März',
      quantity: 4,
      unitPrice: 6500,
    });
  },
};

const issueRefused = recordFormCalls({
  document: { ...draftRequestFixture, id: 760, type: 'PARTIAL_INVOICE', issueDate: '2026-01-02' },
  issueError: errorBody('errors.validation', {
    fieldErrors: [{ field: 'issueDate', error: 'errors.issue_date_order' }],
  }),
});

/** Issuing refused (the date lies before the newest invoice): shown at the date; still a draft. */
export const IssueRefused: Story = {
  args: { type: 'PARTIAL_INVOICE', documentId: 760 },
  parameters: { msw: { handlers: issueRefused.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Abschlagsrechnung an Fahrschüler' });
    await userEvent.click(await canvas.findByRole('button', { name: 'Ausstellen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Ausstellen' }));
    await canvas.findByText('Das Rechnungsdatum darf nicht vor dem der letzten Rechnung liegen.');
    await expect(canvas.getByRole('button', { name: 'Ausstellen' })).toBeInTheDocument();
    await expect(issueRefused.issued).toEqual([760]);
  },
};

const deposit = recordFormCalls();

/** A deposit invoice to a cost bearer: the draft's PDF in the download dialog. */
export const DepositInvoicePreview: Story = {
  args: { type: 'DEPOSIT_INVOICE', payer: 'costBearer', costBearerId: 42 },
  parameters: { msw: { handlers: deposit.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anzahlungsrechnung an Kostenträger' });
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: /Kostenträger/ })).toHaveValue(
        'Spedition Hansen GmbH',
      ),
    );
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Text unter den Positionen' })).toHaveValue(
        'Zahlbar innerhalb von 30 Tagen.',
      ),
    );
    const first = line(canvas, 1);
    await fill(first.getByRole('textbox', { name: /Bezeichnung/ }), 'Anzahlung Lehrgang CE');
    await fill(first.getByRole('textbox', { name: /Einzelpreis/ }), '1500');
    await userEvent.click(first.getByRole('button', { name: /USt.-Satz/ }));
    await userEvent.click(await body().findByRole('option', { name: '0 %' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Vorschau' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Vorschau: Anzahlungsrechnung (Entwurf)' }),
    );
    await dialog.findByTitle(/entwurf-750\.pdf/);
    await expect(deposit.created[0]).toMatchObject({
      type: 'DEPOSIT_INVOICE',
      costBearerId: 42,
      eInvoiceFormat: 'ZUGFERD',
    });
    await expect(deposit.created[0]).not.toHaveProperty('buyerReference');
    await expect(deposit.created[0]).not.toHaveProperty('studentId');
    await expect(deposit.pdfs).toEqual([{ id: 750, removeLetterhead: false }]);
  },
};

const deleting = recordFormCalls();

/** A draft deleted after the confirmation. */
export const DeleteDraft: Story = {
  args: { documentId: draftRequestFixture.id },
  parameters: { msw: { handlers: deleting.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Entwurf löschen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Entwurf löschen' }));
    await body().findByText('Gelöscht.');
    await expect(deleting.deleted).toEqual([draftRequestFixture.id]);
    await expect(args.onDeleted).toHaveBeenCalled();
    // The deleted draft is not loaded again: a new, empty form.
    await canvas.findByText('Wird als Entwurf gespeichert und erst mit „Ausstellen“ endgültig.');
    await expect(line(canvas, 1).getByRole('textbox', { name: /Bezeichnung/ })).toHaveValue('');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const issuedView = recordFormCalls();

/** An issued invoice opened by id: read-only, with its number and the server's amounts. */
export const IssuedInvoice: Story = {
  args: { type: 'PARTIAL_INVOICE', documentId: 801 },
  parameters: { msw: { handlers: issuedView.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Abschlagsrechnung RE-2026-00012' });
    await expect(canvas.queryByRole('button', { name: 'Als Entwurf speichern' })).toBeNull();
    await expect(canvas.getByText('290,00 €')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'PDF anzeigen' }));
    const dialog = within(await body().findByRole('dialog'));
    await dialog.findByTitle(/RE-2026-00012\.pdf/);
  },
};

/** The draft is still loading. */
export const Loading: Story = {
  args: { documentId: 701 },
  parameters: { msw: { handlers: [formsHandlers.documentLoading] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Dokument wird geladen …');
  },
};

/** The draft could not be loaded. */
export const LoadError: Story = {
  args: { documentId: 701 },
  parameters: { msw: { handlers: [formsHandlers.documentError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Das Dokument konnte nicht geladen werden.');
  },
};

/** Without the write permissions the buttons are gone. */
export const ReadOnly: Story = {
  args: { documentId: draftRequestFixture.id },
  parameters: {
    msw: { handlers: recordFormCalls().handlers },
    permissions: ['MODULE_AUTOMATIC_PAYMENTS', 'MODULE_CUSTOMERS'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Zahlungsaufforderung an Fahrschüler' });
    await expect(canvas.queryByRole('button', { name: 'Ausstellen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Als Entwurf speichern' })).toBeNull();
  },
};

/** A host that keeps the draft's id in its URL, as the back office does after the first save. */
function HostWithUrl(props: PaymentDocumentFormScreenProps) {
  const [documentId, setDocumentId] = useState(props.documentId);
  return (
    <PaymentDocumentFormScreen
      {...props}
      {...(documentId === undefined ? {} : { documentId })}
      onSaved={(document) => {
        props.onSaved?.(document);
        setDocumentId(document.id);
      }}
    />
  );
}

const hosted = recordFormCalls();

/** The first save puts the id into the host's URL: the form stays, the preview opens, the next save updates. */
export const HostKeepsIdInUrl: Story = {
  args: { studentId: 11 },
  parameters: { msw: { handlers: hosted.handlers } },
  render: (args) => <HostWithUrl {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: /Fahrschüler/ })).toHaveValue('Lena Berger'),
    );
    const first = line(canvas, 1);
    await fill(first.getByRole('textbox', { name: /Bezeichnung/ }), 'Anzahlung');
    await fill(first.getByRole('textbox', { name: /Einzelpreis/ }), '500');
    await userEvent.click(canvas.getByRole('button', { name: 'Vorschau' }));
    const dialog = within(await body().findByRole('dialog'));
    await dialog.findByTitle(/entwurf-750\.pdf/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(line(canvas, 1).getByRole('textbox', { name: /Bezeichnung/ })).toHaveValue(
      'Anzahlung',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    await body().findByText('Entwurf gespeichert.');
    await expect(hosted.created).toHaveLength(1);
    await expect(hosted.updated.map((row) => row.id)).toEqual([750]);
  },
};

const authority = recordFormCalls();

/** To an authority in XRechnung: the Leitweg-ID comes from the cost bearer and cannot be left out. */
export const XRechnungNeedsLeitwegId: Story = {
  args: { type: 'PAYMENT_REQUEST', payer: 'costBearer', costBearerId: 41 },
  parameters: { msw: { handlers: authority.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reference = await canvas.findByRole('textbox', { name: /Leitweg-ID/ });
    await waitFor(() => expect(reference).toHaveValue('05315-12345-06'));
    await expect(canvas.getByRole('button', { name: /Rechnungsformat/ })).toHaveTextContent(
      'XRechnung',
    );
    const first = line(canvas, 1);
    await fill(first.getByRole('textbox', { name: /Bezeichnung/ }), 'Lehrgang CE, 1. Rate');
    await fill(first.getByRole('textbox', { name: /Einzelpreis/ }), '1200');
    await fill(reference, '');
    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    await canvas.findByText('Für eine XRechnung ist die Leitweg-ID des Kostenträgers nötig.');
    await expect(authority.created).toHaveLength(0);
    await fill(reference, '991-33333TEST-33');
    await fill(canvas.getByRole('textbox', { name: /Bildungsgutschein/ }), 'BGS-2026-4711');
    await userEvent.click(canvas.getByRole('button', { name: 'Als Entwurf speichern' }));
    await body().findByText('Entwurf gespeichert.');
    await expect(authority.created[0]).toMatchObject({
      costBearerId: 41,
      eInvoiceFormat: 'XRECHNUNG',
      buyerReference: '991-33333TEST-33',
      voucherNumber: 'BGS-2026-4711',
    });
  },
};

/** The form in English; amounts keep the product's format. */
export const InEnglish: Story = {
  globals: { locale: 'en' },
  args: { documentId: draftRequestFixture.id },
  parameters: { msw: { handlers: recordFormCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Payment request to a student' });
    await canvas.findByRole('heading', { name: 'Saved draft' });
    const totals = within(canvas.getByRole('table', { name: 'Amounts by VAT rate' }));
    await expect(totals.getByRole('row', { name: /Total/ })).toHaveTextContent('534,00 €');
    await expect(canvas.getByRole('button', { name: 'Save as draft' })).toBeInTheDocument();
    await expect(canvas.getByText('none (payment request)')).toBeInTheDocument();
  },
};
