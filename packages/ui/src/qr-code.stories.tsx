import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode, qrCodePath, qrCodeSvg } from './qr-code';

const URL = 'https://fahrschule.example/register/1-0123456789abcdef0123456789abcdef?fastlane=1';

const meta = {
  title: 'Data/QrCode',
  component: QrCode,
  args: { value: URL, label: 'QR-Code der Anmeldung' },
} satisfies Meta<typeof QrCode>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A school's registration link: black modules on white inside a quiet zone, named for screen readers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: 'QR-Code der Anmeldung' });
    await expect(image).toHaveAttribute('width', '160');
    const { size, path } = qrCodePath(URL);
    // Version 5 (37 modules) fits this URL at level M, plus two quiet modules on each side.
    await expect(size).toBe(41);
    await expect(image.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
    // The three finder patterns: the top-left module of each is dark.
    for (const [x, y] of [
      [2, 2],
      [size - 9, 2],
      [2, size - 9],
    ]) {
      await expect(path).toContain(`M${x} ${y}h1v1h-1z`);
    }
    await expect(qrCodeSvg(URL)).toContain(`<path d="${path}"`);
  },
};

export const Small: Story = { args: { size: 96 } };
