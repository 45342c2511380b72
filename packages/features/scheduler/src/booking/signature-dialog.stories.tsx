import { drawSignature, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { drivingLessonFixture, recordDrivingLessons } from './mocks';
import { SignatureDialog } from './signature-dialog';

const meta = {
  title: 'Features/Scheduler/Booking/SignatureDialog',
  component: SignatureDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onSigned: fn(),
    appointment: drivingLessonFixture,
    studentName: 'Lena Müller',
  },
} satisfies Meta<typeof SignatureDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await pageBody().findByRole('dialog', { name: 'Unterschrift des Fahrschülers' }));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** An empty pad cannot be sent. */
export const Empty: Story = {
  parameters: { msw: { handlers: recordDrivingLessons().handlers } },
  play: async () => {
    const signature = await dialog();
    await expect(
      signature.getByText('Fahrstunde von Lena Müller am 02.03.2026, 10:00–10:45 Uhr'),
    ).toBeVisible();
    await expect(signature.getByText('Das Feld ist noch leer.')).toBeVisible();
    await expect(
      signature.getByRole('button', { name: 'Unterschreiben und buchen' }),
    ).toBeDisabled();
    await expect(signature.getByRole('button', { name: 'Neu unterschreiben' })).toBeDisabled();
  },
};

const upload = recordDrivingLessons();

/** Drawn and sent: a multipart upload with the PNG of the pad and the time the student finished. */
export const SignAndBook: Story = {
  parameters: { msw: { handlers: upload.handlers } },
  play: async ({ args }) => {
    upload.reset();
    const signature = await dialog();
    const before = new Date().toISOString();
    await drawSignature(signature.getByRole('img', { name: 'Unterschriftsfeld' }));
    await signature.findByText('Unterschrift erfasst.');
    const submit = signature.getByRole('button', { name: 'Unterschreiben und buchen' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await pageBody().findByText('Gespeichert.');
    await expect(upload.signatures).toHaveLength(1);
    const [sent] = upload.signatures;
    await expect(sent?.id).toBe(501);
    await expect(sent?.file?.type).toBe('image/png');
    await expect(sent?.file?.name).toBe('unterschrift.png');
    const bytes = new Uint8Array((await sent?.file?.arrayBuffer()) ?? new ArrayBuffer(0));
    await expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    await expect(bytes.length).toBeGreaterThan(100);
    await expect(sent?.signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    await expect((sent?.signedAt ?? '') >= before).toBe(true);
    await waitFor(() => expect(args.onSigned).toHaveBeenCalled());
    await expect(upload.booked).toEqual([]);
  },
};

/** "Neu unterschreiben" empties the pad again. */
export const SignAgain: Story = {
  parameters: { msw: { handlers: recordDrivingLessons().handlers } },
  play: async () => {
    const signature = await dialog();
    await drawSignature(signature.getByRole('img', { name: 'Unterschriftsfeld' }));
    await signature.findByText('Unterschrift erfasst.');
    await userEvent.click(signature.getByRole('button', { name: 'Neu unterschreiben' }));
    await signature.findByText('Das Feld ist noch leer.');
    await expect(
      signature.getByRole('button', { name: 'Unterschreiben und buchen' }),
    ).toBeDisabled();
  },
};

const refused = recordDrivingLessons('errors.balance_too_low');

/** The server refuses: its message as an error toast, the signature stays for another try. */
export const UploadRefused: Story = {
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ args }) => {
    refused.reset();
    const signature = await dialog();
    await drawSignature(signature.getByRole('img', { name: 'Unterschriftsfeld' }));
    await signature.findByText('Unterschrift erfasst.');
    await userEvent.click(signature.getByRole('button', { name: 'Unterschreiben und buchen' }));
    await pageBody().findByText('Das Guthaben reicht für diese Buchung nicht aus.');
    await expect(refused.signatures).toHaveLength(1);
    await expect(signature.getByText('Unterschrift erfasst.')).toBeVisible();
    await expect(
      signature.getByRole('button', { name: 'Unterschreiben und buchen' }),
    ).toBeEnabled();
    await expect(args.onSigned).not.toHaveBeenCalled();
  },
};
