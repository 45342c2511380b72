import { Button } from '@fahrwerk/ui';
import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PDF_FIXTURE } from '../mocks/handlers';
import { DocumentDownloadDialog } from './document-download-dialog';

const pdf = new Blob([PDF_FIXTURE], { type: 'application/pdf' });

const meta = {
  title: 'Features/Invoices/DocumentDownloadDialog',
  component: DocumentDownloadDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    title: 'Rechnung RE-2026-00041',
    fileName: 'RE-2026-00041.pdf',
    pdf,
    onDownload: fn(),
  },
} satisfies Meta<typeof DocumentDownloadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await pageBody().findByRole('dialog', { name: 'Rechnung RE-2026-00041' }));

/** The PDF in the preview; "Herunterladen" hands the blob over. */
export const Preview: Story = {
  play: async ({ args }) => {
    const box = await dialog();
    await box.findByTitle('Vorschau von RE-2026-00041.pdf');
    await expect(box.queryByRole('switch')).toBeNull();
    await userEvent.click(box.getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(args.onDownload).toHaveBeenCalledWith(pdf));
    // The corner button and the footer's both close; the footer's is the last.
    await userEvent.click(box.getAllByRole('button', { name: 'Schließen' }).at(-1) as HTMLElement);
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

/** With the "ohne Briefkopf" switch where the host allows it. */
export const WithLetterheadSwitch: Story = {
  args: { removeLetterhead: false, onRemoveLetterheadChange: fn() },
  play: async ({ args }) => {
    const box = await dialog();
    await userEvent.click(box.getByRole('switch', { name: 'ohne Briefkopf' }));
    await waitFor(() => expect(args.onRemoveLetterheadChange).toHaveBeenCalledWith(true));
  },
};

export const Loading: Story = {
  args: { pdf: undefined, isLoading: true, removeLetterhead: true, onRemoveLetterheadChange: fn() },
  play: async () => {
    const box = await dialog();
    await box.findByText('PDF wird geladen …');
    await expect(box.getByRole('button', { name: 'Herunterladen' })).toBeDisabled();
    await expect(box.getByRole('switch', { name: 'ohne Briefkopf' })).toBeDisabled();
  },
};

export const LoadError: Story = {
  args: { pdf: undefined, error: 'Es gibt nichts abzurechnen.', onRetry: fn() },
  play: async ({ args }) => {
    const box = await dialog();
    await box.findByText('Es gibt nichts abzurechnen.');
    await expect(box.getByRole('button', { name: 'Herunterladen' })).toBeDisabled();
    await userEvent.click(box.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalled());
  },
};

/** Further buttons of the host (e.g. "Rechnung ausstellen") sit before "Herunterladen". */
export const WithActions: Story = {
  args: { actions: <Button>Rechnung ausstellen</Button> },
  play: async () => {
    const box = await dialog();
    await expect(box.getByRole('button', { name: 'Rechnung ausstellen' })).toBeInTheDocument();
  },
};
