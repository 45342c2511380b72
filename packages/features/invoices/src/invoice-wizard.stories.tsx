import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InvoiceWizard } from './invoice-wizard';
import { invoicesHandlers, mockInvoices, resetInvoiceMocks } from './mocks/handlers';

const full = mockInvoices();
const notFinished = mockInvoices({ createError: 'errors.education_not_finished' });
const oneCustomer = mockInvoices({ createError: 'errors.final_invoice_one_customer' });
const previewRefused = mockInvoices({ previewError: 'errors.nothing_to_invoice' });
const many = mockInvoices({
  candidates: Array.from({ length: 60 }, (_, index) => ({
    studentEducationId: 1000 + index,
    studentId: 500 + index,
    studentName: `Schüler ${String(index + 1).padStart(2, '0')}`,
    licenseClass: 'B' as const,
    servicesGross: 100000,
    deductedGross: 0,
    totalGross: 100000,
    lineCount: 12,
  })),
});

const meta = {
  title: 'Features/Invoices/InvoiceWizard',
  component: InvoiceWizard,
  args: { onIssued: fn(), onRunStarted: fn(), onCancel: fn() },
  beforeEach: () => resetInvoiceMocks(),
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof InvoiceWizard>;

export default meta;
type Story = StoryObj<typeof meta>;

const candidates = async (canvasElement: HTMLElement) =>
  within(
    await within(canvasElement).findByRole('table', { name: 'Ausbildungen zur Schlussrechnung' }),
  );

async function choose(canvasElement: HTMLElement, name: string) {
  const table = await candidates(canvasElement);
  await userEvent.click(await table.findByRole('checkbox', { name: `${name} auswählen` }));
}

async function next(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Weiter' }));
}

async function currentStep(canvasElement: HTMLElement, name: RegExp) {
  const steps = within(canvasElement).getByRole('list', { name: 'Schritte' });
  await waitFor(() =>
    expect(within(steps).getByText(name).closest('li')).toHaveAttribute('aria-current', 'step'),
  );
}

/** Step 1: the finished educations with what the invoice would bill; the one-customer rule. */
export const ChooseStudents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await candidates(canvasElement);
    await table.findByText('K-00012');
    const lena = within(table.getAllByText('Lena Meyer')[0]?.closest('tr') as HTMLElement);
    await expect(lena.getByText('2983,00 €')).toBeInTheDocument();
    await expect(lena.getByText('440,00 €')).toBeInTheDocument();
    await expect(lena.getByText('2543,00 €')).toBeInTheDocument();
    await currentStep(canvasElement, /Schüler wählen/);
    await expect(
      canvas.getByText(/Für eine Schlussrechnung darf nur ein Kunde ausgewählt sein\./),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await choose(canvasElement, 'Lena Meyer (B)');
    await canvas.findByText('1 Ausbildung ausgewählt · Summe 2543,00 €');
    // One customer: another student's education cannot be added, the same student's can.
    await expect(
      table.getByRole('checkbox', { name: 'Jonas Becker (B) auswählen' }),
    ).toBeDisabled();
    await choose(canvasElement, 'Lena Meyer (BE)');
    await canvas.findByText('2 Ausbildungen ausgewählt · Summe 3433,00 €');
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  },
};

/** Search, branch and class go to the server. */
export const FiltersCandidates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await candidates(canvasElement)).findByText('Tim Wagner');
    await userEvent.click(canvas.getByRole('button', { name: /Alle Klassen/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'CE' }));
    await waitFor(() =>
      expect(full.candidateFilters.at(-1)).toMatchObject({ licenseClasses: ['CE'] }),
    );
    await waitFor(() => expect(canvas.queryByText('Tim Wagner')).toBeNull());
    await expect(canvas.getByText('Mia Schulz')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Alle Filialen/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Filiale Spandau' }));
    await canvas.findByText('Keine Ausbildung zu diesem Filter.');
    await expect(full.candidateFilters.at(-1)).toMatchObject({
      licenseClasses: ['CE'],
      branchIds: [2],
    });
  },
};

export const ChooseEmpty: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.candidatesEmpty, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Keine abgeschlossene Ausbildung wartet auf ihre Schlussrechnung.',
    );
  },
};

export const ChooseLoading: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.candidatesLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const ChooseError: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.candidatesError, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Ausbildungen konnten nicht geladen werden.');
  },
};

/** One cost bearer's students only (the cost bearer's invoices tab). */
export const OneCostBearer: Story = {
  args: { costBearerId: 3 },
  play: async ({ canvasElement }) => {
    const table = await candidates(canvasElement);
    await table.findByText('Mia Schulz');
    await expect(table.queryByText('Lena Meyer')).toBeNull();
    await expect(full.candidateFilters.at(-1)).toMatchObject({ costBearerId: 3 });
  },
};

async function toReview(canvasElement: HTMLElement) {
  await choose(canvasElement, 'Lena Meyer (B)');
  await choose(canvasElement, 'Lena Meyer (BE)');
  await next(canvasElement);
  return within(
    await within(canvasElement).findByRole('table', { name: 'Schlussrechnungen zur Prüfung' }),
  );
}

/** Step 2: each final invoice's amounts and lines, the PDF preview in the download dialog. */
export const ReviewWithPreview: Story = {
  play: async ({ canvasElement }) => {
    const review = await toReview(canvasElement);
    await currentStep(canvasElement, /Prüfen/);
    await expect(review.getByText('-440,00 €')).toBeInTheDocument();
    await expect(review.getByText('3433,00 €')).toBeInTheDocument();
    await expect(review.getByText('24')).toBeInTheDocument();
    await userEvent.click(review.getByRole('button', { name: 'Vorschau für Lena Meyer (B)' }));
    const dialog = within(
      await pageBody().findByRole('dialog', {
        name: 'Vorschau der Schlussrechnung: Lena Meyer (B)',
      }),
    );
    await dialog.findByTitle('Vorschau von schlussrechnung-entwurf-201.pdf');
    await expect(full.previews).toEqual([201]);
    await expect(dialog.queryByRole('switch')).toBeNull();
  },
};

export const PreviewLoading: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.previewLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    const review = await toReview(canvasElement);
    await userEvent.click(review.getByRole('button', { name: 'Vorschau für Lena Meyer (BE)' }));
    const dialog = within(await pageBody().findByRole('dialog'));
    await dialog.findByText('PDF wird geladen …');
    await expect(dialog.getByRole('button', { name: 'Herunterladen' })).toBeDisabled();
  },
};

/** The server cannot render the preview: its text in the dialog. */
export const PreviewRefused: Story = {
  parameters: { msw: { handlers: previewRefused.handlers } },
  play: async ({ canvasElement }) => {
    const review = await toReview(canvasElement);
    await userEvent.click(review.getByRole('button', { name: 'Vorschau für Lena Meyer (B)' }));
    const dialog = within(await pageBody().findByRole('dialog'));
    await dialog.findByText('Es gibt nichts abzurechnen.');
    await expect(dialog.getByRole('button', { name: 'Herunterladen' })).toBeDisabled();
  },
};

async function toIssue(canvasElement: HTMLElement) {
  await toReview(canvasElement);
  await next(canvasElement);
  await within(canvasElement).findByRole('heading', { name: 'Ausstellen' });
}

/** Step 3 for one customer: both final invoices at once, then their PDFs. */
export const IssuesForOneCustomer: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await toIssue(canvasElement);
    await currentStep(canvasElement, /Ausstellen/);
    await expect(
      canvas.getByText('2 Schlussrechnungen für Lena Meyer über zusammen 3433,00 €.'),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Schlussrechnungen ausstellen' }));
    const issued = await canvas.findByRole('list', { name: 'Ausgestellte Schlussrechnungen' });
    await expect(within(issued).getByText('RE-2026-00045')).toBeInTheDocument();
    await expect(within(issued).getByText('RE-2026-00046')).toBeInTheDocument();
    await expect(full.createdFinalInvoices).toEqual([[201, 202]]);
    await waitFor(() => expect(args.onIssued).toHaveBeenCalledTimes(1));
    await pageBody().findByText('2 Schlussrechnungen ausgestellt.');
    await userEvent.click(canvas.getByRole('button', { name: 'PDF von RE-2026-00045' }));
    await pageBody().findByRole('dialog', { name: 'Rechnung RE-2026-00045' });
  },
};

/** The server's 422: an education is not finished (any more). */
export const IssueRefusedNotFinished: Story = {
  parameters: { msw: { handlers: notFinished.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await toIssue(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Schlussrechnungen ausstellen' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Die Ausbildung ist noch nicht abgeschlossen.');
    await expect(args.onIssued).not.toHaveBeenCalled();
    await currentStep(canvasElement, /Ausstellen/);
  },
};

/** The server's 422: only one customer may be marked for a final invoice. */
export const IssueRefusedOneCustomer: Story = {
  parameters: { msw: { handlers: oneCustomer.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toIssue(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Schlussrechnungen ausstellen' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Für eine Schlussrechnung darf nur ein Kunde ausgewählt sein.',
    );
  },
};

async function chooseMode(canvasElement: HTMLElement, mode: string) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /Abrechnungsart/ }));
  await userEvent.click(await pageBody().findByRole('option', { name: mode }));
}

/** Many students: a billing run, continued on the billing-run screen. */
export const StartsBillingRun: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = await candidates(canvasElement);
    await table.findByText('Tim Wagner');
    await chooseMode(canvasElement, 'Abrechnungslauf für mehrere Schüler');
    await userEvent.click(
      await table.findByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' }),
    );
    await canvas.findByText('5 Ausbildungen ausgewählt · Summe 13763,00 €');
    await next(canvasElement);
    await canvas.findByRole('table', { name: 'Schlussrechnungen zur Prüfung' });
    await next(canvasElement);
    await canvas.findByText('Abrechnungslauf für 4 Schüler über zusammen 13763,00 €.');
    await userEvent.click(canvas.getByRole('button', { name: 'Abrechnungslauf starten' }));
    await waitFor(() => expect(args.onRunStarted).toHaveBeenCalledWith(8));
    await expect(full.startedRuns).toEqual([[201, 202, 203, 204, 205]]);
  },
};

/** Back to "one customer": only the first student's educations stay chosen. */
export const ModeChangeKeepsOneCustomer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await candidates(canvasElement)).findByText('Tim Wagner');
    await chooseMode(canvasElement, 'Abrechnungslauf für mehrere Schüler');
    await choose(canvasElement, 'Lena Meyer (B)');
    await choose(canvasElement, 'Jonas Becker (B)');
    await canvas.findByText('2 Ausbildungen ausgewählt · Summe 4863,00 €');
    await chooseMode(canvasElement, 'Schlussrechnung für einen Kunden');
    await canvas.findByText('1 Ausbildung ausgewählt · Summe 2543,00 €');
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Educations for a final invoice' });
    await expect(canvas.getByRole('heading', { name: 'Invoice wizard' })).toBeVisible();
    await expect(
      canvas.getByText(/Only one customer may be selected for a final invoice/),
    ).toBeInTheDocument();
  },
};

/** Without the write permissions: choose and preview, but no issuing. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_AUTOMATIC_PAYMENTS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Sie dürfen Ausbildungen und Vorschauen ansehen, aber keine Rechnungen ausstellen.',
    );
    const review = await toReview(canvasElement);
    await expect(review.getByRole('button', { name: 'Vorschau für Lena Meyer (B)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeDisabled();
  },
};

async function typeDate(canvasElement: HTMLElement, label: string, day: string) {
  const group = within(canvasElement).getByRole('group', { name: new RegExp(`^${label}`) });
  await userEvent.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
  await userEvent.keyboard(day.replaceAll('.', ''));
}

/** Invoice and due date go with the call; without a callback the run's start is confirmed here. */
export const RunWithDates: Story = {
  args: { onRunStarted: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await candidates(canvasElement)).findByText('Tim Wagner');
    await chooseMode(canvasElement, 'Abrechnungslauf für mehrere Schüler');
    await choose(canvasElement, 'Jonas Becker (B)');
    await choose(canvasElement, 'Tim Wagner (A)');
    await next(canvasElement);
    await canvas.findByRole('table', { name: 'Schlussrechnungen zur Prüfung' });
    await next(canvasElement);
    await canvas.findByText('Abrechnungslauf für 2 Schüler über zusammen 3880,00 €.');
    await typeDate(canvasElement, 'Rechnungsdatum', '31.03.2026');
    await typeDate(canvasElement, 'Fällig am', '14.04.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Abrechnungslauf starten' }));
    await canvas.findByText('Der Abrechnungslauf wurde gestartet.');
    await expect(full.startedRuns).toEqual([[203, 205]]);
    await expect(full.issueBodies).toEqual([{ issueDate: '2026-03-31', dueDate: '2026-04-14' }]);
    await pageBody().findByText('Abrechnungslauf 8 gestartet.');
  },
};

/** A run over every education the filter finds, not only those of the page shown. */
export const SelectsAllPages: Story = {
  parameters: { msw: { handlers: many.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await (await candidates(canvasElement)).findByText('Schüler 01');
    await chooseMode(canvasElement, 'Abrechnungslauf für mehrere Schüler');
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Alle 60 gefundenen Ausbildungen auswählen' }),
    );
    await canvas.findByText('60 Ausbildungen ausgewählt · Summe 60000,00 €');
    await next(canvasElement);
    await canvas.findByRole('table', { name: 'Schlussrechnungen zur Prüfung' });
    await next(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Abrechnungslauf starten' }));
    await waitFor(() => expect(args.onRunStarted).toHaveBeenCalledWith(8));
    await expect(many.startedRuns[0]).toHaveLength(60);
  },
};
