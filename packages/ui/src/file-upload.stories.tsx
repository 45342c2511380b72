import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileUpload } from './file-upload';

const MB = 1024 * 1024;

function fileOfSize(name: string, bytes: number, type = 'application/pdf') {
  return new File([new Uint8Array(bytes)], name, { type });
}

const meta = {
  title: 'Forms/FileUpload',
  component: FileUpload,
  args: {
    label: 'Briefkopf',
    maxSizeBytes: 2 * MB,
    recommendation: 'DIN A4, PDF, höchstens 1 MB',
    onChange: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof FileUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid max-w-4xl grid-cols-2 gap-8">
      <FileUpload {...args} />
      <FileUpload
        {...args}
        label="Dokumente"
        allowsMultiple
        maxSizeBytes={2.5 * MB}
        recommendation={undefined}
        description="Ausweis, Sehtest und Erste-Hilfe-Nachweis."
        defaultValue={[fileOfSize('sehtest.pdf', 120_000), fileOfSize('erste-hilfe.pdf', 80_000)]}
      />
      <FileUpload {...args} label="Logo" errorMessage="Das Logo konnte nicht gespeichert werden." />
      <FileUpload {...args} label="Unterschrift" isDisabled isRequired />
    </div>
  ),
};

export const RefusesOversizedFile: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('file input missing');
    await expect(canvas.getByText('Maximale Dateigröße: 2 MB')).toBeVisible();
    await expect(canvas.getByText('Empfohlen: DIN A4, PDF, höchstens 1 MB')).toBeVisible();

    await step('a valid file is taken', async () => {
      await userEvent.upload(input, fileOfSize('briefkopf.pdf', 500_000));
      await expect(await canvas.findByText('briefkopf.pdf')).toBeVisible();
      await expect(args.onChange).toHaveBeenCalledOnce();
    });

    await step('a bigger file is refused and the valid one stays', async () => {
      await userEvent.upload(input, fileOfSize('scan.pdf', 3 * MB));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        'Die Datei überschreitet die zulässige Größe von 2 MB.',
      );
      await expect(args.onReject).toHaveBeenCalledWith(expect.any(File), 'tooLarge');
      await expect(args.onChange).toHaveBeenCalledOnce();
      await expect(canvas.getByText('briefkopf.pdf')).toBeVisible();
      await expect(canvas.queryByText('scan.pdf')).not.toBeInTheDocument();
    });
  },
};

export const FractionalLimit: Story = {
  args: { maxSizeBytes: 2.5 * MB },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('file input missing');
    await userEvent.upload(input, fileOfSize('gross.pdf', 3 * MB));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Die Datei überschreitet die zulässige Größe von 2,5 MB.',
    );
  },
};

export const RemovesAFile: Story = {
  args: { defaultValue: [fileOfSize('briefkopf.pdf', 500_000)] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'briefkopf.pdf entfernen' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
    await expect(canvas.queryByText('briefkopf.pdf')).not.toBeInTheDocument();
  },
};

/** The same refusal with the toolbar language switched to English. */
export const RefusesOversizedFileInEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('file input missing');
    await expect(canvas.getByText('Maximum file size: 2 MB')).toBeVisible();
    await userEvent.upload(input, fileOfSize('scan.pdf', 3 * MB));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The file exceeds the permitted size of 2 MB.',
    );
  },
};
