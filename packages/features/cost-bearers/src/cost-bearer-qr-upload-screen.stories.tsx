import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CostBearerQrUploadScreen } from './cost-bearer-qr-upload-screen';
import { costBearerHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/CostBearers/CostBearerQrUploadScreen',
  component: CostBearerQrUploadScreen,
  args: { schoolToken: 'Wm9rYXNzZW4tMTIzNDU2Nzg', costBearerToken: 'c3R1ZGVudC00NS1hYmNkZWZnaA' },
  parameters: { msw: { handlers: [costBearerHandlers.publicUpload] } },
} satisfies Meta<typeof CostBearerQrUploadScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const pdf = () => new File(['%PDF-1.4\n'], 'Kostenzusage.pdf', { type: 'application/pdf' });

async function choose(canvasElement: HTMLElement, file: File) {
  const input = canvasElement.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, file);
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Dokumente an die Fahrschule senden' });
    await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
    await canvas.findByText('Bitte wählen Sie eine Datei aus.');
  },
};

export const Sends: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, pdf());
    await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
    await canvas.findByText(
      'Vielen Dank! Die Datei „Kostenzusage.pdf“ wurde an die Fahrschule übermittelt.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Weitere Datei senden' }));
    await canvas.findByRole('button', { name: 'Senden' });
  },
};

export const Sending: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post(
          '/public/cost-bearer-documents/{schoolToken}/{costBearerToken}',
          async ({ response }) => {
            await delay('infinite');
            return response(204).empty();
          },
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, pdf());
    await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Senden/ })).toHaveAttribute(
        'data-pending',
        'true',
      ),
    );
  },
};

export const WrongFileType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Senden' });
    const input = canvasElement.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    // The picker's accept filter is bypassed, as a drop would be.
    await userEvent.upload(input, new File(['x'], 'brief.docx', { type: 'application/msword' }), {
      applyAccept: false,
    });
    await canvas.findByText('Dieser Dateityp ist nicht erlaubt.');
  },
};

export const InvalidLink: Story = {
  args: { schoolToken: null, costBearerToken: 'kurz' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Dieser Link ist ungültig oder nicht mehr gültig/);
    await expect(canvas.queryByRole('button', { name: 'Senden' })).toBeNull();
  },
};

export const UnknownLink: Story = {
  parameters: { msw: { handlers: [costBearerHandlers.publicUploadUnknown] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, pdf());
    await userEvent.click(canvas.getByRole('button', { name: 'Senden' }));
    await canvas.findByText(/Dieser Link ist ungültig oder nicht mehr gültig/);
  },
};
