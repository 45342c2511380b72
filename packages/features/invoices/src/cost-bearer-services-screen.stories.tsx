import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CostBearerServicesScreen } from './cost-bearer-services-screen';
import { formsHandlers, recordFormCalls } from './mocks/forms-handlers';

const body = () => within(document.body);

async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.clear(input);
  if (text) await userEvent.paste(text);
  await userEvent.tab();
}

const meta = {
  title: 'Features/Invoices/CostBearerServicesScreen',
  component: CostBearerServicesScreen,
  args: { costBearerId: 41, onIssued: fn() },
} satisfies Meta<typeof CostBearerServicesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const service = recordFormCalls();

/**
 * The Jobcenter Köln's service invoice: the signed, unbilled lessons of its two educations
 * (the unsigned and the billed one are not offered), one left out, the preview with the draft
 * notice, then issued as XRechnung with the Leitweg-ID.
 */
export const ServiceInvoice: Story = {
  parameters: { msw: { handlers: service.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Leistungen abrechnen: Jobcenter Köln' });
    const appointments = within(canvas.getByRole('group', { name: 'Termine' }));
    await waitFor(() => expect(appointments.getAllByRole('checkbox')).toHaveLength(3));
    const mira = appointments.getByRole('checkbox', { name: /12\.03\.2026.*Mira Schulte/ });
    await waitFor(() => expect(mira).toBeChecked());
    await expect(appointments.queryByRole('checkbox', { name: /14\.03\.2026/ })).toBeNull();
    await expect(appointments.queryByRole('checkbox', { name: /20\.02\.2026/ })).toBeNull();
    await expect(canvas.getByText('3 Termine gewählt, 480,00 €')).toBeInTheDocument();
    await userEvent.click(mira);
    await canvas.findByText('2 Termine gewählt, 320,00 €');
    await expect(canvas.getByRole('textbox', { name: /Leitweg-ID/ })).toHaveValue('05315-12345-06');

    await userEvent.click(canvas.getByRole('button', { name: 'Vorschau' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Vorschau: Leistungsrechnung (Entwurf)' }),
    );
    await dialog.findByTitle(/vorschau-leistungsrechnung\.pdf/);
    await expect(service.serviceInvoicePreviews[0]).toMatchObject({
      costBearerId: 41,
      includeDraftText: true,
      body: { studentEducationIds: [121, 131], appointmentIds: [501, 502] },
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: 'Rechnung ausstellen' }));
    const confirm = within(await body().findByRole('alertdialog'));
    await expect(confirm.getByText(/nicht erneut abgerechnet werden/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Rechnung ausstellen' }));
    await canvas.findByRole('heading', { name: /^Leistungsrechnung RE-2026-\d{5}$/ });
    await expect(service.costBearerInvoices).toEqual([
      {
        costBearerId: 41,
        serviceInvoice: true,
        studentEducationIds: [121, 131],
        appointmentIds: [501, 502],
        eInvoiceFormat: 'XRECHNUNG',
        buyerReference: '05315-12345-06',
      },
    ]);
    await expect(args.onIssued).toHaveBeenCalled();
    // The new invoice's XRechnung at once (the mock counts only answered e-invoices).
    await userEvent.click(canvas.getByRole('button', { name: 'XRechnung herunterladen' }));
    await waitFor(() => expect(service.eInvoices).toEqual([960]));
  },
};

const course = recordFormCalls();

/** The course invoice takes further lines (other services only this way); its own preview. */
export const CourseInvoice: Story = {
  parameters: { msw: { handlers: course.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Leistungen abrechnen: Jobcenter Köln' });
    await expect(canvas.queryByRole('button', { name: 'Position hinzufügen' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Rechnungsart/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Lehrgangsrechnung' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Position hinzufügen' }));
    const line = within(canvas.getByRole('listitem', { name: 'Position 1' }));
    await fill(line.getByRole('textbox', { name: /Bezeichnung/ }), 'Grundbetrag Klasse CE');
    await fill(line.getByRole('textbox', { name: /Einzelpreis/ }), '450');
    await fill(canvas.getByRole('textbox', { name: /Bildungsgutschein/ }), 'BGS-2026-4711');
    await userEvent.click(canvas.getByRole('button', { name: 'Vorschau' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Vorschau: Lehrgangsrechnung (Entwurf)' }),
    );
    await dialog.findByTitle(/vorschau-lehrgangsrechnung\.pdf/);
    await expect(course.courseInvoicePreviews[0]).toMatchObject({
      costBearerId: 41,
      serviceInvoice: false,
      appointmentIds: [501, 502, 503],
      voucherNumber: 'BGS-2026-4711',
      lines: [{ description: 'Grundbetrag Klasse CE', quantity: 1, unitPrice: 45000 }],
    });
    await expect(course.serviceInvoicePreviews).toHaveLength(0);
  },
};

const noReference = recordFormCalls();

/** XRechnung without a Leitweg-ID is refused before any call, at the field. */
export const BuyerReferenceRequired: Story = {
  parameters: { msw: { handlers: noReference.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reference = await canvas.findByRole('textbox', { name: /Leitweg-ID/ });
    await fill(reference, '');
    await userEvent.click(canvas.getByRole('button', { name: 'Rechnung ausstellen' }));
    await canvas.findByText('Für eine XRechnung ist die Leitweg-ID des Kostenträgers nötig.');
    await expect(body().queryByRole('alertdialog')).toBeNull();
    await expect(noReference.costBearerInvoices).toHaveLength(0);
  },
};

/** Nothing chosen: the service invoice needs an appointment. */
export const NothingChosen: Story = {
  parameters: { msw: { handlers: recordFormCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const appointments = within(await canvas.findByRole('group', { name: 'Termine' }));
    await waitFor(() => expect(appointments.getAllByRole('checkbox')).toHaveLength(3));
    for (const box of appointments.getAllByRole('checkbox')) {
      await waitFor(() => expect(box).toBeChecked());
      await userEvent.click(box);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Vorschau' }));
    await canvas.findByText('Bitte wählen Sie mindestens einen Termin.');
  },
};

const refused = recordFormCalls({
  costBearerInvoiceError: errorBody('errors.validation', {
    fieldErrors: [{ field: 'buyerReference', error: 'errors.buyer_reference_required' }],
    globalErrors: ['errors.already_invoiced'],
  }),
});

/** The server refuses (422): the Leitweg-ID at its field, "Bereits abgerechnet." as the message. */
export const ServerRefuses: Story = {
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Leistungen abrechnen: Jobcenter Köln' });
    await userEvent.click(canvas.getByRole('button', { name: 'Rechnung ausstellen' }));
    const confirm = within(await body().findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Rechnung ausstellen' }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Bereits abgerechnet.'),
    );
    await expect(
      canvas.getByText('Für eine XRechnung ist die Leitweg-ID des Kostenträgers nötig.'),
    ).toBeInTheDocument();
    await expect(refused.costBearerInvoices).toHaveLength(1);
  },
};

/** A cost bearer paying no active education. */
export const NoEducations: Story = {
  parameters: {
    msw: {
      handlers: [
        formsHandlers.educationsEmpty,
        formsHandlers.appointmentsEmpty,
        ...recordFormCalls().handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Kostenträger bezahlt keine aktive Ausbildung.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [formsHandlers.appointmentsLoading, ...recordFormCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Daten des Kostenträgers werden geladen …');
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [formsHandlers.costBearerError, ...recordFormCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Die Daten des Kostenträgers konnten nicht geladen werden.',
    );
  },
};
