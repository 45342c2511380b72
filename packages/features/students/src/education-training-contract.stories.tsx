import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EducationTrainingContract } from './education-training-contract';
import {
  trainingContractHandler,
  trainingContractHandlers,
  trainingContracts,
} from './mocks/handlers';

/**
 * The training contract of one education in the student record: not signed, signed by a
 * minor student (the parent still to sign), complete (download), an adult's, a student
 * without a birth date, loading, load error, read-only, and a refused download.
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
