import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { drawSignature } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EducationTrainingContract } from './education-training-contract';
import {
  contractCheckboxTexts,
  recordContractSigning,
  trainingContractHandler,
  trainingContractHandlers,
  trainingContracts,
} from './mocks/handlers';

/**
 * The training contract of one education in the student record: not signed, signed by a
 * minor student (the parent still to sign), complete (download), an adult's, a student
 * without a birth date, loading, load error, read-only, and a refused download; then
 * signing: an adult, a minor with the parent's step, the parent later, a too large and a
 * refused upload, signing again after a confirmation, read-only and archived (no buttons).
 */
const meta = {
  title: 'Features/Students/EducationTrainingContract',
  component: EducationTrainingContract,
  args: { educationId: 201, licenseClass: 'B' },
  parameters: { msw: { handlers: [trainingContractHandler(trainingContracts.unsigned)] } },
} satisfies Meta<typeof EducationTrainingContract>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = () => within(document.body);

const section = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Ausbildungsvertrag Klasse B' }));

/** A minor's contract nobody signed yet: both must sign; nothing to download. */
export const Unsigned: Story = {
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('nicht unterschrieben');
    await expect(contract.getByText(/ist minderjährig/)).toBeInTheDocument();
    await expect(
      contract.queryByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    ).not.toBeInTheDocument();
  },
};

/** The minor student signed; a parent's signature is missing, so there is no PDF yet. */
export const WaitingForParent: Story = {
  parameters: {
    msw: { handlers: [trainingContractHandler(trainingContracts.waitingForParent)] },
  },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    // 16:05 UTC is 17:05 in Berlin in November.
    await contract.findByText('vom Fahrschüler unterschrieben am 20.11.2026 17:05');
    await expect(
      contract.getByText('Fahrschüler/in hat am 20.11.2026 17:05 Uhr unterschrieben.'),
    ).toBeInTheDocument();
    await expect(contract.getByText(/Erziehungsberechtigten fehlt noch/)).toBeInTheDocument();
    await expect(
      contract.queryByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    ).not.toBeInTheDocument();
  },
};

const pdfRequested = fn();

/** Student and parent signed: both times are shown and the PDF downloads. */
export const FullySigned: Story = {
  parameters: {
    msw: {
      handlers: [
        trainingContractHandler(trainingContracts.signed),
        mockHttp.get('/training-contract/{studentEducationId}/signed-pdf', ({ params }) => {
          pdfRequested(params.studentEducationId);
          return new Response(new TextEncoder().encode('%PDF-1.7\n'), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'inline; filename="Ausbildungsvertrag Klasse B.pdf"',
            },
          });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    pdfRequested.mockClear();
    const contract = await section(canvasElement);
    await contract.findByText('vollständig unterschrieben');
    await expect(
      contract.getByText('Erziehungsberechtigte/r hat am 20.11.2026 17:09 Uhr unterschrieben.'),
    ).toBeInTheDocument();
    await userEvent.click(contract.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }));
    await waitFor(() => expect(pdfRequested).toHaveBeenCalledWith('201'));
  },
};

/** An adult signs alone: no parent is mentioned. */
export const Adult: Story = {
  parameters: { msw: { handlers: [trainingContractHandler(trainingContracts.adult)] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('nicht unterschrieben');
    await expect(
      contract.getByText('Der Fahrschüler unterschreibt den Vertrag.'),
    ).toBeInTheDocument();
    await expect(contract.queryByText(/Erziehungsberechtigte/)).not.toBeInTheDocument();
  },
};

/** An adult's contract is complete with the student's signature alone. */
export const AdultSigned: Story = {
  parameters: {
    msw: {
      handlers: [
        trainingContractHandler(trainingContracts.adultSigned),
        trainingContractHandlers.signedPdf,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('vollständig unterschrieben');
    await expect(
      contract.getByText('Fahrschüler/in hat am 02.10.2026 10:30 Uhr unterschrieben.'),
    ).toBeInTheDocument();
    await expect(contract.queryByText(/Erziehungsberechtigte/)).not.toBeInTheDocument();
    await expect(
      contract.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    ).toBeInTheDocument();
  },
};

/** Without a birth date the student's signature completes it; a parent may sign too. */
export const NoBirthDate: Story = {
  parameters: { msw: { handlers: [trainingContractHandler(trainingContracts.noBirthDate)] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText(/Kein Geburtsdatum hinterlegt/);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [trainingContractHandlers.loading] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await expect(await contract.findByRole('status')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [trainingContractHandlers.error] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('Der Ausbildungsvertrag konnte nicht geladen werden.');
    await expect(contract.getByRole('button', { name: /Erneut/ })).toBeInTheDocument();
  },
};

/** Without MODULE_CUSTOMERS_WRITE: the state and the download, nothing else. */
export const ReadOnly: Story = {
  parameters: {
    permissions: ['MODULE_CUSTOMERS'],
    msw: {
      handlers: [
        trainingContractHandler(trainingContracts.signed),
        trainingContractHandlers.signedPdf,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('vollständig unterschrieben');
    await expect(contract.getAllByRole('button')).toHaveLength(1);
    await expect(
      contract.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    ).toBeInTheDocument();
  },
};

/** A stale state: the server refuses the PDF and its German message toasts. */
export const DownloadRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        trainingContractHandler(trainingContracts.signed),
        trainingContractHandlers.signedPdfRefused,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await userEvent.click(
      await contract.findByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    );
    await body().findByText('Der Ausbildungsvertrag ist noch nicht vollständig unterschrieben.');
  },
};

// --- Signing -----------------------------------------------------------------------------------

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const signingDialog = async () =>
  within(await body().findByRole('dialog', { name: 'Ausbildungsvertrag Klasse B unterschreiben' }));

/** Ticks both confirmations (they load from the server first). */
async function confirmBoth(dialog: ReturnType<typeof within>) {
  await userEvent.click(
    await dialog.findByRole('checkbox', { name: contractCheckboxTexts.addons }),
  );
  await userEvent.click(dialog.getByRole('checkbox', { name: contractCheckboxTexts.gdpr }));
}

/** Draws on the pad of the step and presses "Unterschreiben". */
async function signOnPad(dialog: ReturnType<typeof within>, pad: string) {
  await drawSignature(dialog.getByRole('img', { name: pad }));
  await dialog.findByText('Unterschrift erfasst.');
  const submit = dialog.getByRole('button', { name: 'Unterschreiben' });
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
}

async function expectPng(file: File | null | undefined) {
  await expect(file?.type).toBe('image/png');
  const bytes = new Uint8Array((await file?.arrayBuffer()) ?? new ArrayBuffer(0));
  await expect([...bytes.slice(0, 8)]).toEqual(PNG_MAGIC);
}

const adultSigning = recordContractSigning(trainingContracts.adult);

/**
 * An adult signs: "Unterschreiben" stays disabled, and says why, until both sentences from
 * the server are ticked and the pad holds a signature; the PNG goes up as multipart `file`,
 * the dialog closes (no parent step) and the section shows the complete contract.
 */
export const SignAsAdult: Story = {
  beforeEach: () => adultSigning.reset(),
  parameters: { msw: { handlers: adultSigning.handlers } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await userEvent.click(await contract.findByRole('button', { name: 'Vertrag unterschreiben' }));
    const dialog = await signingDialog();
    await expect(dialog.getByText('Unterschrift Fahrschüler/in')).toBeVisible();
    await expect(dialog.queryByText(/Schritt/)).not.toBeInTheDocument();
    const addons = await dialog.findByRole('checkbox', { name: contractCheckboxTexts.addons });
    const submit = dialog.getByRole('button', { name: 'Unterschreiben' });
    await expect(submit).toBeDisabled();

    await drawSignature(dialog.getByRole('img', { name: 'Unterschrift Fahrschüler/in' }));
    await dialog.findByText('Unterschrift erfasst.');
    await expect(
      dialog.getByText('Zum Unterschreiben bitte beide Erklärungen bestätigen.'),
    ).toBeVisible();
    await expect(submit).toBeDisabled();
    await userEvent.click(addons);
    await expect(submit).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: contractCheckboxTexts.gdpr }));
    await waitFor(() => expect(submit).toBeEnabled());
    await expect(dialog.queryByText(/bitte beide Erklärungen/)).not.toBeInTheDocument();
    await userEvent.click(submit);

    await body().findByText('Unterschrift gespeichert.');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(adultSigning.uploads).toHaveLength(1);
    const [upload] = adultSigning.uploads;
    await expect(upload).toMatchObject({ signer: 'student', studentEducationId: 201 });
    await expectPng(upload?.file);
    await contract.findByText('vollständig unterschrieben');
    await expect(
      contract.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }),
    ).toBeInTheDocument();
  },
};

const minorSigning = recordContractSigning(trainingContracts.unsigned);

/**
 * A minor signs, then a parent in the same dialog (step 2 of 2, a fresh pad, no
 * confirmations); the section refreshes after each upload.
 */
export const SignAsMinorWithParent: Story = {
  beforeEach: () => minorSigning.reset(),
  parameters: { msw: { handlers: minorSigning.handlers } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await userEvent.click(await contract.findByRole('button', { name: 'Vertrag unterschreiben' }));
    const dialog = await signingDialog();
    await expect(dialog.getByText('Schritt 1 von 2')).toBeVisible();
    await confirmBoth(dialog);
    await signOnPad(dialog, 'Unterschrift Fahrschüler/in');

    await dialog.findByText('Schritt 2 von 2');
    await expect(
      dialog.getByText('Die Unterschrift des Fahrschülers ist gespeichert.'),
    ).toBeVisible();
    await expect(
      dialog.getByText(/ist minderjährig: Eine\/ein Erziehungsberechtigte/),
    ).toBeVisible();
    await expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await expect(dialog.getByText('Das Feld ist noch leer.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Unterschreiben' })).toBeDisabled();
    // Behind the dialog the section already shows the student's signature.
    await contract.findByText('vom Fahrschüler unterschrieben am 20.11.2026 17:05');

    await signOnPad(dialog, 'Unterschrift Erziehungsberechtigte/r');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(minorSigning.uploads.map((upload) => upload.signer)).toEqual([
      'student',
      'parent',
    ]);
    await expectPng(minorSigning.uploads[1]?.file);
    await contract.findByText('vollständig unterschrieben');
    await expect(
      contract.getByText('Erziehungsberechtigte/r hat am 20.11.2026 17:09 Uhr unterschrieben.'),
    ).toBeInTheDocument();
  },
};

const laterSigning = recordContractSigning(trainingContracts.unsigned);

/**
 * The parent is not there: "Später unterschreiben" after the student's step; the section
 * then offers "Erziehungsberechtigte/r unterschreibt", which opens the parent's step alone.
 */
export const ParentSignsLater: Story = {
  beforeEach: () => laterSigning.reset(),
  parameters: { msw: { handlers: laterSigning.handlers } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await expect(
      contract.queryByRole('button', { name: 'Erziehungsberechtigte/r unterschreibt' }),
    ).not.toBeInTheDocument();
    await userEvent.click(await contract.findByRole('button', { name: 'Vertrag unterschreiben' }));
    let dialog = await signingDialog();
    await confirmBoth(dialog);
    await signOnPad(dialog, 'Unterschrift Fahrschüler/in');
    await userEvent.click(await dialog.findByRole('button', { name: 'Später unterschreiben' }));
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await contract.findByText('vom Fahrschüler unterschrieben am 20.11.2026 17:05');

    await userEvent.click(
      await contract.findByRole('button', { name: 'Erziehungsberechtigte/r unterschreibt' }),
    );
    dialog = await signingDialog();
    await expect(dialog.getByText('Unterschrift Erziehungsberechtigte/r')).toBeVisible();
    await expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await expect(dialog.queryByText(/Schritt/)).not.toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await signOnPad(dialog, 'Unterschrift Erziehungsberechtigte/r');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(laterSigning.uploads.map((upload) => upload.signer)).toEqual([
      'student',
      'parent',
    ]);
    await contract.findByText('vollständig unterschrieben');
  },
};

const tooLarge = recordContractSigning(trainingContracts.adult, {
  status: 413,
  body: errorBody('errors.file_too_large'),
});

/** 413: the signature is too large — said in German above the pad; the drawing stays. */
export const UploadTooLarge: Story = {
  beforeEach: () => tooLarge.reset(),
  parameters: { msw: { handlers: tooLarge.handlers } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await userEvent.click(await contract.findByRole('button', { name: 'Vertrag unterschreiben' }));
    const dialog = await signingDialog();
    await confirmBoth(dialog);
    await signOnPad(dialog, 'Unterschrift Fahrschüler/in');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Die Unterschrift ist zu groß (höchstens 1 MB). Bitte das Feld leeren und neu unterschreiben.',
    );
    await expect(tooLarge.uploads).toHaveLength(1);
    await expect(dialog.getByText('Unterschrift erfasst.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Unterschreiben' })).toBeEnabled();
    await expect(contract.getByText('nicht unterschrieben')).toBeInTheDocument();
  },
};

const refused = recordContractSigning(trainingContracts.adult, {
  status: 422,
  body: errorBody('errors.validation', {
    fieldErrors: [{ field: 'file', error: 'validation.file_type' }],
  }),
});

/** 422: the server's field error through the core mapping, the field named "Unterschrift". */
export const UploadRefused: Story = {
  beforeEach: () => refused.reset(),
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await userEvent.click(await contract.findByRole('button', { name: 'Vertrag unterschreiben' }));
    const dialog = await signingDialog();
    await confirmBoth(dialog);
    await signOnPad(dialog, 'Unterschrift Fahrschüler/in');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Unterschrift: Dieses Dateiformat ist nicht erlaubt.',
    );
    await expect(dialog.getByText('Unterschrift erfasst.')).toBeVisible();
  },
};

const resigning = recordContractSigning(trainingContracts.adultSigned);

/**
 * Signing again asks first — the new signature replaces the one of 02.10.2026 — and only
 * "Neu unterschreiben" opens the pad; "Abbrechen" changes nothing.
 */
export const ReSignConfirmation: Story = {
  beforeEach: () => resigning.reset(),
  parameters: { msw: { handlers: [...resigning.handlers, trainingContractHandlers.signedPdf] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    const sign = await contract.findByRole('button', { name: 'Vertrag unterschreiben' });
    await userEvent.click(sign);
    let confirm = within(
      await body().findByRole('alertdialog', { name: 'Unterschrift ersetzen?' }),
    );
    await expect(
      confirm.getByText(
        'Fahrschüler/in hat am 02.10.2026 10:30 Uhr unterschrieben. Eine neue Unterschrift ersetzt diese, und der Vertrag (PDF) wird neu erstellt.',
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(body().queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(sign);
    confirm = within(await body().findByRole('alertdialog', { name: 'Unterschrift ersetzen?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Neu unterschreiben' }));
    const dialog = await signingDialog();
    await confirmBoth(dialog);
    await signOnPad(dialog, 'Unterschrift Fahrschüler/in');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(resigning.uploads).toHaveLength(1);
    await contract.findByText('Fahrschüler/in hat am 20.11.2026 17:05 Uhr unterschrieben.');
  },
};

/** Without MODULE_CUSTOMERS_WRITE nobody signs here: an unsigned contract shows no button. */
export const ReadOnlyUnsigned: Story = {
  parameters: {
    permissions: ['MODULE_CUSTOMERS'],
    msw: { handlers: [trainingContractHandler(trainingContracts.waitingForParent)] },
  },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('vom Fahrschüler unterschrieben am 20.11.2026 17:05');
    await expect(contract.queryAllByRole('button')).toHaveLength(0);
  },
};

/** An archived education cannot be signed (the server refuses): no sign buttons. */
export const ArchivedEducation: Story = {
  args: { isArchived: true },
  parameters: { msw: { handlers: [trainingContractHandler(trainingContracts.waitingForParent)] } },
  play: async ({ canvasElement }) => {
    const contract = await section(canvasElement);
    await contract.findByText('vom Fahrschüler unterschrieben am 20.11.2026 17:05');
    await expect(contract.queryAllByRole('button')).toHaveLength(0);
  },
};
