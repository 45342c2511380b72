import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { studentHandlers } from './mocks/handlers';
import { QrUploadScreen } from './qr-upload-screen';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/QrUploadScreen',
  component: QrUploadScreen,
  args: { schoolToken: 'c2Nob29sLXRva2VuLTEyMw', studentToken: 'c3R1ZGVudC10b2tlbi00NQ' },
  parameters: { msw: { handlers: [studentHandlers.qrUpload] } },
} satisfies Meta<typeof QrUploadScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function chooseAndSend(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File(['%PDF-1.4'], 'Sehtest.pdf', { type: 'application/pdf' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
}

export const Ready: Story = {};

export const Sends: Story = {
  play: async ({ canvasElement }) => {
    await chooseAndSend(canvasElement);
    await within(canvasElement).findByText(
      /1 Datei wurde an Ihre Fahrschule gesendet/,
      undefined,
      LOAD,
    );
  },
};

export const NothingChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
    await canvas.findByText('Bitte wählen Sie mindestens eine Datei aus.', undefined, LOAD);
  },
};

export const UnknownCode: Story = {
  parameters: { msw: { handlers: [studentHandlers.qrUnknown] } },
  play: async ({ canvasElement }) => {
    await chooseAndSend(canvasElement);
    await within(canvasElement).findByText(
      /Dieser QR-Code ist nicht \(mehr\) gültig/,
      undefined,
      LOAD,
    );
  },
};

export const IncompleteLink: Story = {
  args: { schoolToken: null, studentToken: null },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Dieser Link ist unvollständig/, undefined, LOAD);
  },
};
